package com.prospectdata.pipeline.paging;

import java.util.Optional;
import org.jspecify.annotations.Nullable;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.validation.annotation.Validated;

/**
 * {@code app.public-base-url}: where the absolute URLs of {@code Link} headers point.
 *
 * @param publicBaseUrl the scheme, host and optional port partners call the API at, such as
 *        {@code https://api.example.com}, written into every page link; unset, a link names the
 *        host the request named, which must then be a plain host name (web/HostNameFilter).
 *        Behind shared caches, set it: a link cached for one client then never names a host
 *        another client chose
 */
@ConfigurationProperties("app")
@Validated
public record LinkProperties(@PlainBaseUrl @Nullable String publicBaseUrl) {

    /** The origin page links name, when configured. */
    public Optional<String> origin() {
        return Optional.ofNullable(publicBaseUrl);
    }
}
