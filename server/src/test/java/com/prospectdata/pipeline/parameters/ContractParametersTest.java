package com.prospectdata.pipeline.parameters;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.prospectdata.core.openapi.OpenApiDocument;
import com.prospectdata.pipeline.parameters.ParameterSpec.Location;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class ContractParametersTest {

    @Test
    void everyOperationOfThePublishedDocumentIsRead() {
        ContractParameters contract = new ContractParameters(OpenApiDocument.fromClasspath());

        assertThat(contract.operations()).extracting(ContractParameters.Operation::operationId).containsExactlyInAnyOrder(
                "listProspectSearches", "getProspectSearch", "exportProspectSearchCompanies", "listCompanies", "getCompany", "listCompanyJobs",
                "getCompanyJobsSummary", "listCompanyTechnologies", "getCompanyWebtechSummary", "getProspectSearchChanges", "getUsage",
                "getHealth");
        assertThat(contract.operation("listCompanies").orElseThrow().parameters())
                .extracting(ParameterSpec::name)
                .containsExactly("prospect_search_id", "limit", "offset", "cursor", "min_match_score", "review_status",
                        "review_status_list", "search", "updated_since", "include");
        ParameterSpec companyId = contract.operation("listCompanyJobs").orElseThrow().parameters().getFirst();
        assertThat(companyId.location()).isEqualTo(Location.PATH);
        assertThat(companyId.required()).isTrue();
    }

    private static OpenApiDocument documentWithParameter(String parameter) {
        String yaml = """
                openapi: 3.0.3
                paths:
                  /things:
                    get:
                      operationId: listThings
                      parameters:
                        - %s
                """.formatted(parameter);
        return OpenApiDocument.of(yaml.getBytes(StandardCharsets.UTF_8));
    }

    /** A parameter this reading cannot check exactly stops start-up rather than reach a delegate unchecked. */
    @ParameterizedTest
    @ValueSource(strings = {
            "{name: code, in: query, schema: {type: string, pattern: '^[a-z]+$'}}",
            "{name: code, in: query, schema: {type: string, format: email}}",
            "{name: code, in: header, schema: {type: string}}",
            "{name: size, in: query, schema: {type: integer}}",
            "{name: size, in: query, schema: {type: integer, format: int32, exclusiveMinimum: true, minimum: 0}}",
            "{name: flag, in: query, schema: {type: boolean}}",
            "{name: ids, in: query, schema: {type: array, items: {type: string}}}",
            "{name: ids, in: query, explode: false, schema: {type: array, items: {type: string, enum: [a, b]}}}",
            "{name: size, in: query, schema: {type: integer, format: int32, minimum: 1, default: 0}}",
    })
    void aParameterThatCannotBeReadStrictlyStopsStartUp(String parameter) {
        assertThatThrownBy(() -> new ContractParameters(documentWithParameter(parameter)))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("listThings")
                .hasMessageContaining("cannot be read strictly");
    }
}
