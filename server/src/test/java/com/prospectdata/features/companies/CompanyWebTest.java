package com.prospectdata.features.companies;

import static org.assertj.core.api.Assertions.assertThat;

import com.prospectdata.testing.Expected;
import com.prospectdata.testing.Fixture;
import com.prospectdata.testing.Json;
import com.prospectdata.webtier.DatabaseServer;
import com.prospectdata.webtier.WebTierTest;
import java.time.Instant;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/** GET /api/v1/companies/{company_id} (docs/api-rules.md §1 and §9). */
@Tag(DatabaseServer.TAG)
class CompanyWebTest extends WebTierTest {

    private static final String PATH = "/api/v1/companies/";

    private JsonNode company(String id) throws Exception {
        return ok(PATH + id);
    }

    static Stream<String> companiesOfOurOrganization() {
        return Stream.concat(fixture().companiesOf(Fixture.SEARCH_MAIN).stream(),
                        fixture().companiesOf(Fixture.SEARCH_BRANCHES).stream())
                .map(company -> company.get("id").stringValue());
    }

    @ParameterizedTest
    @MethodSource("companiesOfOurOrganization")
    void showsTheCompanyExactlyAsImported(String id) throws Exception {
        ObjectNode actual = (ObjectNode) company(id);
        ObjectNode expected = Expected.company(fixture(), id);

        for (String time : List.of("created_at", "updated_at")) {
            if (!expected.has(time)) {
                // The import time (docs/api-rules.md §9), whole seconds.
                assertThat(Instant.parse(actual.get(time).stringValue())).isBetween(fixture().now().minusSeconds(1), Instant.now());
                actual.remove(time);
            }
        }
        assertThat(Json.sameValue(actual, expected)).as("%n  actual   %s%n  expected %s", actual, expected).isTrue();
    }

    @Test
    void omitsAnAbsentPhoneAndAbsentContactFields() throws Exception {
        JsonNode company = company(fixture().companyNamed("Stille Partner KG"));

        assertThat(company.has("phone")).isFalse();
        JsonNode contacts = company.get("contacts");
        assertThat(Json.strings(contacts, "name")).containsExactly("Xaver Quasthoff", "Greta Lindqvist", "Ole Brandt");
        assertThat(contacts.get(0).propertyNames()).containsExactlyInAnyOrder("id", "name");
        assertThat(contacts.get(1).propertyNames()).containsExactlyInAnyOrder("id", "name", "title");
        assertThat(contacts.get(2).propertyNames()).containsExactlyInAnyOrder("id", "name", "email", "linkedin_url");
    }

    @Test
    void showsAPhoneAndEveryContactField() throws Exception {
        JsonNode company = company(Fixture.COMPANY_NORDLICHT);

        assertThat(company.get("phone").stringValue()).isEqualTo("+49 40 1234567");
        assertThat(company.get("contacts").get(0).propertyNames())
                .containsExactlyInAnyOrder("id", "name", "title", "email", "linkedin_url");
        assertThat(company.get("created_at").stringValue()).isEqualTo("2025-10-02T08:30:00Z");
        assertThat(company.get("updated_at").stringValue()).isEqualTo("2025-11-18T14:05:12Z");
    }

    @Test
    void anEmptyContactListIsAnEmptyArray() throws Exception {
        JsonNode company = company(fixture().companyNamed("100% Organic Foods"));

        assertThat(company.get("contacts").isArray()).isTrue();
        assertThat(company.get("contacts")).isEmpty();
    }

    @Test
    void aDefaultedTimestampHasSecondPrecision() throws Exception {
        // Imported without created_at: the server chose the time, and must still send whole seconds.
        JsonNode company = company(fixture().companyNamed("Zero Score Holdings"));

        assertThat(company.get("created_at").stringValue()).matches("\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}Z");
        assertThat(company.get("updated_at").stringValue()).matches("\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}Z");
    }

    @Test
    void acceptsAnUpperCaseId() throws Exception {
        JsonNode company = company(Fixture.COMPANY_NORDLICHT.toUpperCase());

        assertThat(company.get("id").stringValue()).isEqualTo(Fixture.COMPANY_NORDLICHT);
    }
}
