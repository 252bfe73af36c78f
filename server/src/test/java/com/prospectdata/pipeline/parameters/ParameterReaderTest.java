package com.prospectdata.pipeline.parameters;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.prospectdata.core.openapi.OpenApiDocument;
import com.prospectdata.core.errors.ApiException;
import com.prospectdata.core.errors.ErrorCode;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.springframework.mock.web.MockHttpServletRequest;

/** The reading of requests against the published document itself. */
class ParameterReaderTest {

    private static final String SEARCH = "5b0d7f1e-3a2c-4d8e-9f61-2c7a4b9e0d13";
    private static final String COMPANY = "3f2b8c1d-9e4a-4b7f-8a21-6d5c0e9f1a42";
    private static final ParameterReader READER = new ParameterReader(new ContractParameters(OpenApiDocument.fromClasspath()));

    private static MockHttpServletRequest request(String path, String... nameValuePairs) {
        MockHttpServletRequest request = new MockHttpServletRequest("GET", path);
        for (int i = 0; i < nameValuePairs.length; i += 2) {
            request.addParameter(nameValuePairs[i], nameValuePairs[i + 1]);
        }
        return request;
    }

    private static String refusal(String operationId, MockHttpServletRequest request) {
        ApiException refused = (ApiException) org.assertj.core.api.Assertions.catchThrowable(() -> READER.read(request, operationId));
        assertThat(refused).as("a refusal").isNotNull();
        assertThat(refused.code()).isEqualTo(ErrorCode.VALIDATION_ERROR);
        return refused.getMessage();
    }

    @Test
    void absentParametersTakeTheirDocumentedDefaults() {
        ReadParameters read = READER.read(request("/api/v1/companies/", "prospect_search_id", SEARCH), "listCompanies");

        assertThat(read.value("prospect_search_id")).isEqualTo(UUID.fromString(SEARCH));
        assertThat(read.value("limit")).isEqualTo(50);
        // offset declares no default (a client sending every default would send one beside a cursor): absent is null, read as 0.
        assertThat(read.value("offset")).isNull();
        assertThat(read.value("min_match_score")).isNull();
        assertThat(read.value("search")).isNull();
    }

    @Test
    void everyValueIsTypedByItsSchema() {
        ReadParameters read = READER.read(request("/api/v1/companies/", "prospect_search_id", SEARCH, "limit", "007",
                "min_match_score", "7.5", "review_status_list", "accepted,pending", "review_status_list", "rejected",
                "search", " Café ", "updated_since", "2026-11-21T10:15:30+01:00"), "listCompanies");

        assertThat(read.value("limit")).isEqualTo(7);
        assertThat(read.value("min_match_score")).isEqualTo(7.5);
        assertThat(read.value("review_status_list")).isEqualTo(List.of("accepted", "pending", "rejected"));
        assertThat(read.value("search")).isEqualTo(" Café ");
        assertThat(((OffsetDateTime) read.value("updated_since")).toInstant()).isEqualTo(Instant.parse("2026-11-21T09:15:30Z"));
    }

    @Test
    void aMissingRequiredParameterIsNamed() {
        assertThat(refusal("listCompanies", request("/api/v1/companies/", "limit", "10")))
                .startsWith("prospect_search_id is required: a UUID");
    }

    @Test
    void emptyAndBlankValuesOfTypedParametersAreRefusedNotTakenAsAbsent() {
        assertThat(refusal("listCompanies", request("/api/v1/companies/", "prospect_search_id", SEARCH, "limit", "")))
                .isEqualTo("limit must be an integer between 1 and 100 (the value is empty)");
        assertThat(refusal("listCompanies", request("/api/v1/companies/", "prospect_search_id", SEARCH, "review_status", " ")))
                .isEqualTo("review_status must be one of accepted, rejected, pending (the value is blank)");
        assertThat(refusal("listCompanies", request("/api/v1/companies/", "prospect_search_id", "")))
                .startsWith("prospect_search_id must be a UUID").endsWith("(the value is empty)");
    }

