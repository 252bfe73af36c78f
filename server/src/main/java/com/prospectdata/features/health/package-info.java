/**
 * GET /health and the readiness probe's database component.
 */
@NullMarked
package com.prospectdata.features.health;

import org.jspecify.annotations.NullMarked;
