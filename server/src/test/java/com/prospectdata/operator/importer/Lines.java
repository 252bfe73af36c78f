package com.prospectdata.operator.importer;

import java.util.Arrays;
import java.util.stream.Collectors;

/** Builds import lines for tests, valid unless a test spoils them. */
final class Lines {

    static final String ORG = "6f1c2a4e-8b3d-4f0a-9c2e-1d5b7a9e3c01";
    static final String SEARCH = "a3d5e7f9-1b2c-4d6e-8f0a-2b4c6d8e0f12";
    static final String COMPANY_A = "0b8e4f6a-2c1d-4e3f-9a5b-7c8d9e0f1a23";
    static final String COMPANY_B = "1c9f5a7b-3d2e-4f4a-8b6c-8d9e0f1a2b34";
    static final String CONTACT_1 = "c1a2b3c4-d5e6-4f70-8192-a3b4c5d6e7f8";
    static final String CONTACT_2 = "c2b3c4d5-e6f7-4081-92a3-b4c5d6e7f809";
    static final String CONTACT_3 = "c3c4d5e6-f708-4192-a3b4-c5d6e7f8091a";
    static final String UNKNOWN = "99999999-9999-4999-8999-999999999999";

    private Lines() {
    }

    static String organization(String id, String name) {
        return "{\"type\":\"organization\",\"id\":\"" + id + "\",\"name\":\"" + name + "\"}";
    }

    static String search(String id, String organizationId) {
        return "{\"type\":\"prospect_search\",\"id\":\"" + id + "\",\"organization_id\":\"" + organizationId
                + "\",\"name\":\"Logistics in DACH\"}";
    }

    /** A company without created_at/updated_at; {@code extra} is appended inside the object (",\"created_at\":..."). */
    static String company(String id, String searchId, String name, String extra, String... contactIds) {
        String contacts = Arrays.stream(contactIds)
                .map(c -> "{\"id\":\"" + c + "\",\"name\":\"Contact " + c.substring(0, 2) + "\"}")
                .collect(Collectors.joining(","));
        return "{\"type\":\"company\",\"id\":\"" + id + "\",\"prospect_search_id\":\"" + searchId + "\",\"name\":\""
                + name + "\",\"city\":\"Hamburg\",\"country\":\"Germany\",\"business_type\":\"Logistics\","
                + "\"website\":\"https://example.de\",\"match_score\":7.5,\"review_status\":\"pending\","
                + "\"contacts\":[" + contacts + "]" + extra + "}";
    }

    static String job(String id, String companyId, String title) {
        return "{\"type\":\"job\",\"id\":\"" + id + "\",\"company_id\":\"" + companyId + "\",\"title\":\"" + title
                + "\",\"platform\":\"linkedin\",\"date_posted\":\"2026-11-10T08:00:00Z\",\"job_url\":\"https://example.com/"
                + id + "\"}";
    }

    static String scan(String companyId, String status, String... technologyNames) {
        String technologies = Arrays.stream(technologyNames)
                .map(t -> "{\"name\":\"" + t + "\",\"category\":\"cms\",\"confidence\":80}")
                .collect(Collectors.joining(","));
        return "{\"type\":\"webtech_scan\",\"company_id\":\"" + companyId + "\",\"status\":\"" + status
                + "\",\"scanned_at\":\"2026-11-15T03:12:45Z\",\"technologies\":[" + technologies + "]}";
    }
}
