package com.prospectdata.contract;

import com.prospectdata.testing.Expected;
import com.prospectdata.testing.Fixture;
import com.prospectdata.testing.Json;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.function.Predicate;
import java.util.stream.Stream;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * What the generated clients must return for the calls both JavaClientJarTest and
 * TypeScriptClientJarTest make (the same calls, with the same parameters, in JavaClientJarTest and in
 * src/test/typescript/src/check-client.ts), in the wire form of the contract, computed from the
 * fixture. Each test turns the client's typed result back into that form with the client's own
 * serializer (the Java client's ObjectMapper, the TypeScript client's XxxToJSON) and compares it
 * with {@link #assertSameWire}: a field the typed model lost, renamed or mistyped shows up there.
 */
final class GeneratedClientExpectations {

    static final String SEARCH = Fixture.SEARCH_MAIN;
    static final String COMPANY = Fixture.COMPANY_NORDLICHT;

    /** Fields of date-time format: compared as instants (a client may write 08:30:00.000Z for 08:30:00Z). */
    private static final Set<String> TIMES = Set.of("created_at", "updated_at", "date_posted");

    private GeneratedClientExpectations() {
    }

    /** The updated_since of {@link #companiesByScoreAndStatuses}. */
    static final Instant UPDATED_SINCE = Instant.parse("2025-11-01T00:00:00Z");

    /**
     * listCompanies: min_match_score=7, review_status_list=accepted,pending, updated_since=
     * {@link #UPDATED_SINCE}, limit=3, offset=1.
     */
    static ObjectNode companiesByScoreAndStatuses(Fixture fixture) {
        return companyPage(fixture, company -> company.get("match_score").decimalValue().compareTo(BigDecimal.valueOf(7)) >= 0
                && List.of("accepted", "pending").contains(company.get("review_status").stringValue())
                // Without updated_at in the fixture, a company was updated at the import, long after.
                && (!company.has("updated_at") || !Instant.parse(company.get("updated_at").stringValue()).isBefore(UPDATED_SINCE)),
                3, 1);
    }

    /** listCompanies: search=HAMBURG, review_status=accepted (default limit and offset). */
    static ObjectNode companiesBySearchAndStatus(Fixture fixture) {
        return companyPage(fixture, company -> matchesSearch(company, "HAMBURG")
                && company.get("review_status").stringValue().equals("accepted"), 50, 0);
    }

    /** getCompany of {@link #COMPANY}. */
    static ObjectNode company(Fixture fixture) {
        return Expected.company(fixture, COMPANY);
    }

    /** listCompanyJobs of {@link #COMPANY}: days_back=30, platform=LinkedIn, limit=3, offset=1. */
    static ObjectNode jobs(Fixture fixture) {
        List<JsonNode> window = Expected.jobsInWindow(fixture, COMPANY, 30, "LinkedIn");
        ObjectNode page = page(window.size(), 3, 1);
        ArrayNode jobs = page.putArray("jobs");
        window.stream().skip(1).limit(3).forEach(job -> jobs.add(only(job, "id", "title", "platform", "date_posted", "job_url")));
        page.put("has_more", 1 + jobs.size() < window.size());
        BigDecimal velocity = Expected.velocity(window.size(), 30);
        page.put("activity_strength", Expected.activityStrength(velocity));
        page.put("velocity_per_month", velocity.setScale(2, RoundingMode.HALF_UP));
        return page;
    }

    /** getCompanyJobsSummary of {@link #COMPANY}: the last 30 days, and its newest active job of any age. */
    static ObjectNode jobsSummary(Fixture fixture) {
        int total = Expected.jobsInWindow(fixture, COMPANY, 30, null).size();
        BigDecimal velocity = Expected.velocity(total, 30);
        ObjectNode summary = Json.object();
        summary.put("total", total);
        summary.put("activity_strength", Expected.activityStrength(velocity));
        summary.put("velocity_per_month", velocity.setScale(2, RoundingMode.HALF_UP));
        JsonNode latest = fixture.jobsOf(COMPANY).stream()
                .filter(job -> !job.has("removed_at"))
                .map(JsonNode.class::cast)
                .sorted(Expected.JOB_ORDER)
                .findFirst()
                .orElseThrow();
        summary.set("latest_job", only(latest, "id", "title", "platform", "date_posted"));
        return summary;
    }

    /** listCompanyTechnologies of {@link #COMPANY}: category=JavaScript_Framework, min_confidence=90, limit=2, offset=1. */
    static ObjectNode technologies(Fixture fixture) {
        JsonNode scan = fixture.scanOf(COMPANY);
        List<JsonNode> matching = technologiesOf(scan)
                .filter(technology -> technology.get("category").stringValue().equalsIgnoreCase("JavaScript_Framework"))
                .filter(technology -> technology.get("confidence").asInt() >= 90)
                .toList();
        ObjectNode page = page(matching.size(), 2, 1);
        ArrayNode technologies = page.putArray("technologies");
        matching.stream().skip(1).limit(2).forEach(technologies::add);
        page.put("has_more", 1 + technologies.size() < matching.size());
        page.put("scan_successful", scan.get("status").stringValue().equals("completed"));
        page.put("status", scan.get("status").stringValue());
        return page;
    }

    /** getCompanyWebtechSummary of {@link #COMPANY}. */
    static ObjectNode technologySummary(Fixture fixture) {
        JsonNode scan = fixture.scanOf(COMPANY);
        List<JsonNode> all = technologiesOf(scan).toList();
        ObjectNode summary = Json.object();
        ArrayNode top = summary.putArray("top_technologies");
        all.stream().limit(5).forEach(technology -> top.add(only(technology, "name", "category", "confidence")));
        summary.put("total_technologies", all.size());
        Map<String, Integer> counts = new TreeMap<>();
        all.forEach(technology -> counts.merge(technology.get("category").stringValue(), 1, Integer::sum));
        ObjectNode categoryCounts = summary.putObject("category_counts");
        counts.forEach(categoryCounts::put);
        summary.put("scan_successful", scan.get("status").stringValue().equals("completed"));
        summary.put("status", scan.get("status").stringValue());
        return summary;
    }

    static ObjectNode health() {
        ObjectNode health = Json.object();
        health.put("service", "Company Prospect Data API");
        health.put("status", "healthy");
        return health;
    }

    /**
     * The same JSON value, numbers compared by value and date-times as instants; a created_at or
     * updated_at the fixture left out is the time of the import, which the server chose. Throws
     * an AssertionError listing every difference.
     */
    static void assertSameWire(String what, JsonNode actual, JsonNode expected, Fixture fixture) {
        List<String> differences = new ArrayList<>();
        compare("", actual, expected, fixture, differences);
        if (!differences.isEmpty()) {
            throw new AssertionError(what + " differs from the fixture:\n  " + String.join("\n  ", differences)
                    + "\n  actual   " + actual + "\n  expected " + expected);
        }
    }

    private static void compare(String pointer, JsonNode actual, JsonNode expected, Fixture fixture, List<String> differences) {
        if (expected.isObject() && actual.isObject()) {
            Set<String> names = new HashSet<>(expected.propertyNames());
            names.addAll(actual.propertyNames());
            for (String name : names.stream().sorted().toList()) {
                String at = pointer + "/" + name;
                JsonNode actualValue = actual.get(name);
                JsonNode expectedValue = expected.get(name);
                if (expectedValue == null && TIMES.contains(name) && actualValue != null) {
                    checkImportTime(at, actualValue, fixture, differences);
                } else if (expectedValue == null && name.equals("next_cursor")) {
                    // Opaque, the server's own: there exactly when the page has more (docs/api-rules.md §12).
                    if (!actual.path("has_more").asBoolean(false) || !actualValue.isString()) {
                        differences.add(at + ": a next_cursor on a page without has_more, or not a string: " + actualValue);
                    }
                } else if (expectedValue == null) {
                    differences.add(at + ": unexpected " + actualValue);
                } else if (actualValue == null) {
                    differences.add(at + ": missing, expected " + expectedValue);
                } else if (TIMES.contains(name)) {
                    compareTimes(at, actualValue, expectedValue, differences);
                } else {
                    compare(at, actualValue, expectedValue, fixture, differences);
                }
            }
        } else if (expected.isArray() && actual.isArray()) {
            if (actual.size() != expected.size()) {
                differences.add(pointer + ": " + actual.size() + " elements, expected " + expected.size());
            }
            for (int i = 0; i < Math.min(actual.size(), expected.size()); i++) {
                compare(pointer + "/" + i, actual.get(i), expected.get(i), fixture, differences);
            }
        } else if (!Json.sameValue(actual, expected)) {
            differences.add((pointer.isEmpty() ? "/" : pointer) + ": " + actual + ", expected " + expected);
        }
    }

    private static void compareTimes(String at, JsonNode actual, JsonNode expected, List<String> differences) {
        Instant actualTime = instant(actual);
        if (actualTime == null || !actualTime.equals(instant(expected))) {
            differences.add(at + ": " + actual + ", expected the instant " + expected);
        }
    }

    private static void checkImportTime(String at, JsonNode actual, Fixture fixture, List<String> differences) {
        Instant time = instant(actual);
        if (time == null || time.isBefore(fixture.now().minusSeconds(1)) || time.isAfter(Instant.now())) {
            differences.add(at + ": " + actual + ", expected the time of the import, after " + fixture.now());
        }
    }

    private static Instant instant(JsonNode node) {
        try {
            return node.isString() ? Instant.parse(node.stringValue()) : null;
        } catch (DateTimeParseException e) {
            return null;
        }
    }

    private static ObjectNode companyPage(Fixture fixture, Predicate<JsonNode> filter, int limit, int offset) {
        List<String> ids = Expected.companyIds(fixture, SEARCH, filter);
        ObjectNode page = page(ids.size(), limit, offset);
        ArrayNode items = page.putArray("items");
        ids.stream().skip(offset).limit(limit).forEach(id -> items.add(Expected.company(fixture, id)));
        page.put("has_more", offset + items.size() < ids.size());
        return page;
    }

    private static ObjectNode page(long total, int limit, int offset) {
        ObjectNode page = Json.object();
        page.put("total", total);
        page.put("limit", limit);
        page.put("offset", offset);
        return page;
    }

    /** The search of docs/api-rules.md §3: a case-insensitive substring of these fields. */
    private static boolean matchesSearch(JsonNode company, String search) {
        String needle = search.strip().toLowerCase(Locale.ROOT);
        Stream<JsonNode> fields = Stream.concat(
                Stream.of("name", "city", "business_type").map(company::get),
                company.get("contacts").valueStream()
                        .flatMap(contact -> Stream.of("name", "title", "email").map(contact::get)));
        return fields.anyMatch(field -> field != null && field.stringValue().toLowerCase(Locale.ROOT).contains(needle));
    }

    private static Stream<JsonNode> technologiesOf(JsonNode scan) {
        return scan.get("technologies").valueStream().sorted(Expected.TECHNOLOGY_ORDER);
    }

    private static ObjectNode only(JsonNode record, String... names) {
        ObjectNode copy = Json.object();
        for (String name : names) {
            if (record.has(name)) {
                copy.set(name, record.get(name));
            }
        }
        return copy;
    }
}
