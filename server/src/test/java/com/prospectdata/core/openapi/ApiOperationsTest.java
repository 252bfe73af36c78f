package com.prospectdata.core.openapi;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.prospectdata.core.openapi.OperationTraits.HeavyWhen;
import com.prospectdata.core.openapi.OperationTraits.WorkKind;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The operations' traits come from the document: those the jar carries, a copy with an
 * operation added, and copies whose traits are missing or wrong, which stop start-up naming the
 * operation and the extension.
 */
class ApiOperationsTest {

    private static final ApiOperations SHIPPED = ApiOperations.of(OpenApiDocument.fromClasspath());

    @ParameterizedTest(name = "{0} -> {1}")
    @CsvSource(delimiter = '|', textBlock = """
            /api/v1/companies/                                                       | listCompanies
            /api/v1/companies/c1000000-0000-4000-8000-000000000001                   | getCompany
            /api/v1/companies/c1000000-0000-4000-8000-000000000001/jobs              | listCompanyJobs
            /api/v1/companies/c1000000-0000-4000-8000-000000000001/jobs/summary      | getCompanyJobsSummary
            /api/v1/companies/c1000000-0000-4000-8000-000000000001/webtech-intel     | listCompanyTechnologies
            /api/v1/companies/not-a-uuid/webtech-intel/summary                       | getCompanyWebtechSummary
            """)
    void everyPathOfTheDocumentNamesItsOperation(String path, String operationId) {
        assertThat(SHIPPED.resolve(path)).map(ApiOperation::operationId).contains(operationId);
    }

    @ParameterizedTest
    @CsvSource({"/api/v1/companies", "/api/v1/companies/c1/contacts", "/api/v1/companies//jobs", "/api/v1", "/health"})
    void aPathTheDocumentDoesNotDeclareUnderTheApiNamesNoOperation(String path) {
        assertThat(SHIPPED.resolve(path)).isEmpty();
    }

    @Test
    void theShippedTraitsAreTheDocumentsOwn() {
        OperationTraits list = SHIPPED.resolve("/api/v1/companies/").orElseThrow().traits();
        assertThat(list.workKind()).isEqualTo(WorkKind.LIST);
        assertThat(list.heavyWhen()).containsExactlyInAnyOrderEntriesOf(Map.of("search", HeavyWhen.NON_BLANK, "offset", HeavyWhen.DEEP));
        assertThat(list.versioned()).isTrue();
        assertThat(SHIPPED.resolve("/api/v1/companies/c1/jobs").orElseThrow().traits().versioned())
                .as("jobs follow the clock too").isFalse();
        assertThat(SHIPPED.all()).hasSize(11).allSatisfy(operation -> {
            assertThat(operation.traits().rateLimitCost()).as(operation.operationId())
                    .isEqualTo(operation.operationId().equals("getUsage") ? 0 : 1);
            assertThat(operation.traits().requiredScopes()).containsExactly("companies:read");
        });
        assertThat(SHIPPED.scopesEveryOperationRequires()).containsExactly("companies:read");
        assertThat(SHIPPED.all()).filteredOn(operation -> operation.traits().streams())
                .extracting(ApiOperation::operationId).as("the operations that stream").containsExactly("exportProspectSearchCompanies");
    }

    /** The trait and the handler the build generates (a stream for a binary body) cannot disagree. */
    @ParameterizedTest(name = "{0} {1}: {2}")
    @CsvSource(delimiter = '|', textBlock = """
            getCompany                     | x-streams   | true  | getCompany has x-streams: true, which is not possible for an answer whose 200 is not a binary body
            getCompany                     | x-streams   | yes   | getCompany has x-streams: yes, which is not true or false
            exportProspectSearchCompanies  | x-streams   |       | exportProspectSearchCompanies answers a binary body, which the build generates as a stream: declare x-streams: true
            exportProspectSearchCompanies  | x-streams   | false | exportProspectSearchCompanies answers a binary body
            exportProspectSearchCompanies  | x-versioned | true  | x-streams: true, which is not possible with x-versioned: true
            """)
    void aStreamIsExactlyAnOperationWithABinaryBodyAndNoValidator(String operationId, String extension, String value,
                                                                  String message) {
        Object yamlValue = value == null ? null : OpenApiDocument.parse(value.getBytes(java.nio.charset.StandardCharsets.UTF_8));

        assertThatThrownBy(() -> ApiOperations.of(DocumentCopies.withTrait(operationId, extension, yamlValue)))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining(message);
    }

