/**
 * What every response shares: request id and access log, security headers, the host name rule,
 * conditional GET and gzip, HTTP/2, method refusal, the container's own answers, and the one place
 * that turns a failure into the contract's error body.
 */
@NullMarked
package com.prospectdata.pipeline.web;

import org.jspecify.annotations.NullMarked;
