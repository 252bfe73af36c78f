/**
 * Demo data generation and its bulk load.
 */
@NullMarked
package com.prospectdata.operator.demodata;

import org.jspecify.annotations.NullMarked;
