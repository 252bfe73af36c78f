/**
 * /openapi.yaml, /openapi.json and the /docs reference page.
 */
@NullMarked
package com.prospectdata.features.apidocs;

import org.jspecify.annotations.NullMarked;
