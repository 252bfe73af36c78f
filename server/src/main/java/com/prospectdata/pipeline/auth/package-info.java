/**
 * Keys (format, hashing, issue, expiry, rotation, revocation, cache), authentication, the throttle
 * of failed attempts, scopes and plans.
 */
@NamedInterface("auth")
@NullMarked
package com.prospectdata.pipeline.auth;

import org.jspecify.annotations.NullMarked;
import org.springframework.modulith.NamedInterface;
