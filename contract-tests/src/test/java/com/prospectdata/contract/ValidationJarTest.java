package com.prospectdata.contract;

import static com.prospectdata.contract.support.Api.givenInvalid;
import static com.prospectdata.contract.support.Api.json;
import static org.assertj.core.api.Assertions.assertThat;

import com.prospectdata.contract.support.ContractTest;
import com.prospectdata.testing.Fixture;
import io.restassured.response.Response;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

/**
 * A query as only the servlet container parses it: a parameter without {@code =} is an empty
 * value, and an empty value is not an absent one (docs/api-rules.md §3). Every other class of
 * invalid parameter is the web tier's (the server module's api/ValidationWebTest), where
 * MockMvc reads such a parameter as having no value at all.
 */
class ValidationJarTest extends ContractTest {

    @Test
    void aParameterWithoutAValueIsAValidationErrorNamingIt() {
        Response response = givenInvalid().urlEncodingEnabled(false)
                .get("/api/v1/companies/?prospect_search_id=" + Fixture.SEARCH_MAIN + "&limit");

        assertThat(response.statusCode()).as("%s", response.asString()).isEqualTo(400);
        JsonNode body = json(response);
        assertThat(body.get("error").stringValue()).isEqualTo("VALIDATION_ERROR");
        assertThat(body.get("message").stringValue()).as("the message names the parameter").startsWith("limit ");
    }
}
