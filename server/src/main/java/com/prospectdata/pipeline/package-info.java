/**
 * The HTTP pipeline every request meets, in the order of web/RequestPipeline: the front door of
 * /api/v1, TLS, keys and their scopes, rate limits, load shedding, conditional requests and the one
 * error handler; the strict reading of parameters and the pages of the lists, which the features
 * use. This package is the module's own API: the request's RequestContext (the operation, the
 * caller, where and until when it reads, its data version), which OperationFilter attaches and the
 * steps fill in; the caller's type (AuthenticatedKey, Tier), which the context holds;
 * RequestReads, which runs a request's statements as its context says; and CurrentRequest, through
 * which the delegates find the context.
 */
@ApplicationModule(displayName = "Pipeline", allowedDependencies = {"core :: *", "data :: *"})
@NullMarked
package com.prospectdata.pipeline;

import org.jspecify.annotations.NullMarked;
import org.springframework.modulith.ApplicationModule;
