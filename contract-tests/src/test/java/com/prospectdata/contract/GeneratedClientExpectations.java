package com.prospectdata.contract;

import static org.assertj.core.api.Assertions.assertThat;

import com.prospectdata.testing.Expected;
import com.prospectdata.testing.Fixture;
import com.prospectdata.testing.Json;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.function.Predicate;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * What the generated clients must return for the calls their tests make (the same calls, with the
 * same parameters, in JavaClientJarTest and in the programs of {@link GeneratedClientProgram}), in
 * the wire form of the contract, computed from the fixture. Each test turns the client's typed
 * result back into that form with the client's own serializer (the Java client's ObjectMapper, the
 * TypeScript client's XxxToJSON, the Go models' MarshalJSON, the Python client's
 * sanitize_for_serialization) and compares it with {@link #assertSameWire}: a field the typed model
 * lost, renamed or mistyped shows up there.
 *
 * <p>A walk through a list is reported in one form by every client: {@code {"pages": [{"offset",
 * "limit", "total", "has_more", "next_cursor", "ids"}], "ids": [...]}}, and a walk of the prospect
 * searches has {@code "searches"} (each in its wire form) in place of {@code "ids"}.
 */
final class GeneratedClientExpectations {

    static final String SEARCH = Fixture.SEARCH_MAIN;
    static final String COMPANY = Fixture.COMPANY_NORDLICHT;

    /** The page size of every client's walks of the companies list: small, so that the search takes many pages. */
    static final int PAGE_SIZE = 2;

    /** The search= of the companies page every client asks with include: a contact of {@link #COMPANY} alone. */
    static final String ONE_COMPANYS_CONTACT = "Lena Vogt";

    /** NextCursor's schema in api/openapi.yaml: 1 to 512 URL-safe characters. */
    private static final Pattern CURSOR = Pattern.compile("[A-Za-z0-9_-]{1,512}");

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

    /** getCompany of {@link #COMPANY} with include=jobs_summary,webtech_summary. */
    static ObjectNode companyWithSummaries(Fixture fixture) {
        ObjectNode company = company(fixture);
        company.set("jobs_summary", jobsSummary(fixture));
        company.set("webtech_summary", technologySummary(fixture));
        return company;
    }

    /** listCompanies: search={@link #ONE_COMPANYS_CONTACT}, include=jobs_summary,webtech_summary. */
    static ObjectNode companiesWithSummaries(Fixture fixture) {
        ObjectNode page = page(1, 50, 0);
        page.putArray("items").add(companyWithSummaries(fixture));
        page.put("has_more", false);
        return page;
    }

    /**
     * A walk of listProspectSearches: every prospect search of the organization and only them, each
     * with its name and company_count, newest first (created_at descending, then id), on pages
     * from offset 0 to the last, whose has_more is false.
     */
    static void assertProspectSearches(String who, JsonNode walk, Fixture fixture, Instant finished) {
        List<JsonNode> searches = walk.get("searches").valueStream().toList();
        Map<String, JsonNode> ours = fixtureSearches(fixture, Fixture.ORG_OURS);

        assertThat(searches).extracting(search -> search.get("id").stringValue())
                .as("%s: the organization's prospect searches, and only them", who)
                .containsExactlyInAnyOrderElementsOf(ours.keySet())
                .doesNotContain(Fixture.SEARCH_OTHER_ORG);
        for (JsonNode search : searches) {
            String id = search.get("id").stringValue();
            assertThat(search.get("name").stringValue()).as("name of %s", id).isEqualTo(ours.get(id).get("name").stringValue());
            assertThat(search.get("company_count").asLong()).as("company_count of %s", id).isEqualTo(fixture.companiesOf(id).size());
            assertSearchTimes(search, fixture, finished);
        }
        Comparator<JsonNode> newestFirst = Comparator.comparing((JsonNode search) -> time(search.get("created_at"))).reversed()
                .thenComparing(search -> search.get("id").stringValue());
        assertThat(searches).as("%s: the order of listProspectSearches", who).isSortedAccordingTo(newestFirst);

        List<JsonNode> pages = walk.get("pages").valueStream().toList();
        assertThat(pages.getFirst().get("offset").asInt()).isZero();
        assertThat(pages.getLast().get("has_more").asBoolean()).isFalse();
        assertThat(pages).allSatisfy(page -> assertThat(page.get("total").asLong()).isEqualTo(ours.size()));
    }

    /**
     * created_at is when the search was first imported: the fixture's import, during this run.
     * updated_at, the last change to the search or its companies, is a date-time not after the
     * calls ended (the fixture's companies carry their own updated_at, some from before the import).
     */
    static void assertSearchTimes(JsonNode search, Fixture fixture, Instant finished) {
        assertThat(time(search.get("created_at"))).as("created_at of %s: when the search was first imported", search)
                .isBetween(fixture.now().minusSeconds(1), finished);
        assertThat(time(search.get("updated_at"))).as("updated_at of %s", search).isBeforeOrEqualTo(finished);
    }

    /**
     * A walk of {@link #SEARCH}'s companies by next_cursor, {@link #PAGE_SIZE} at a time: every
     * company once, in the list's order, and each page by the Pagination rules of the document
     * (offset is the number of items returned before it; next_cursor exactly when has_more).
     */
    static void assertCursorWalk(String who, JsonNode walk, Fixture fixture) {
        List<String> expected = Expected.companyIds(fixture, SEARCH, company -> true);
        assertThat(texts(walk.get("ids"))).as("%s: the cursor walk, every company of the search in the list's order", who)
                .containsExactlyElementsOf(expected);

        List<JsonNode> pages = walk.get("pages").valueStream().toList();
        int total = expected.size();
        assertThat(pages).as("%s: pages of %d items over %d companies", who, PAGE_SIZE, total)
                .hasSize((total + PAGE_SIZE - 1) / PAGE_SIZE);
        int returned = 0;
        for (int i = 0; i < pages.size(); i++) {
            JsonNode page = pages.get(i);
            String what = who + ": cursor page " + (i + 1) + " " + page;
            int items = page.get("ids").size();
            assertThat(page.get("offset").asInt()).as(what).isEqualTo(returned);
            assertThat(page.get("limit").asInt()).as(what).isEqualTo(PAGE_SIZE);
            assertThat(page.get("total").asLong()).as(what).isEqualTo(total);
            assertThat(items).as(what).isBetween(1, PAGE_SIZE);
            returned += items;
            assertThat(page.get("has_more").asBoolean()).as("%s: has_more is true when items follow", what).isEqualTo(returned < total);
            assertCursorWhenMore(page, what);
        }
    }

    /** Every page whose has_more is true carries next_cursor, whether asked for by offset or by cursor. */
    static void assertCursorWhenMore(JsonNode page, String what) {
        if (page.get("has_more").asBoolean()) {
            assertThat(page.has("next_cursor")).as("%s: has_more true, so next_cursor", what).isTrue();
            assertThat(page.get("next_cursor").stringValue()).as("%s: next_cursor's schema", what).matches(CURSOR);
        }
    }

    /** The prospect_search records of the fixture file for this organization, by id. */
    static Map<String, JsonNode> fixtureSearches(Fixture fixture, String organization) {
        try {
            Map<String, JsonNode> searches = new LinkedHashMap<>();
            for (String line : Files.readAllLines(fixture.file(), StandardCharsets.UTF_8)) {
                if (line.isBlank()) {
                    continue;
                }
                JsonNode record = Json.parse(line);
                if (record.get("type").stringValue().equals("prospect_search")
                        && record.get("organization_id").stringValue().equals(organization)) {
                    searches.put(record.get("id").stringValue(), record);
                }
            }
            return searches;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The strings of a JSON array. */
    static List<String> texts(JsonNode array) {
        assertThat(array).as("an array").isNotNull();
        return array.valueStream().map(JsonNode::stringValue).toList();
    }

    /** A date-time of the wire form, which must be one. */
    static Instant time(JsonNode node) {
        Instant time = node == null ? null : instant(node);
        if (time == null) {
            throw new AssertionError("Not a date-time: " + node);
        }
        return time;
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
