package com.prospectdata.testing;

/**
 * The six {@code /api/v1} operations of api/openapi.yaml, each with a valid request of our
 * organization that answers 200 with the main key: for tests that show a behaviour shared by
 * every operation (429, 500, 503).
 */
public enum Operation {
    LIST_COMPANIES("listCompanies", "/api/v1/companies/?prospect_search_id=" + Fixture.SEARCH_MAIN),
    GET_COMPANY("getCompany", "/api/v1/companies/" + Fixture.COMPANY_NORDLICHT),
    LIST_COMPANY_JOBS("listCompanyJobs", "/api/v1/companies/" + Fixture.COMPANY_NORDLICHT + "/jobs"),
    GET_COMPANY_JOBS_SUMMARY("getCompanyJobsSummary", "/api/v1/companies/" + Fixture.COMPANY_NORDLICHT + "/jobs/summary"),
    LIST_COMPANY_TECHNOLOGIES("listCompanyTechnologies", "/api/v1/companies/" + Fixture.COMPANY_NORDLICHT + "/webtech-intel"),
    GET_COMPANY_WEBTECH_SUMMARY("getCompanyWebtechSummary",
            "/api/v1/companies/" + Fixture.COMPANY_NORDLICHT + "/webtech-intel/summary");

    private final String operationId;
    private final String validRequest;

    Operation(String operationId, String validRequest) {
        this.operationId = operationId;
        this.validRequest = validRequest;
    }

    /** The operationId in api/openapi.yaml. */
    public String operationId() {
        return operationId;
    }

    /** Path and query of a valid GET of this operation. */
    public String validRequest() {
        return validRequest;
    }

    @Override
    public String toString() {
        return operationId;
    }
}
