package com.prospectdata.contract.support;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.prospectdata.testing.Json;
import io.restassured.response.Response;
import java.time.Duration;
import java.util.Map;
import tools.jackson.databind.JsonNode;

/**
 * The overload step seen from outside (docs/OPERATIONS.md, "Overload"), for the tests that hold
 * the heavy slot with a table locked from outside.
 */
public final class HeavySlot {

    private HeavySlot() {
    }

    /** Refused or cancelled for load: 503 with {@code Retry-After} and the busy message. */
    public static void assertBusy(Response response) {
        assertThat(response.statusCode()).as("%s", response.asString()).isEqualTo(503);
        assertThat(response.header("Retry-After")).isEqualTo("1");
        JsonNode body = Json.parse(response.asString());
        assertThat(body.get("error").stringValue()).isEqualTo("SERVICE_UNAVAILABLE");
        assertThat(body.get("message").stringValue()).isEqualTo("The server is busy; retry after 1 second.");
    }

    /** Waits until the server reports this many heavy requests holding a slot. */
    public static void awaitInFlight(Management management, int requests) {
        await(requests + " heavy requests take their slots").atMost(TimeFactor.tolerance(Duration.ofSeconds(10)))
                .pollInterval(Duration.ofMillis(20))
                .until(() -> management.scrape().sum("api_load_in_flight", Map.of("kind", "heavy")) >= requests);
    }
}
