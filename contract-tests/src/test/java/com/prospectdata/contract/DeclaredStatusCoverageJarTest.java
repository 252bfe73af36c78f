package com.prospectdata.contract;

import com.prospectdata.contract.support.DeclaredStatusCoverage;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.parallel.Isolated;

/**
 * The jar tier's half of "the tests cover every operation with every status code it declares":
 * every (operation, status) pair of api/openapi.yaml whose status is this tier's
 * ({@link com.prospectdata.testing.DeclaredStatusCoverage.Tier#JAR}) must have been received, and
 * passed the validator and the invariants, by some test of this run; the web tier's statuses are
 * required by the server module's DeclaredStatusCoverageWebTest.
 *
 * <p>Runs last: JUnit runs isolated classes after all others (concurrent ones included), and
 * {@code @Order} puts this one after the other isolated classes. It is only meaningful in a full
 * run; with {@code -Dtest=...} selecting a few classes it fails, listing what they did not cover.
 */
@Isolated("reads what every other test class received, so it must run after all of them")
@Order(Integer.MAX_VALUE)
class DeclaredStatusCoverageJarTest {

    @Test
    void everyDeclaredStatusOfTheJarTierWasReceived() {
        DeclaredStatusCoverage.gate().assertEveryDeclaredStatusReceived();
    }
}
