package com.prospectdata.webtier;

import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;

/**
 * The web tier's half of "the tests cover every operation with every status code it declares":
 * every (operation, status) pair of api/openapi.yaml whose status is the web tier's
 * ({@link com.prospectdata.testing.DeclaredStatusCoverage.Tier#WEB}) must have been received, and
 * passed the document's validation and the invariants, by some test of this run; the jar tier's
 * statuses are required by contract-tests' DeclaredStatusCoverageJarTest.
 *
 * <p>Runs last: {@code @Order} and the class orderer of this module's junit-platform.properties
 * put it after every other class. It is only meaningful in a full run of the module; with
 * {@code -Dtest=...} selecting it and a few classes it fails, listing what they did not cover.
 */
@Order(Integer.MAX_VALUE)
class DeclaredStatusCoverageWebTest {

    @Test
    void everyDeclaredStatusOfTheWebTierWasReceived() {
        DeclaredStatusCoverage.gate().assertEveryDeclaredStatusReceived();
    }
}
