/**
 * The companies list and one company: the delegate, the jOOQ queries, every filter as SQL in one
 * place, ownership checks.
 */
@NullMarked
package com.prospectdata.features.companies;

import org.jspecify.annotations.NullMarked;
