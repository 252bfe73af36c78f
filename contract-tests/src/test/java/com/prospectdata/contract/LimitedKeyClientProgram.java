package com.prospectdata.contract;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

/**
 * A {@link GeneratedClientProgram} that also spends a key of one request an hour, issued for the
 * run ({@link #OVER_BUDGET}, after the program's other checks): a 429 at once, and getUsage still
 * answering that key, being free.
 */
abstract class LimitedKeyClientProgram extends GeneratedClientProgram {

    /** The program's checks before {@link #OVER_BUDGET}, which it makes last. */
    abstract List<String> checksBeforeTheLimitedKey();

    @Override
    final List<String> checks() {
        return Stream.concat(checksBeforeTheLimitedKey().stream(), OVER_BUDGET.stream()).toList();
    }

    /** The 429 comes at once: the client's retries, if it has any, are switched off. */
    @Test
    void anEmptyBudgetIsATypedRateLimitErrorAtOnce() {
        JsonNode error = result("getCompany over budget (429)");
        long secondsSinceTheRun = finished.getEpochSecond() - started.getEpochSecond() + 1;

        assertThat(error.get("status").asInt()).isEqualTo(429);
        assertThat(error.get("error").stringValue()).isEqualTo("RATE_LIMIT_EXCEEDED");
        assertThat(error.get("retry_after").isIntegralNumber()).as("retry_after is an integer: %s", error).isTrue();
        int retryAfter = error.get("retry_after").asInt();
        // The one token comes back an hour after the program spent it, less what has trickled back in since.
        assertThat(retryAfter).isBetween((int) Math.max(1, 3600 - secondsSinceTheRun - 1), 3601);
        assertThat(error.get("retry_after_header").stringValue()).isEqualTo(Integer.toString(retryAfter));
        assertThat(error.get("message").stringValue()).isEqualTo("Rate limit exceeded. Retry after " + retryAfter + " seconds.");
        // A client that retried would wait out Retry-After (an hour) before raising it; the rule is
        // that it raises the 429 without that wait, whatever the machine's speed.
        assertThat(Double.parseDouble(error.get("seconds").stringValue()))
                .as("seconds until the client raised the 429 (it must not wait out Retry-After, %d s, first)", retryAfter)
                .isLessThan(retryAfter);
    }

    @Test
    void getUsageIsFreeOnAnEmptyBudget() {
        JsonNode observed = result("getUsage over budget");
        JsonNode usage = observed.get("usage");

        assertThat(usage.get("id").stringValue()).isEqualTo(limitedKeyId);
        assertThat(usage.get("hint").stringValue()).isEqualTo(hint(limitedKey));
        assertThat(usage.get("tier").stringValue()).isEqualTo("enterprise");
        assertThat(usage.get("limit").asInt()).isEqualTo(1);
        assertThat(usage.get("remaining").asInt()).as("the budget the 429 check spent").isZero();
        assertThat(observed.get("remaining_header").stringValue()).isEqualTo("0");
        assertThat(usage.get("exports_running").asInt()).as("exports this key runs: none").isZero();
        // The one token was spent during the run; the bucket is full again an hour later.
        assertThat(GeneratedClientExpectations.time(usage.get("reset_at"))).isBetween(started.plusSeconds(3599), finished.plusSeconds(3601));
    }
}
