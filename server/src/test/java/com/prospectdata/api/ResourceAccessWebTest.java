package com.prospectdata.api;

import static org.assertj.core.api.Assertions.assertThat;

import com.prospectdata.testing.Fixture;
import com.prospectdata.webtier.Answer;
import com.prospectdata.webtier.DatabaseServer;
import com.prospectdata.webtier.WebTierTest;
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
class ResourceAccessWebTest extends WebTierTest {

    /** The company operations, as path templates. */
    static Stream<String> companyOperations() {
        return Stream.of(
                "/api/v1/companies/{company_id}",
                "/api/v1/companies/{company_id}/jobs",
                "/api/v1/companies/{company_id}/jobs/summary",
                "/api/v1/companies/{company_id}/webtech-intel",
                "/api/v1/companies/{company_id}/webtech-intel/summary");
    }

    private static String path(String template, String companyId) {
        return template.replace("{company_id}", companyId);
    }

    private static JsonNode assertError(Answer response, int status, String code) {
        assertThat(response.status()).as("%s", response).isEqualTo(status);
        JsonNode body = response.json();
        assertThat(body.get("error").stringValue()).isEqualTo(code);
        return body;
    }

    @ParameterizedTest
    @MethodSource("companyOperations")
    void anUnknownCompanyIsNotFound(String template) throws Exception {
        String unknown = UUID.randomUUID().toString();

        JsonNode body = assertError(fetch(path(template, unknown)), 404, "NOT_FOUND");
        assertThat(body.get("message").stringValue()).isEqualTo("Company with ID " + unknown + " not found");
    }

    @Test
    void anUnknownProspectSearchIsNotFound() throws Exception {
        String unknown = UUID.randomUUID().toString();

        JsonNode body = assertError(fetch("/api/v1/companies/?prospect_search_id=" + unknown), 404, "NOT_FOUND");
        assertThat(body.get("message").stringValue()).isEqualTo("Prospect search with ID " + unknown + " not found");
    }

    @Test
    void aCompanyIdIsNotAProspectSearchId() throws Exception {
        String companyId = Fixture.COMPANY_NORDLICHT;

        JsonNode body = assertError(fetch("/api/v1/companies/?prospect_search_id=" + companyId), 404, "NOT_FOUND");
        assertThat(body.get("message").stringValue()).isEqualTo("Prospect search with ID " + companyId + " not found");
    }

    @Test
    void aProspectSearchIdIsNotACompanyId() throws Exception {
        JsonNode body = assertError(fetch("/api/v1/companies/" + Fixture.SEARCH_MAIN), 404, "NOT_FOUND");
        assertThat(body.get("message").stringValue()).isEqualTo("Company with ID " + Fixture.SEARCH_MAIN + " not found");
    }

    @Test
    void anotherOrganizationsProspectSearchIsForbidden() throws Exception {
        assertError(fetch("/api/v1/companies/?prospect_search_id=" + Fixture.SEARCH_OTHER_ORG), 403, "FORBIDDEN");
        // Whatever the filters: nothing of it leaks through an empty page.
        assertError(fetch("/api/v1/companies/?prospect_search_id=" + Fixture.SEARCH_OTHER_ORG + "&search=zzz"),
                403, "FORBIDDEN");
    }

    @ParameterizedTest
    @MethodSource("companyOperations")
    void anotherOrganizationsCompanyIsForbidden(String template) throws Exception {
        assertError(fetch(path(template, Fixture.COMPANY_OTHER_ORG)), 403, "FORBIDDEN");
    }

    /** The other side of the two tests above: the data is there, for its owner only. */
    @ParameterizedTest
    @MethodSource("companyOperations")
    void theOtherOrganizationSeesItsOwnCompanyButNotOurs(String template) throws Exception {
        String theirs = keys().otherOrganization();
        assertThat(send(callWith(theirs, path(template, Fixture.COMPANY_OTHER_ORG))).status()).isEqualTo(200);
        assertError(send(callWith(theirs, path(template, Fixture.COMPANY_NORDLICHT))), 403, "FORBIDDEN");
    }

    @Test
    void theOtherOrganizationListsItsOwnSearchButNotOurs() throws Exception {
        String theirs = keys().otherOrganization();
        Answer own = send(callWith(theirs, "/api/v1/companies/?prospect_search_id=" + Fixture.SEARCH_OTHER_ORG));
        assertThat(own.status()).isEqualTo(200);
        assertThat(own.json().get("items").get(0).get("id").stringValue()).isEqualTo(Fixture.COMPANY_OTHER_ORG);

        assertError(send(callWith(theirs, "/api/v1/companies/?prospect_search_id=" + Fixture.SEARCH_MAIN)), 403, "FORBIDDEN");
    }
}
