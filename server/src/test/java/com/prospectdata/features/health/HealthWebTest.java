package com.prospectdata.features.health;

import static org.assertj.core.api.Assertions.assertThat;

import com.prospectdata.testing.Json;
import com.prospectdata.webtier.Answer;
import com.prospectdata.webtier.WebTierTest;
import org.junit.jupiter.api.Test;
import org.springframework.http.HttpMethod;

/** GET /health (docs/api-rules.md §7). */
class HealthWebTest extends WebTierTest {

    @Test
    void answersHealthyWithTheExactBodyAndNoKey() throws Exception {
        Answer response = send(request(HttpMethod.GET, "/health"));

        assertThat(response.status()).isEqualTo(200);
        assertThat(Json.sameValue(response.json(),
                Json.parse("{\"service\": \"Company Prospect Data API\", \"status\": \"healthy\"}")))
                .as("body %s", response).isTrue();
    }

    @Test
    void ignoresABadKey() throws Exception {
        Answer response = send(request(HttpMethod.GET, "/health").header("Authorization", "Bearer not-a-key"));

        assertThat(response.status()).isEqualTo(200);
        assertThat(response.json().get("status").stringValue()).isEqualTo("healthy");
    }

    /**
     * Over plain HTTP, /health is refused like every path, with the 403 the document declares
     * for it; the jar tier's HttpsJarTest sends the same over a real plain-HTTP listener.
     */
    @Test
    void overPlainHttpItIsTheDocumented403() throws Exception {
        Answer response = send(request(HttpMethod.GET, "/health").secure(false));

        assertThat(response.status()).as("%s", response).isEqualTo(403);
        assertThat(response.json().get("error").stringValue()).isEqualTo("HTTPS_REQUIRED");
    }
}
