package com.prospectdata.webtier;

import static org.assertj.core.api.Assertions.assertThat;

import com.prospectdata.testing.Fixture;
import com.prospectdata.webtier.DeclaredStatusCoverage.DeclaredOperation;
import com.prospectdata.webtier.DeclaredStatusCoverage.Received;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * Checks the checker, without the application: DeclaredStatusCoverage reads every operation
 * and status of api/openapi.yaml, matches requests to operations as the document's templates
 * say, takes every declared status into one tier or the other, and reports a pair of the web
 * tier that was never received.
 */
class DeclaredStatusCoverageSelfTest {

    private static final String COMPANY = "/api/v1/companies/" + Fixture.COMPANY_NORDLICHT;

    private static Set<Received> everythingDeclared() {
        Set<Received> all = new HashSet<>();
        for (DeclaredOperation operation : DeclaredStatusCoverage.declaredOperations()) {
            operation.statuses().forEach(status -> all.add(new Received(operation.operationId(), status)));
        }
        return all;
    }

    @Test
    void readsEveryOperationAndItsStatusesFromTheDocument() {
        assertThat(DeclaredStatusCoverage.declaredOperations())
                .extracting(DeclaredOperation::operationId)
                .containsExactlyInAnyOrder("listProspectSearches", "getProspectSearch", "exportProspectSearchCompanies",
                        "listCompanies", "getCompany", "listCompanyJobs", "getCompanyJobsSummary",
                        "listCompanyTechnologies", "getCompanyWebtechSummary", "getProspectSearchChanges", "getUsage",
                        "getHealth");
        assertThat(DeclaredStatusCoverage.declaredOperations())
                .filteredOn(declared -> declared.operationId().equals("getHealth"))
                .singleElement()
                .extracting(DeclaredOperation::statuses)
                .isEqualTo(List.of("200", "304", "403", "503"));
    }

    @Test
    void matchesRequestsToTheOperationsOfTheirPathTemplates() {
        assertThat(DeclaredStatusCoverage.operationOf("GET", "/api/v1/companies/")).map(DeclaredOperation::operationId)
                .contains("listCompanies");
        assertThat(DeclaredStatusCoverage.operationOf("GET", COMPANY)).map(DeclaredOperation::operationId)
                .contains("getCompany");
        assertThat(DeclaredStatusCoverage.operationOf("GET", COMPANY + "/webtech-intel/summary"))
                .map(DeclaredOperation::operationId).contains("getCompanyWebtechSummary");
        assertThat(DeclaredStatusCoverage.operationOf("GET", "/health")).map(DeclaredOperation::operationId)
                .contains("getHealth");
        // Not operations of the document: another method, a path no template matches.
        assertThat(DeclaredStatusCoverage.operationOf("HEAD", COMPANY)).isEmpty();
        assertThat(DeclaredStatusCoverage.operationOf("GET", "/api/v1/companies")).isEmpty();
        assertThat(DeclaredStatusCoverage.operationOf("GET", "/api/v1/companies//jobs")).isEmpty();
    }

    @Test
    void everyDeclaredStatusIsTakenByATier() {
        assertThat(DeclaredStatusCoverage.missing(everythingDeclared())).isEmpty();
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

        assertThat(DeclaredStatusCoverage.missing(received)).containsExactly(
                "getCompanyWebtechSummary (GET /api/v1/companies/{company_id}/webtech-intel/summary): 304",
                "getHealth (GET /health): 403");
    }
}
