/**
 * The JSON Lines import: reading, parsing, validating, writing all or nothing.
 */
@NullMarked
package com.prospectdata.operator.importer;

import org.jspecify.annotations.NullMarked;
