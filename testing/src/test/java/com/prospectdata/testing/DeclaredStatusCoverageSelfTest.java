package com.prospectdata.testing;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.prospectdata.testing.DeclaredStatusCoverage.Received;
import com.prospectdata.testing.DeclaredStatusCoverage.Tier;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.assertj.core.api.InstanceOfAssertFactories;
import org.junit.jupiter.api.Test;

/**
 * Checks the checker, without a server: DeclaredStatusCoverage reads every operation and status
 * of api/openapi.yaml, matches requests to operations as the document's templates say, takes
 * every declared status into one tier or the other, and reports a pair of its tier that was
 * never received, or a declared status no tier takes.
 */
class DeclaredStatusCoverageSelfTest {

    private static final String COMPANY = "/api/v1/companies/" + Fixture.COMPANY_NORDLICHT;

    private static String document() {
        Path path = Path.of(System.getProperty("testing.openapi", "../api/openapi.yaml"));
        try {
            return Files.readString(path);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static DeclaredStatusCoverage gate(Tier tier) {
        return new DeclaredStatusCoverage(tier, DeclaredStatusCoverageSelfTest::document);
    }

    private static Set<Received> everythingDeclared() {
        Set<Received> all = new HashSet<>();
        for (DeclaredOperation operation : gate(Tier.WEB).declaredOperations()) {
            operation.statuses().forEach(status -> all.add(new Received(operation.operationId(), status)));
        }
        return all;
    }

    @Test
    void readsEveryOperationAndItsStatusesFromTheDocument() {
        List<DeclaredOperation> declared = gate(Tier.JAR).declaredOperations();

        assertThat(declared).extracting(DeclaredOperation::operationId)
                .containsExactlyInAnyOrder("listProspectSearches", "getProspectSearch", "exportProspectSearchCompanies",
                        "listCompanies", "getCompany", "listCompanyJobs", "getCompanyJobsSummary",
                        "listCompanyTechnologies", "getCompanyWebtechSummary", "getProspectSearchChanges", "getUsage",
                        "getHealth");
        for (Operation operation : Operation.values()) {
            assertThat(declared)
                    .filteredOn(candidate -> candidate.operationId().equals(operation.operationId()))
                    .singleElement()
                    .extracting(DeclaredOperation::statuses)
                    .asInstanceOf(InstanceOfAssertFactories.LIST)
                    .contains("200", "401", "429", "500", "503");
        }
        assertThat(declared)
                .filteredOn(candidate -> candidate.operationId().equals("getHealth"))
                .singleElement()
                .extracting(DeclaredOperation::statuses)
                .isEqualTo(List.of("200", "304", "403", "503"));
    }

    @Test
    void matchesRequestsToTheOperationsOfTheirPathTemplates() {
        DeclaredStatusCoverage gate = gate(Tier.WEB);

        assertThat(gate.operationOf("GET", "/api/v1/companies/")).map(DeclaredOperation::operationId).contains("listCompanies");
        assertThat(gate.operationOf("GET", COMPANY)).map(DeclaredOperation::operationId).contains("getCompany");
        assertThat(gate.operationOf("GET", "/api/v1/companies/not-a-uuid/jobs")).map(DeclaredOperation::operationId)
                .contains("listCompanyJobs");
        assertThat(gate.operationOf("GET", COMPANY + "/jobs/summary")).map(DeclaredOperation::operationId)
                .contains("getCompanyJobsSummary");
        assertThat(gate.operationOf("GET", COMPANY + "/webtech-intel")).map(DeclaredOperation::operationId)
                .contains("listCompanyTechnologies");
        assertThat(gate.operationOf("GET", COMPANY + "/webtech-intel/summary")).map(DeclaredOperation::operationId)
                .contains("getCompanyWebtechSummary");
        assertThat(gate.operationOf("GET", "/health")).map(DeclaredOperation::operationId).contains("getHealth");
        // Not operations of the document: another method, a path no template matches.
        assertThat(gate.operationOf("HEAD", COMPANY)).isEmpty();
        assertThat(gate.operationOf("POST", COMPANY)).isEmpty();
        assertThat(gate.operationOf("GET", "/api/v1/companies")).isEmpty();
        assertThat(gate.operationOf("GET", COMPANY + "/contacts")).isEmpty();
        assertThat(gate.operationOf("GET", "/api/v1/companies//jobs")).isEmpty();
    }

    @Test
    void recordsTheStatusOfAnExchangeUnderItsOperationAndNothingForOtherRequests() {
        DeclaredStatusCoverage gate = gate(Tier.WEB);

        gate.record(new Exchange("GET", COMPANY + "/jobs", "limit=5", 404, Map.of(), new byte[0]));
        gate.record(new Exchange("GET", COMPANY + "/contacts", null, 404, Map.of(), new byte[0]));
        gate.record(new Exchange("TRACE", COMPANY, null, 405, Map.of(), new byte[0]));

        assertThat(gate.received()).containsExactly(new Received("listCompanyJobs", "404"));
    }

    @Test
    void nothingIsMissingWhenEveryDeclaredStatusWasReceivedAndEachIsTakenByATier() {
        assertThat(gate(Tier.WEB).missing(everythingDeclared())).isEmpty();
        assertThat(gate(Tier.JAR).missing(everythingDeclared())).isEmpty();
    }

    @Test
    void reportsEachDeclaredStatusOfTheWebTierThatWasNeverReceived() {
        Set<Received> received = everythingDeclared();
        received.remove(new Received("getCompanyWebtechSummary", "304"));
        received.remove(new Received("getHealth", "403"));
        // The jar tier's statuses are its gate's: missing here, they are not reported.
        received.remove(new Received("getCompany", "429"));
        received.remove(new Received("getHealth", "503"));
        // A status the document does not declare changes nothing (the validator rejects it anyway).
        received.add(new Received("getHealth", "418"));

        assertThat(gate(Tier.WEB).missing(received)).containsExactly(
                "getCompanyWebtechSummary (GET /api/v1/companies/{company_id}/webtech-intel/summary): 304",
                "getHealth (GET /health): 403");
    }

    @Test
    void reportsEachDeclaredStatusOfTheJarTierThatWasNeverReceived() {
        Set<Received> received = everythingDeclared();
        received.remove(new Received("getCompanyWebtechSummary", "429"));
        received.remove(new Received("getHealth", "503"));
        // The web tier's statuses are its gate's: missing here, they are not reported.
        received.remove(new Received("getCompany", "304"));
        received.remove(new Received("getHealth", "403"));
        received.add(new Received("getHealth", "418"));

        assertThat(gate(Tier.JAR).missing(received)).containsExactly(
                "getCompanyWebtechSummary (GET /api/v1/companies/{company_id}/webtech-intel/summary): 429",
                "getHealth (GET /health): 503");
    }

    @Test
    void bothTiersReportADeclaredStatusThatNeitherTakes() {
        String document = """
                openapi: 3.0.3
                info: {title: t, version: '1'}
                paths:
                  /teapot:
                    get:
                      operationId: brewCoffee
                      responses:
                        '200': {description: coffee}
                        '418': {description: a teapot}
                """;
        Set<Received> received = Set.of(new Received("brewCoffee", "200"), new Received("brewCoffee", "418"));

        for (Tier tier : Tier.values()) {
            assertThat(new DeclaredStatusCoverage(tier, () -> document).missing(received)).as("%s", tier)
                    .singleElement().asString()
                    .startsWith("brewCoffee (GET /teapot): 418, which neither tier's gate requires");
        }
    }

    @Test
    void theGateFailsListingWhatThisRunDidNotReceive() {
        DeclaredStatusCoverage gate = gate(Tier.JAR);
        for (Received pair : everythingDeclared()) {
            if (!pair.equals(new Received("getUsage", "500"))) {
                DeclaredOperation operation = gate.declaredOperations().stream()
                        .filter(candidate -> candidate.operationId().equals(pair.operationId())).findFirst().orElseThrow();
                String path = operation.pathTemplate().replaceAll("\\{[^}]+}", "x");
                gate.record(new Exchange(operation.method(), path, null, Integer.parseInt(pair.status()), Map.of(), new byte[0]));
            }
        }

        assertThatThrownBy(gate::assertEveryDeclaredStatusReceived)
                .hasMessageContaining("jar tier")
                .hasMessageContaining("(1 of them;")
                .hasMessageContaining("getUsage (GET /api/v1/usage): 500");
        gate.record(new Exchange("GET", "/api/v1/usage", null, 500, Map.of(), new byte[0]));
        assertThatCode(gate::assertEveryDeclaredStatusReceived).doesNotThrowAnyException();
    }
}
