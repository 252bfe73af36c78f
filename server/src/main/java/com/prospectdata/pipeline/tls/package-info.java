/**
 * HTTPS only: the self-signed certificate, PEM and proxy modes, the TLS provider.
 */
@NamedInterface("tls")
@NullMarked
package com.prospectdata.pipeline.tls;

import org.jspecify.annotations.NullMarked;
import org.springframework.modulith.NamedInterface;
