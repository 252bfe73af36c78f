package com.prospectdata.contract;

import static org.assertj.core.api.Assertions.fail;

import com.prospectdata.contract.support.DeclaredStatusCoverage;
import java.util.List;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.parallel.Isolated;

/**
 * The gate of "the contract tests cover every operation with every status code it declares":
 * every (operation, status) pair of api/openapi.yaml must have been received, and
 * passed the validator, by some test of this run (see DeclaredStatusCoverage).
 *
 * <p>Runs last: JUnit runs isolated classes after all others (concurrent ones included), and
 * {@code @Order} puts this one after the other isolated classes. It is only meaningful in a full
 * run; with {@code -Dtest=...} selecting a few classes it fails, listing what they did not cover.
 */
@Isolated("reads what every other test class received, so it must run after all of them")
@Order(Integer.MAX_VALUE)
class DeclaredStatusCoverageJarTest {

    @Test
    void everyDeclaredStatusOfEveryOperationWasReceived() {
        List<String> missing = DeclaredStatusCoverage.missing(DeclaredStatusCoverage.received());

        if (!missing.isEmpty()) {
            fail("No test received a valid response with these statuses that api/openapi.yaml declares "
                    + "(%d of them; operationId (method path): status):%n  %s",
                    missing.size(), String.join(System.lineSeparator() + "  ", missing));
        }
    }
}
