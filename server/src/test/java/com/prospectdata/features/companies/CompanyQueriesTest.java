package com.prospectdata.features.companies;

import static com.prospectdata.generated.jooq.Tables.COMPANY;
import static com.prospectdata.generated.jooq.Tables.PROSPECT_SEARCH;
import static com.prospectdata.generated.jooq.Tables.PROSPECT_SEARCH_SCORE_COUNT;
import static org.assertj.core.api.Assertions.assertThat;
import static org.jooq.impl.DSL.count;

import com.prospectdata.operator.demodata.DemoDataLoader;
import com.prospectdata.operator.importer.DatabaseTest;
import com.prospectdata.operator.importer.ImportProgress;
import com.prospectdata.operator.importer.ImportRecord.Company;
import com.prospectdata.operator.importer.ImportRecord.Contact;
import com.prospectdata.operator.importer.ImportRecord.Organization;
import com.prospectdata.operator.importer.ImportRecord.ProspectSearch;
import com.prospectdata.operator.importer.ImportWriter;
import com.prospectdata.operator.importer.TestDatabase;
import com.prospectdata.generated.model.ReviewStatus;
import com.prospectdata.pipeline.TestRequests;
import com.prospectdata.pipeline.paging.PageRequest;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.OptionalLong;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.UUID;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.jooq.DSLContext;
import org.jspecify.annotations.Nullable;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;

/**
 * The list's search and totals come from data the database derives (migration V2): a search
 * text per company and counts per search and status. These tests hold them to the contract's
 * definitions, computed here from the rows themselves.
 */
@DatabaseTest
class CompanyQueriesTest {

    static final Instant NOW = Instant.parse("2026-11-21T10:00:00Z");
    static final PageRequest EVERYTHING = new PageRequest(100_000, 0);

    @Autowired
    DSLContext db;

    @Autowired
    CompanyQueries companies;

    @Autowired
    DemoDataLoader loader;

    @BeforeEach
    void emptyDatabase() {
        TestDatabase.emptyDatabase(db);
    }

    @Test
    void searchIsACaseInsensitiveSubstringMatchOfOneValueOfTheCompanyOrOfOneOfItsContacts() {
        loader.load(5, 400, ImportProgress.NONE);
        List<CompanyRow> all = allCompanies();
        UUID search = largestSearch(all);
        SplittableRandom random = new SplittableRandom(3);
        Set<String> terms = new LinkedHashSet<>(List.of("gmbh", "GMBH", "ü", "ß", "-", ".", "@", "%", "_", "\\",
                "e", "no such text anywhere", "gmbh\nmunich", "\n"));
        for (int i = 0; i < 60; i++) {
            List<String> values = searchable(all.get(random.nextInt(all.size())));
            String value = values.get(random.nextInt(values.size()));
            int from = random.nextInt(value.length());
            String term = value.substring(from, Math.min(value.length(), from + 1 + random.nextInt(12))).strip();
            terms.add(random.nextBoolean() ? term : term.toUpperCase(Locale.ROOT));
        }
        // Across the boundary of two values: must not match unless one value holds it whole.
        CompanyRow some = all.getFirst();
        terms.add(some.name().substring(some.name().length() - 3) + "\n" + some.city().substring(0, 3));
        terms.add(some.name().substring(some.name().length() - 3) + " " + some.city().substring(0, 3));

        for (String term : terms) {
            String wanted = term.strip().toLowerCase(Locale.ROOT);
            if (wanted.isEmpty()) {
                continue;
            }
            List<UUID> expected = all.stream()
                    .filter(c -> c.prospectSearchId().equals(search))
                    .filter(c -> searchable(c).stream().anyMatch(v -> v.toLowerCase(Locale.ROOT).contains(wanted)))
                    .sorted(LIST_ORDER)
                    .map(CompanyRow::id)
                    .toList();
            var page = companies.list(TestRequests.context(), filter(search, null, List.of(), term), EVERYTHING, OptionalLong.empty()).orElseThrow().value();
            assertThat(page.items().stream().map(CompanyRow::id).toList()).as("search %s", term)
                    .isEqualTo(expected);
            assertThat(page.total()).as("total for %s", term).isEqualTo(expected.size());
        }
    }

