package com.prospectdata.load;

import jakarta.servlet.http.HttpServletRequest;

/**
 * How much work a request may ask for, judged from its URL alone (before any parameter is read
 * strictly): a companies list with a {@code search} term, or any list page from
 * {@code app.load.deep-offset} on, is heavy; any other page of the companies list is a list page
 * (about ten times a point lookup's CPU, in the server and in PostgreSQL alike); everything else
 * is light.
 */
enum WorkKind {
    HEAVY, LIST, LIGHT;

    private static final String COMPANIES_LIST = "/api/v1/companies/";

    static WorkKind of(HttpServletRequest request, int deepOffset) {
        boolean companiesList = request.getRequestURI().equals(COMPANIES_LIST);
        String search = request.getParameter("search");
        if (companiesList && search != null && !search.isBlank()
                || isDeep(request.getParameter("offset"), deepOffset)) {
            return HEAVY;
        }
        return companiesList ? LIST : LIGHT;
    }

    /** An offset that is not plain ASCII digits is left for the parameter check to refuse: not deep. */
    private static boolean isDeep(String offset, int deepOffset) {
        if (offset == null || offset.isEmpty() || !offset.chars().allMatch(c -> c >= '0' && c <= '9')) {
            return false;
        }
        // More digits than a long holds is deeper than any bound.
        return offset.length() > 18 || Long.parseLong(offset) >= deepOffset;
    }
}