    @Test
    void anEmptySearchIsNoFilterAndReadAsGiven() {
        ReadParameters read = READER.read(request("/api/v1/companies/", "prospect_search_id", SEARCH, "search", ""), "listCompanies");
        assertThat(read.value("search")).isEqualTo("");
    }

    @Test
    void aSingleValuedParameterGivenTwiceIsRefusedWhateverTheValues() {
        assertThat(refusal("listCompanies", request("/api/v1/companies/", "prospect_search_id", SEARCH, "limit", "1", "limit", "x")))
                .isEqualTo("limit must be given once, not 2 times");
        assertThat(refusal("listCompanies", request("/api/v1/companies/", "prospect_search_id", SEARCH, "prospect_search_id", SEARCH)))
                .isEqualTo("prospect_search_id must be given once, not 2 times");
    }

    @Test
    void everyParameterAtFaultIsNamedInDocumentOrder() {
        assertThat(refusal("listCompanies", request("/api/v1/companies/", "search", "a\u0000", "offset", "-1", "limit", "0x10")))
                .isEqualTo("prospect_search_id is required: a UUID in its 8-4-4-4-12 hexadecimal form, e.g. 3f2b8c1d-9e4a-4b7f-8a21-6d5c0e9f1a42; "
                        + "limit must be an integer between 1 and 100; offset must be an integer between 0 and 2147483647; "
                        + "search must not contain the character U+0000 (NUL)");
    }

    @Test
    void aPathParameterIsReadWholeAsSent() {
        ReadParameters read = READER.read(request("/api/v1/companies/" + COMPANY + "/jobs"), "listCompanyJobs");
        assertThat(read.value("company_id")).isEqualTo(UUID.fromString(COMPANY));
        assertThat(read.value("days_back")).isEqualTo(30);

        for (String segment : List.of(COMPANY + ";x=1", "%20" + COMPANY, COMPANY + "%00", "1-2-3-4-5")) {
            assertThat(refusal("listCompanyJobs", request("/api/v1/companies/" + segment + "/jobs")))
                    .as("%s", segment).startsWith("company_id must be a UUID");
        }
    }

    @Test
    void theCanonicalRequestKeepsTheOperationsOwnParametersOnly() {
        ReadParameters read = READER.read(request("/api/v1/companies/", "x", "y".repeat(5000), "search", "café & co",
                "review_status_list", "accepted,pending", "limit", "0010", "prospect_search_id", SEARCH.toUpperCase(),
                "min_match_score", "7.50", "offset", "20"), "listCompanies");

        assertThat(read.pathAndQueryWith("offset", "30")).isEqualTo("/api/v1/companies/?prospect_search_id=" + SEARCH
                + "&limit=10&min_match_score=7.5&review_status_list=accepted&review_status_list=pending"
                + "&search=caf%C3%A9%20%26%20co&offset=30");
    }

    @Test
    void aPathParameterIsWrittenCanonicallyToo() {
        ReadParameters read = READER.read(request("/api/v1/companies/" + COMPANY.toUpperCase() + "/webtech-intel", "limit", "5"),
                "listCompanyTechnologies");
        assertThat(read.pathAndQueryWith("offset", "5"))
                .isEqualTo("/api/v1/companies/" + COMPANY + "/webtech-intel?limit=5&offset=5");
    }

    @Test
    void theReadingIsKeptOnTheRequest() {
        MockHttpServletRequest request = request("/api/v1/companies/" + COMPANY);
        ReadParameters read = READER.read(request, "getCompany");
        assertThat(ReadParameters.of(request)).isSameAs(read);
        assertThat(READER.read(request, "getCompany")).isSameAs(read);
    }

    @Test
    void anOperationTheDocumentLacksIsAFaultOfTheBuildNotOfTheCaller() {
        assertThatThrownBy(() -> READER.read(request("/x"), "noSuchOperation")).isInstanceOf(IllegalStateException.class);
    }
}