    @Test
    void totalsAndPagesAgreeWithTheRowsForEveryFilterAndAnOffsetPastTheEnd() {
        loader.load(6, 300, ImportProgress.NONE);
        List<CompanyRow> all = allCompanies();
        UUID search = largestSearch(all);
        // Sets of one size with other values: a statement is rendered once per shape and reused with other values.
        List<List<String>> statusSets = List.of(List.of(), List.of("accepted"), List.of("pending", "rejected"),
                List.of("rejected"), List.of("accepted", "pending"));
        // A time that some of the search's companies were updated at exactly, and others before and after.
        List<Instant> updates = all.stream().filter(c -> c.prospectSearchId().equals(search))
                .map(CompanyRow::updatedAt).sorted().toList();
        Instant someUpdate = updates.get(updates.size() / 2);
        UUID owner = db.select(PROSPECT_SEARCH.ORGANIZATION_ID).from(PROSPECT_SEARCH)
                .where(PROSPECT_SEARCH.ID.eq(search)).fetchSingle(PROSPECT_SEARCH.ORGANIZATION_ID);
        for (List<String> statuses : statusSets) {
            for (Double minScore : new Double[] {null, 6.5}) {
                for (String term : new String[] {null, "a"}) {
                    for (Instant since : new Instant[] {null, someUpdate}) {
                        List<CompanyRow> expected = all.stream()
                                .filter(c -> c.prospectSearchId().equals(search))
                                .filter(c -> statuses.isEmpty() || statuses.contains(c.reviewStatus().getValue()))
                                .filter(c -> minScore == null || c.matchScore() >= minScore)
                                .filter(c -> term == null || searchable(c).stream()
                                        .anyMatch(v -> v.toLowerCase(Locale.ROOT).contains(term)))
                                .filter(c -> since == null || !c.updatedAt().isBefore(since))
                                .sorted(LIST_ORDER)
                                .toList();
                        CompanyFilter filter = new CompanyFilter(search, minScore, typed(statuses), term, since);
                        // Every offset: a page may start anywhere in a group of equal scores. And the
                        // same pages once the total is known from an earlier page.
                        for (OptionalLong knownTotal : List.of(OptionalLong.empty(), OptionalLong.of(expected.size()))) {
                            for (int offset = 0; offset <= expected.size(); offset++) {
                                var owned = companies.list(TestRequests.context(), filter, new PageRequest(4, offset), knownTotal).orElseThrow();
                                assertThat(owned.owner()).isEqualTo(owner);
                                var page = owned.value();
                                assertThat(page.total()).isEqualTo(expected.size());
                                assertThat(page.items()).as("offset %d of %s, total known: %s", offset, filter, knownTotal)
                                        .isEqualTo(expected.subList(offset, Math.min(offset + 4, expected.size())));
                            }
                            var pastTheEndOwned = companies.list(TestRequests.context(), filter, new PageRequest(5, expected.size() + 3), knownTotal)
                                    .orElseThrow();
                            assertThat(pastTheEndOwned.owner()).isEqualTo(owner);
                            var pastTheEnd = pastTheEndOwned.value();
                            assertThat(pastTheEnd.items()).isEmpty();
                            assertThat(pastTheEnd.total()).isEqualTo(expected.size());
                        }
                    }
                }
            }
        }
    }

    @Test
    void aProspectSearchThatDoesNotExistReadsNothingOnEveryPath() {
        loader.load(2, 50, ImportProgress.NONE);
        UUID unknown = UUID.randomUUID();
        for (String term : new String[] {null, "a"}) {
            for (Double minScore : new Double[] {null, 6.5}) {
                for (int offset : new int[] {0, 3, 1_000}) {
                    for (OptionalLong knownTotal : List.of(OptionalLong.empty(), OptionalLong.of(7))) {
                        CompanyFilter filter = new CompanyFilter(unknown, minScore, List.of(), term, null);
                        assertThat(companies.list(TestRequests.context(), filter, new PageRequest(5, offset), knownTotal))
                                .as("%s at offset %d, total known: %s", filter, offset, knownTotal).isEmpty();
                    }
                }
            }
        }
    }

    @Test
    void anEmptyProspectSearchStillNamesItsOwner() {
        UUID org = UUID.randomUUID();
        UUID empty = UUID.randomUUID();
        write(new Organization(org, "Acme"), new ProspectSearch(empty, org, "Nothing yet"));
        for (String term : new String[] {null, "a"}) {
            for (int offset : new int[] {0, 3}) {
                var owned = companies.list(TestRequests.context(), filter(empty, null, List.of(), term), new PageRequest(5, offset),
                        OptionalLong.empty()).orElseThrow();
                assertThat(owned.owner()).isEqualTo(org);
                assertThat(owned.value().items()).isEmpty();
                assertThat(owned.value().total()).isZero();
            }
        }
    }

