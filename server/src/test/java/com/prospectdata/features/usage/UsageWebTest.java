package com.prospectdata.features.usage;

import static org.assertj.core.api.Assertions.assertThat;

import com.prospectdata.testing.Fixture;
import com.prospectdata.webtier.Answer;
import com.prospectdata.webtier.WebTierTest;
import java.time.Instant;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

/** GET /api/v1/usage (docs/api-rules.md §17): the calling key and its budget, free to call. */
class UsageWebTest extends WebTierTest {

    private static final String USAGE = "/api/v1/usage";

    @Test
    void tellsTheKeyAndItsBudgetWithoutSpendingAny() throws Exception {
        String fresh = issueKey(Fixture.ORG_OURS);
        Answer first = send(callWith(fresh, USAGE));
        Answer second = send(callWith(fresh, USAGE));
        assertThat(first.status()).isEqualTo(200);
        JsonNode usage = second.json();

        assertThat(usage.get("tier").stringValue()).isEqualTo("pro");
        assertThat(usage.get("environment").stringValue()).isEqualTo("test");
        assertThat(usage.get("scopes").get(0).stringValue()).isEqualTo("companies:read");
        assertThat(usage.get("hint").stringValue()).isEqualTo(fresh.substring(0, 8) + "..." + fresh.substring(fresh.length() - 8));
        assertThat(usage.get("limit").intValue()).isEqualTo(1000);
        assertThat(usage.get("remaining").intValue()).isEqualTo(1000);
        assertThat(second.header("X-RateLimit-Remaining")).isEqualTo("1000");
        assertThat(Instant.parse(usage.get("expires_at").stringValue())).isAfter(Instant.now());

        send(callWith(fresh, "/api/v1/companies/" + Fixture.COMPANY_NORDLICHT));
        JsonNode after = send(callWith(fresh, USAGE)).json();
        assertThat(after.get("remaining").intValue()).isEqualTo(999);
        assertThat(Instant.parse(after.get("reset_at").stringValue())).isAfter(Instant.now().minusSeconds(1));
        assertThat(after.get("id")).isEqualTo(usage.get("id"));
    }

    @Test
    void refusesAsEveryOperationDoes() throws Exception {
        assertThat(send(anonymous(USAGE)).status()).isEqualTo(401);
        assertThat(send(callWith(keys().revoked(), USAGE)).status()).isEqualTo(401);
        assertThat(send(callWith(keys().noScope(), USAGE)).status()).isEqualTo(403);
        assertThat(send(call(USAGE).header("Host", "api example.com")).status()).isEqualTo(400);
    }

    @Test
    void anUnchangedAnswerIsNotModified() throws Exception {
        // The answer names the second the bucket is full again: ask twice within one second.
        for (int attempt = 0; attempt < 5; attempt++) {
            Answer first = fetch(USAGE);
            Answer again = send(call(USAGE).header("If-None-Match", first.header("ETag")));
            if (again.status() == 304) {
                return;
            }
            assertThat(again.status()).isEqualTo(200);
        }
        throw new AssertionError("five answers in a row changed within the same request pair");
    }
}
