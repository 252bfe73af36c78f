package com.prospectdata.contract;

import static com.prospectdata.contract.support.Api.givenAuthorization;
import static com.prospectdata.contract.support.Api.givenNoKey;
import static com.prospectdata.contract.support.Api.json;
import static org.assertj.core.api.Assertions.assertThat;

import com.prospectdata.contract.support.ContractTest;
import com.prospectdata.contract.support.Json;
import io.restassured.response.Response;
import org.junit.jupiter.api.Test;

/** GET /health (docs/api-rules.md §7). */
class HealthTest extends ContractTest {

    @Test
    void answersHealthyWithTheExactBodyAndNoKey() {
        Response response = givenNoKey().get("/health");

        assertThat(response.statusCode()).isEqualTo(200);
        assertThat(Json.sameValue(json(response),
                Json.parse("{\"service\": \"Company Prospect Data API\", \"status\": \"healthy\"}")))
                .as("body %s", response.asString()).isTrue();
    }

    @Test
    void ignoresABadKey() {
        Response response = givenAuthorization("Bearer not-a-key").get("/health");

        assertThat(response.statusCode()).isEqualTo(200);
        assertThat(json(response).get("status").stringValue()).isEqualTo("healthy");
    }
}
