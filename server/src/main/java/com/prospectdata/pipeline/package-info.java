/**
 * The HTTP pipeline every request meets, in the order of web/RequestPipeline: the front door of
 * /api/v1 (OperationFilter resolves the operation into the request's RequestContext, which is this
 * module's own API), TLS, keys and their scopes, rate limits, load shedding, conditional requests
 * and the one error handler; the strict reading of parameters and the pages of the lists, which
 * the features use.
 */
@ApplicationModule(displayName = "Pipeline", allowedDependencies = {"core :: *", "data :: *"})
@NullMarked
package com.prospectdata.pipeline;

import org.jspecify.annotations.NullMarked;
import org.springframework.modulith.ApplicationModule;
