package com.prospectdata.testing;

/**
 * The {@code /api/v1} operations of api/openapi.yaml, each with a valid request of our
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
            "/api/v1/companies/" + Fixture.COMPANY_NORDLICHT + "/webtech-intel/summary"),
    LIST_PROSPECT_SEARCHES("listProspectSearches", "/api/v1/prospect-searches/"),
    GET_PROSPECT_SEARCH("getProspectSearch", "/api/v1/prospect-searches/" + Fixture.SEARCH_MAIN),
    /**
     * The main search's change feed from the search's own position. Its cursor is made by the
     * database the server runs on (docs/api-rules.md §12): a run registers it with
     * {@link #changesCursorIs} before sending this operation.
     */
    GET_PROSPECT_SEARCH_CHANGES("getProspectSearchChanges",
            "/api/v1/prospect-searches/" + Fixture.SEARCH_MAIN + "/changes?cursor="),
    /** Free: it takes no token, so an empty bucket still answers it (docs/api-rules.md §17). */
    GET_USAGE("getUsage", "/api/v1/usage");

    private static volatile String changesCursor;

    /** The main search's {@code changes_cursor} on the database of this run's server. */
    public static void changesCursorIs(String cursor) {
        changesCursor = cursor;
    }

    /**
     * Whether two requests in a row get the same body, so the same validator: not the usage, which
     * tells the second the bucket is full again (its own test revalidates within one second).
     */
    public boolean answersTheSameTwice() {
        return this != GET_USAGE;
    }

    /** Whether a request takes a token of the key's hourly budget. */
    public boolean costsAToken() {
        return this != GET_USAGE;
    }

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
        if (this != GET_PROSPECT_SEARCH_CHANGES) {
            return validRequest;
        }
        String cursor = changesCursor;
        if (cursor == null) {
            throw new IllegalStateException("No changes_cursor registered for " + operationId + ": call changesCursorIs first");
        }
        return validRequest + cursor;
    }

    @Override
    public String toString() {
        return operationId;
    }
}
