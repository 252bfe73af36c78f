package com.prospectdata.contract.support;

import com.prospectdata.testing.DeclaredStatusCoverage.Tier;
import io.restassured.filter.Filter;
import io.restassured.response.Response;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;

/**
 * The jar tier's share of testing's {@link com.prospectdata.testing.DeclaredStatusCoverage}: every
 * response that comes back through {@link Api} or a {@link ServerProcess} and has passed the
 * OpenAPI validator and {@link ContractInvariants} is recorded, and at the end of the run
 * DeclaredStatusCoverageJarTest requires every status of {@link Tier#JAR} that an operation of
 * api/openapi.yaml declares to have been received.
 */
public final class DeclaredStatusCoverage {

    private static final com.prospectdata.testing.DeclaredStatusCoverage JAR_TIER =
            new com.prospectdata.testing.DeclaredStatusCoverage(Tier.JAR, DeclaredStatusCoverage::document);
    private static final Filter RECORDER = (request, responseSpec, context) -> {
        // Inner filters throw when the response breaks the document or the invariants: then nothing is recorded.
        Response response = context.next(request, responseSpec);
        JAR_TIER.record(ContractInvariants.exchange(request, response));
        return response;
    };

    private DeclaredStatusCoverage() {
    }

    /** The filter that records; outermost in {@link Api}, so only validated responses count. */
    static Filter recorder() {
        return RECORDER;
    }

    public static com.prospectdata.testing.DeclaredStatusCoverage gate() {
        return JAR_TIER;
    }

    private static String document() {
        try {
            return Files.readString(Api.documentPath());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
