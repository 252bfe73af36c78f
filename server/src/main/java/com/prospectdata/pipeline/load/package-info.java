/**
 * Overload protection: slots per kind of work, the time limit on statements, the deadline of a
 * request that queued.
 */
@NullMarked
package com.prospectdata.pipeline.load;

import org.jspecify.annotations.NullMarked;