    @Test
    void anOperationAddedToTheDocumentIsResolvedWithItsTraits() {
        ApiOperations operations = ApiOperations.of(DocumentCopies.withThings(true));

        ApiOperation things = operations.resolve("/api/v1/companies/c1/things").orElseThrow();

        assertThat(things.operationId()).isEqualTo("listCompanyThings");
        assertThat(things.pathTemplate()).isEqualTo(DocumentCopies.THINGS);
        assertThat(things.traits()).isEqualTo(new OperationTraits(List.of("companies:read", "things:read"), 5, true,
                WorkKind.LIST, Map.of("q", HeavyWhen.NON_BLANK), false));
        assertThat(operations.scopesEveryOperationRequires()).as("the scopes all seven share").containsExactly("companies:read");
    }

    @ParameterizedTest(name = "{1}: {2}")
    @CsvSource(delimiter = '|', textBlock = """
            getCompany              | x-work-kind        |             | getCompany does not declare x-work-kind
            getCompany              | x-work-kind        | medium      | getCompany has x-work-kind: medium, which is not one of light, list, heavy
            getCompany              | x-work-kind        | LIGHT       | x-work-kind: LIGHT, which is not one of light, list, heavy
            getCompany              | x-versioned        | yes         | x-versioned: yes, which is not true or false
            getCompany              | x-versioned        |             | getCompany does not declare x-versioned
            getCompany              | x-rate-limit-cost  | 1001        | x-rate-limit-cost: 1001, which is not a whole number of tokens from 0 (free) to 1000
            getCompany              | x-rate-limit-cost  | -1          | x-rate-limit-cost: -1
            getCompany              | x-rate-limit-cost  | 1.5         | x-rate-limit-cost: 1.5
            getCompany              | x-rate-limit-cost  | one         | x-rate-limit-cost: one
            getCompany              | x-rate-limit-cost  |             | getCompany does not declare x-rate-limit-cost
            getCompany              | x-required-scopes  |             | getCompany does not declare x-required-scopes
            getCompany              | x-required-scopes  | companies   | x-required-scopes: companies, which is not a non-empty list of scopes
            """)
    void aMissingOrMalformedTraitStopsStartUpNamingIt(String operationId, String extension, String value, String message) {
        Object yamlValue = value == null ? null : OpenApiDocument.parse(value.getBytes(java.nio.charset.StandardCharsets.UTF_8));

        assertThatThrownBy(() -> ApiOperations.of(DocumentCopies.withTrait(operationId, extension, yamlValue)))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining(message);
    }

    @Test
    void aHeavyConditionMustNameAQueryParameterOfItsType() {
        assertThatThrownBy(() -> ApiOperations.of(DocumentCopies.withTrait("getCompany", "x-heavy-when", Map.of("offset", "deep"))))
                .hasMessageContaining("operation getCompany has x-heavy-when: offset, which is not one of its query parameters [include]");
        assertThatThrownBy(() -> ApiOperations.of(DocumentCopies.withTrait("listCompanies", "x-heavy-when", Map.of("search", "deep"))))
                .hasMessageContaining("search is string, deep needs integer");
        assertThatThrownBy(() -> ApiOperations.of(DocumentCopies.withTrait("listCompanies", "x-heavy-when", Map.of("limit", "often"))))
                .hasMessageContaining("x-heavy-when.limit: often, which is not one of non-blank, deep");
        assertThatThrownBy(() -> ApiOperations.of(DocumentCopies.withTrait("listCompanies", "x-heavy-when", List.of("search"))))
                .hasMessageContaining("which is not a mapping from query parameters to conditions");
    }

    @Test
    void anEmptyScopeListIsRefused() {
        assertThatThrownBy(() -> ApiOperations.of(DocumentCopies.withTrait("getCompany", "x-required-scopes", List.of())))
                .hasMessageContaining("x-required-scopes: [], which is not a non-empty list of scopes");
    }
}
