package com.prospectdata.contract.compat;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.openapitools.openapidiff.core.compare.OpenApiDiffOptions;
import org.openapitools.openapidiff.core.model.ChangedOpenApi;

/**
 * The compatibility gate (build/compatibility-gate.groovy, docs/compatibility.md) judged on
 * fixtures: each one a change to a copy of api/released/v1.yaml (src/test/resources/compat/),
 * compared with the gate's library and rules. Needs no server.
 */
class CompatibilityGateTest {

    private static String released;

    @BeforeAll
    static void readTheReleasedDocument() throws IOException {
        released = Files.readString(CompatibilityRules.releasedDocument());
    }

    static Stream<ContractChange> breakingChanges() {
        return ContractChange.all("breaking");
    }

    static Stream<ContractChange> compatibleChanges() {
        return ContractChange.all("compatible");
    }

    @Test
    void theWorkingDocumentDoesNotBreakTheReleasedV1() {
        ChangedOpenApi diff = CompatibilityRules.compareFiles(
                CompatibilityRules.releasedDocument(), CompatibilityRules.workingDocument());

        assertThat(CompatibilityRules.breaks(diff)).isEmpty();
        assertThat(diff.isIncompatible()).isFalse();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("breakingChanges")
    void aBreakingChangeFailsTheGate(ContractChange change) {
        ChangedOpenApi diff = judge(change);

        assertThat(diff.isIncompatible()).as(change.change()).isTrue();
        assertThat(change.breaks()).as("the operation the fixture breaks").isNotBlank();
        assertThat(CompatibilityRules.breaks(diff)).as(change.change())
                .anyMatch(reported -> reported.startsWith(change.breaks() + ": "));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("compatibleChanges")
    void aCompatibleChangePassesTheGate(ContractChange change) {
        ChangedOpenApi diff = judge(change);

        assertThat(change.breaks()).as("a compatible fixture names nothing it breaks").isNull();
        assertThat(CompatibilityRules.breaks(diff)).as(change.change()).isEmpty();
        assertThat(diff.isIncompatible()).isFalse();
        // openapi-diff saw the change: the fixture is not judged compatible for changing nothing.
        assertThat(diff.isUnchanged()).isFalse();
    }

    @Test
    void theConditionalGetAndSyncAdditionsReachEveryOperationTheyName() {
        ChangedOpenApi diff = judge(ContractChange.named("compatible", "conditional-get-and-sync-additions"));

        assertThat(diff.getNewEndpoints()).extracting(endpoint -> endpoint.getMethod() + " " + endpoint.getPathUrl())
                .containsExactly("GET /openapi.json");
        // Every GET of v1 gained a 304, so every one of them is a changed operation.
        assertThat(diff.getChangedOperations()).hasSize(diff.getOldSpecOpenApi().getPaths().size());
        assertThat(diff.getChangedOperations()).allSatisfy(operation ->
                assertThat(operation.getApiResponses().getIncreased()).containsKey("304"));
    }

    /** The rules file is read: without it, the fixtures it makes breaking pass. */
    @ParameterizedTest(name = "{0}")
    @MethodSource("breakingOnlyByOurRules")
    void theRulesFileIsInForce(String fixture) {
        ContractChange change = ContractChange.named("breaking", fixture);
        String changed = change.applyTo(released);

        assertThat(CompatibilityRules.compare(released, changed, OpenApiDiffOptions.builder().build()).isIncompatible())
                .as("under openapi-diff's defaults").isFalse();
        assertThat(CompatibilityRules.compare(released, changed, CompatibilityRules.rules()).isIncompatible())
                .as("under api/openapi-diff-rules.yaml").isTrue();
    }

    static Stream<String> breakingOnlyByOurRules() {
        return Stream.of("operation-id-renamed", "response-range-widened", "request-min-length-raised");
    }

    @Test
    void theRulesFileNamesOnlyRulesOpenapiDiffHas() {
        assertThat(CompatibilityRules.unknownRules(CompatibilityRules.rules())).isEmpty();
    }

    /** openapi-diff reads a flat "a.b.c: true" as one unknown key and ignores it: the check catches it. */
    @Test
    void aRuleWrittenFlatIsCaught(@TempDir Path directory) throws IOException {
        Path flat = Files.writeString(directory.resolve("rules.yaml"), "incompatible.operation.id.changed: true\n");

        assertThat(CompatibilityRules.unknownRules(CompatibilityRules.rules(flat))).hasSize(1);
    }

    /** The copy the fixtures edit is the released document itself, once read and written back. */
    @Test
    void copyingTheReleasedDocumentChangesNothing() {
        String copy = ContractChange.roundTrip(released);

        assertThat(CompatibilityRules.parserMessages(copy)).isEmpty();
        assertThat(CompatibilityRules.compare(released, copy, CompatibilityRules.rules()).isUnchanged()).isTrue();
    }

    @Test
    void anEditOfSomethingV1DoesNotHaveIsRefused() {
        ContractChange nothingToRemove = new ContractChange("missing", "removes a path v1 does not have", null,
                List.of(Map.of("remove", List.of("paths", "/api/v1/contacts"))));
        ContractChange existingKey = new ContractChange("present", "adds a schema v1 already has", null,
                List.of(Map.of("add", List.of("components", "schemas", "Company"), "value", Map.of("type", "object"))));

        assertThatThrownBy(() -> nothingToRemove.applyTo(released)).hasMessageContaining("[paths, /api/v1/contacts] does not exist");
        assertThatThrownBy(() -> existingKey.applyTo(released)).hasMessageContaining("already exists");
    }

    /** A fixture that spoils the document is caught before it is judged, not taken for a breaking change. */
    @Test
    void anInvalidDocumentIsNoticed() {
        ContractChange noResponses = new ContractChange("invalid", "removes the responses of an operation", null,
                List.of(Map.of("remove", List.of("paths", "/health", "get", "responses"))));

        assertThat(CompatibilityRules.parserMessages(noResponses.applyTo(released))).isNotEmpty();
    }

    /** The fixture's document, which must itself be a valid document, compared with v1. */
    private static ChangedOpenApi judge(ContractChange change) {
        String changed = change.applyTo(released);
        assertThat(CompatibilityRules.parserMessages(changed)).as("parser messages for %s", change).isEmpty();
        return CompatibilityRules.compare(released, changed, CompatibilityRules.rules());
    }
}
