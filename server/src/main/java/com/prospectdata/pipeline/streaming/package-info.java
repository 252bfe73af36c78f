/**
 * Answers written as they are produced instead of held back whole: the export's NDJSON, gzipped
 * when the client accepts it. A failure after the first byte cuts the exchange rather than ending
 * it (core/errors/StreamAbortedException, answered by web/ApiExceptionHandler).
 */
@NamedInterface("streaming")
@NullMarked
package com.prospectdata.pipeline.streaming;

import org.jspecify.annotations.NullMarked;
import org.springframework.modulith.NamedInterface;
