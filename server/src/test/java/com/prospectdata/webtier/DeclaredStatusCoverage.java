package com.prospectdata.webtier;

import com.prospectdata.testing.DeclaredStatusCoverage.Tier;
import org.springframework.test.web.servlet.ResultMatcher;

/**
 * The web tier's share of testing's {@link com.prospectdata.testing.DeclaredStatusCoverage}: every
 * MockMvc response that has passed {@link DocumentValidation} and {@link ContractInvariants} is
 * recorded ({@link ValidationConfiguration} adds the recorder after both), and at the end of the
 * server module's run {@link DeclaredStatusCoverageWebTest} requires every status of
 * {@link Tier#WEB} that an operation of api/openapi.yaml declares to have been received.
 */
final class DeclaredStatusCoverage {

    private static final com.prospectdata.testing.DeclaredStatusCoverage WEB_TIER =
            new com.prospectdata.testing.DeclaredStatusCoverage(Tier.WEB, OpenApiDocument::text);

    private DeclaredStatusCoverage() {
    }

    /** Records the exchange; last of the MockMvc's expectations, so only checked responses count. */
    static ResultMatcher recorder() {
        return result -> {
            // A stream's status is taken when its asynchronous dispatch has completed it.
            if (!result.getRequest().isAsyncStarted()) {
                WEB_TIER.record(WebExchange.of(result));
            }
        };
    }

    static com.prospectdata.testing.DeclaredStatusCoverage gate() {
        return WEB_TIER;
    }
}