    @Test
    void storedCountsAndSearchTextFollowEveryKindOfWrite() {
        UUID org = UUID.randomUUID();
        UUID first = UUID.randomUUID();
        UUID second = UUID.randomUUID();
        UUID a = UUID.randomUUID();
        UUID b = UUID.randomUUID();
        Contact zylinski = new Contact(UUID.randomUUID(), "Anna Zylinski", "Head of Sales", "anna@acme.example", null);
        write(new Organization(org, "Acme"), new ProspectSearch(first, org, "First"),
                new ProspectSearch(second, org, "Second"),
                company(a, first, "pending", List.of(zylinski)), company(b, first, "accepted", List.of()));
        assertThat(idsMatching(first, "zylinski")).containsExactly(a);
        assertCountsMatchTheRows();

        // The contact is listed under another company: it moves there, and so does the match.
        write(company(b, second, "rejected", List.of(zylinski)));
        assertThat(idsMatching(first, "zylinski")).isEmpty();
        assertThat(idsMatching(second, "zylinski")).containsExactly(b);
        assertThat(idsMatching(second, "HEAD OF")).containsExactly(b);
        assertCountsMatchTheRows();

        write(new Company(b, second, "Nordlicht B", "Hamburg", "Germany", "Logistics", "https://n.example", 8.25,
                "rejected", null, List.of(), NOW, NOW));
        assertThat(idsMatching(second, "zylinski")).isEmpty();
        db.deleteFrom(COMPANY).where(COMPANY.ID.eq(a)).execute();
        assertCountsMatchTheRows();
        assertThat(companies.list(TestRequests.context(), filter(first, null, List.of(), null), EVERYTHING, OptionalLong.empty()).orElseThrow().value().total()).isZero();
        assertThat(companies.list(TestRequests.context(), filter(second, null, List.of("rejected"), null), EVERYTHING, OptionalLong.empty()).orElseThrow().value().total())
                .isEqualTo(1);
    }

    private void assertCountsMatchTheRows() {
        Map<String, Long> rows = db.select(COMPANY.PROSPECT_SEARCH_ID, COMPANY.MATCH_SCORE, COMPANY.REVIEW_STATUS, count())
                .from(COMPANY)
                .groupBy(COMPANY.PROSPECT_SEARCH_ID, COMPANY.MATCH_SCORE, COMPANY.REVIEW_STATUS)
                .fetchMap(r -> r.value1() + "/" + r.value2() + "/" + r.value3(), r -> r.value4().longValue());
        Map<String, Long> stored = db.selectFrom(PROSPECT_SEARCH_SCORE_COUNT)
                .where(PROSPECT_SEARCH_SCORE_COUNT.COMPANIES.gt(0L))
                .fetchMap(r -> r.getProspectSearchId() + "/" + r.getMatchScore() + "/" + r.getReviewStatus(),
                        r -> r.getCompanies());
        assertThat(stored).isEqualTo(rows);
    }

    private List<UUID> idsMatching(UUID search, String term) {
        return companies.list(TestRequests.context(), filter(search, null, List.of(), term), EVERYTHING, OptionalLong.empty()).orElseThrow().value().items().stream()
                .map(CompanyRow::id).toList();
    }

    private void write(Object... records) {
        db.transaction(configuration -> {
            ImportWriter writer = new ImportWriter(configuration.dsl(), NOW);
            for (Object record : records) {
                writer.add((com.prospectdata.operator.importer.ImportRecord) record);
            }
            writer.flush();
        });
    }

    private static Company company(UUID id, UUID search, String status, List<Contact> contacts) {
        return new Company(id, search, "Nordlicht " + id.toString().substring(0, 4), "Hamburg", "Germany",
                "Logistics", "https://n.example", 5.5, status, null, contacts, NOW, NOW);
    }

    private static CompanyFilter filter(UUID search, @Nullable Double minScore, List<String> statuses, @Nullable String term) {
        return new CompanyFilter(search, minScore, typed(statuses), term, null);
    }

    private static List<ReviewStatus> typed(List<String> statuses) {
        return statuses.stream().map(ReviewStatus::fromValue).toList();
    }

    /** The contract's order: match_score desc, name, id (code-point order, as the database's C.UTF-8). */
    private static final Comparator<CompanyRow> LIST_ORDER = Comparator.comparingDouble(CompanyRow::matchScore).reversed()
            .thenComparing(CompanyRow::name, CompanyQueriesTest::codePointOrder)
            .thenComparing(CompanyRow::id, Comparator.comparing(UUID::toString));

    private static int codePointOrder(String x, String y) {
        return java.util.Arrays.compare(x.codePoints().toArray(), y.codePoints().toArray());
    }

    private static List<String> searchable(CompanyRow c) {
        List<String> values = new ArrayList<>(List.of(c.name(), c.city(), c.businessType()));
        c.contacts().forEach(contact -> Stream.of(contact.name(), contact.title(), contact.email())
                .filter(v -> v != null).forEach(values::add));
        return values;
    }

    private List<CompanyRow> allCompanies() {
        List<CompanyRow> all = new ArrayList<>();
        for (UUID search : db.selectDistinct(COMPANY.PROSPECT_SEARCH_ID).from(COMPANY).fetch(COMPANY.PROSPECT_SEARCH_ID)) {
            all.addAll(companies.list(TestRequests.context(), filter(search, null, List.of(), null), EVERYTHING, OptionalLong.empty()).orElseThrow().value().items());
        }
        return all;
    }

    private static UUID largestSearch(List<CompanyRow> all) {
        return all.stream().collect(Collectors.groupingBy(CompanyRow::prospectSearchId, Collectors.counting()))
                .entrySet().stream().max(Map.Entry.comparingByValue()).orElseThrow().getKey();
    }
}
