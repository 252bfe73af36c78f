/**
 * Job postings and the hiring-activity measure.
 */
@NullMarked
package com.prospectdata.features.jobs;

import org.jspecify.annotations.NullMarked;
