package com.prospectdata.contract;

import static com.prospectdata.contract.support.Api.given;
import static com.prospectdata.contract.support.Api.givenKey;
import static com.prospectdata.contract.support.Api.json;
import static org.assertj.core.api.Assertions.assertThat;

import com.prospectdata.contract.support.ContractTest;
import com.prospectdata.contract.support.DatabaseServer;
import com.prospectdata.contract.support.Fixture;
import io.restassured.response.Response;
import java.util.UUID;
import java.util.stream.Stream;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import tools.jackson.databind.JsonNode;

/**
 * Existence and ownership (docs/api-rules.md §2 and §3): an unknown company or prospect search
 * is 404 NOT_FOUND with the message of the contract; another organization's is 403 FORBIDDEN.
 */
@Tag(DatabaseServer.TAG)
class ResourceAccessTest extends ContractTest {

    /** The company operations, as path templates. */
    static Stream<String> companyOperations() {
        return Stream.of(
                "/api/v1/companies/{company_id}",
                "/api/v1/companies/{company_id}/jobs",
                "/api/v1/companies/{company_id}/jobs/summary",
                "/api/v1/companies/{company_id}/webtech-intel",
                "/api/v1/companies/{company_id}/webtech-intel/summary");
    }

    private static JsonNode assertError(Response response, int status, String code) {
        assertThat(response.statusCode()).as("%s", response.asString()).isEqualTo(status);
        JsonNode body = json(response);
        assertThat(body.get("error").stringValue()).isEqualTo(code);
        return body;
    }

    @ParameterizedTest
    @MethodSource("companyOperations")
    void anUnknownCompanyIsNotFound(String path) {
        String unknown = UUID.randomUUID().toString();

        JsonNode body = assertError(given().get(path, unknown), 404, "NOT_FOUND");
        assertThat(body.get("message").stringValue()).isEqualTo("Company with ID " + unknown + " not found");
    }

    @Test
    void anUnknownProspectSearchIsNotFound() {
        String unknown = UUID.randomUUID().toString();

        JsonNode body = assertError(given().queryParam("prospect_search_id", unknown).get("/api/v1/companies/"),
                404, "NOT_FOUND");
        assertThat(body.get("message").stringValue()).isEqualTo("Prospect search with ID " + unknown + " not found");
    }

    @Test
    void aCompanyIdIsNotAProspectSearchId() {
        String companyId = Fixture.COMPANY_NORDLICHT;

        JsonNode body = assertError(given().queryParam("prospect_search_id", companyId).get("/api/v1/companies/"),
                404, "NOT_FOUND");
        assertThat(body.get("message").stringValue()).isEqualTo("Prospect search with ID " + companyId + " not found");
    }

    @Test
    void aProspectSearchIdIsNotACompanyId() {
        JsonNode body = assertError(given().get("/api/v1/companies/{company_id}", Fixture.SEARCH_MAIN), 404, "NOT_FOUND");
        assertThat(body.get("message").stringValue()).isEqualTo("Company with ID " + Fixture.SEARCH_MAIN + " not found");
    }

    @Test
    void anotherOrganizationsProspectSearchIsForbidden() {
        assertError(given().queryParam("prospect_search_id", Fixture.SEARCH_OTHER_ORG).get("/api/v1/companies/"),
                403, "FORBIDDEN");
        // Whatever the filters: nothing of it leaks through an empty page.
        assertError(given().queryParam("prospect_search_id", Fixture.SEARCH_OTHER_ORG).queryParam("search", "zzz")
                .get("/api/v1/companies/"), 403, "FORBIDDEN");
    }

    @ParameterizedTest
    @MethodSource("companyOperations")
    void anotherOrganizationsCompanyIsForbidden(String path) {
        assertError(given().get(path, Fixture.COMPANY_OTHER_ORG), 403, "FORBIDDEN");
    }

    /** The other side of the two tests above: the data is there, for its owner only. */
    @ParameterizedTest
    @MethodSource("companyOperations")
    void theOtherOrganizationSeesItsOwnCompanyButNotOurs(String path) {
        assertThat(givenKey(keys().otherOrganization()).get(path, Fixture.COMPANY_OTHER_ORG).statusCode()).isEqualTo(200);
        assertError(givenKey(keys().otherOrganization()).get(path, Fixture.COMPANY_NORDLICHT), 403, "FORBIDDEN");
    }

    @Test
    void theOtherOrganizationListsItsOwnSearchButNotOurs() {
        Response own = givenKey(keys().otherOrganization()).queryParam("prospect_search_id", Fixture.SEARCH_OTHER_ORG)
                .get("/api/v1/companies/");
        assertThat(own.statusCode()).isEqualTo(200);
        assertThat(json(own).get("items").get(0).get("id").stringValue()).isEqualTo(Fixture.COMPANY_OTHER_ORG);

        assertError(givenKey(keys().otherOrganization()).queryParam("prospect_search_id", Fixture.SEARCH_MAIN)
                .get("/api/v1/companies/"), 403, "FORBIDDEN");
    }
}
