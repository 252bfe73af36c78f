/**
 * Detected technologies and the scan status.
 */
@NullMarked
package com.prospectdata.features.webtech;

import org.jspecify.annotations.NullMarked;
