package com.prospectdata.operator.demodata;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.prospectdata.operator.importer.ImportRecord;
import com.prospectdata.operator.importer.ImportRecord.Company;
import com.prospectdata.operator.importer.ImportRecord.Contact;
import com.prospectdata.operator.importer.ImportRecord.Job;
import com.prospectdata.operator.importer.ImportRecord.Organization;
import com.prospectdata.operator.importer.ImportRecord.ProspectSearch;
import com.prospectdata.operator.importer.ImportRecord.Technology;
import com.prospectdata.operator.importer.ImportRecord.WebtechScan;
import com.prospectdata.operator.importer.LineParser;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.function.Predicate;
import java.util.stream.Collectors;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class DemoDataGeneratorTest {

    static final Instant RUN = Instant.parse("2026-11-21T15:30:00Z");
    static final Instant RUN_DAY = Instant.parse("2026-11-21T00:00:00Z");
    static List<ImportRecord> records;

    static List<ImportRecord> generate(long seed, int companies, Instant run) {
        List<ImportRecord> all = new ArrayList<>();
        new DemoDataGenerator(seed, companies, run).generate(all::add, done -> { });
        return all;
    }

    @BeforeAll
    static void generateOnce() {
        records = generate(42, 2000, RUN);
    }

    static <T> List<T> all(Class<T> type) {
        return records.stream().filter(type::isInstance).map(type::cast).toList();
    }

    static <T> double share(List<T> values, Predicate<T> predicate) {
        return values.stream().filter(predicate).count() / (double) values.size();
    }

    @Test
    void theSameSeedAndCountGiveTheSameRecords() {
        assertThat(generate(42, 2000, RUN.plusSeconds(3600))).isEqualTo(records);
    }

    @Test
    void anotherSeedGivesOtherIdsInTheSameDemoOrganization() {
        List<ImportRecord> other = generate(43, 2000, RUN);
        Set<UUID> ids = all(Company.class).stream().map(Company::id).collect(Collectors.toSet());
        assertThat(other.stream().filter(Company.class::isInstance).map(r -> ((Company) r).id())).noneMatch(ids::contains);
        assertThat(other.getFirst()).isEqualTo(records.getFirst());
        assertThat(records.getFirst()).isEqualTo(new Organization(DemoDataGenerator.DEMO_ORGANIZATION_ID, "Demo organization"));
    }

    @Test
    void onlyJobDatesDependOnTheRunDay() {
        List<ImportRecord> nextDay = generate(42, 2000, RUN.plus(Duration.ofDays(1)));
        assertThat(nextDay).hasSameSizeAs(records);
        for (int i = 0; i < records.size(); i++) {
            if (records.get(i) instanceof Job job) {
                Job later = (Job) nextDay.get(i);
                assertThat(later.datePosted()).isEqualTo(job.datePosted().plus(Duration.ofDays(1)));
                assertThat(later.id()).isEqualTo(job.id());
            } else {
                assertThat(nextDay.get(i)).isEqualTo(records.get(i));
            }
        }
    }

    @Test
    void searchesHaveSkewedSizesAddingUpToTheCount() {
        List<ProspectSearch> searches = all(ProspectSearch.class);
        Map<UUID, Long> sizes = all(Company.class).stream()
                .collect(Collectors.groupingBy(Company::prospectSearchId, Collectors.counting()));
        assertThat(searches).hasSize(8).allMatch(s -> s.organizationId().equals(DemoDataGenerator.DEMO_ORGANIZATION_ID));
        assertThat(sizes.values().stream().mapToLong(Long::longValue).sum()).isEqualTo(2000);
        long largest = sizes.get(searches.getFirst().id());
        long smallest = sizes.get(searches.getLast().id());
        assertThat(largest).isGreaterThan(5 * smallest);
    }

    @ParameterizedTest
    @ValueSource(ints = {1, 2, 7, 8, 9, 100, 100_000})
    void everySearchGetsACompanyAndTheSizesAddUp(int companies) {
        int[] sizes = DemoDataGenerator.searchSizes(companies);
        assertThat(Arrays.stream(sizes).sum()).isEqualTo(companies);
        assertThat(Arrays.stream(sizes).min().orElseThrow()).isGreaterThanOrEqualTo(1);
        assertThat(sizes.length).isEqualTo(Math.min(8, companies));
    }

    @ParameterizedTest
    @ValueSource(ints = {400_000, 1_000_000, 1_000_001, 3_000_000})
    void atScaleTheLargestSearchHoldsAHundredThousandAndTheRestShrink(int companies) {
        int[] sizes = DemoDataGenerator.searchSizes(companies);
        assertThat(Arrays.stream(sizes).sum()).isEqualTo(companies);
        assertThat(sizes[0]).isEqualTo(DemoDataGenerator.LARGEST_SEARCH);
        assertThat(Arrays.stream(sizes).max().orElseThrow()).isEqualTo(DemoDataGenerator.LARGEST_SEARCH);
        assertThat(Arrays.stream(sizes).min().orElseThrow()).isGreaterThanOrEqualTo(1);
        for (int i = 2; i < sizes.length - 1; i++) {
            assertThat(sizes[i]).isLessThanOrEqualTo(sizes[i - 1]);
        }
    }

    @Test
    void technologiesHaveALongTailAndJobsAverageAboutFivePerCompany() {
        List<WebtechScan> scans = all(WebtechScan.class);
        long technologies = scans.stream().mapToLong(s -> s.technologies().size()).sum();
        assertThat(technologies / 2000.0).as("technologies per company").isBetween(7.0, 13.0);
        assertThat(scans.stream().mapToInt(s -> s.technologies().size()).max().orElseThrow()).isGreaterThan(50);
        assertThat(scans.stream().filter(s -> s.technologies().isEmpty()).count() / 2000.0).isGreaterThan(0.1);
        assertThat(all(Job.class).size() / 2000.0).as("jobs per company").isBetween(3.5, 6.5);
    }

    @Test
    void refusesAnEmptyDataSet() {
        assertThatThrownBy(() -> new DemoDataGenerator(1, 0, RUN)).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void companiesLookReal() {
        List<Company> companies = all(Company.class);
        assertThat(companies).allSatisfy(c -> {
            assertThat(c.name()).isNotBlank();
            assertThat(c.website()).matches("https://www\\.[a-z0-9-]+\\.[a-z.]+");
            assertThat(c.matchScore()).isBetween(0.0, 10.0);
            assertThat(Math.round(c.matchScore() * 10) / 10.0).isEqualTo(c.matchScore());
            assertThat(c.createdAt()).isBeforeOrEqualTo(c.updatedAt());
            assertThat(c.updatedAt()).isBefore(DemoDataGenerator.EPOCH);
        });
        // Scores spread over the range without piling up at its ends.
        assertThat(share(companies, c -> c.matchScore() == 10.0)).isLessThan(0.01);
        assertThat(share(companies, c -> c.matchScore() >= 8.0)).isBetween(0.1, 0.4);
        assertThat(companies.stream().map(Company::website).distinct()).hasSize(companies.size());
        assertThat(companies.stream().map(Company::reviewStatus).distinct())
                .containsExactlyInAnyOrder("accepted", "rejected", "pending");
        assertThat(companies.stream().map(Company::country).distinct().count()).isGreaterThan(10);
        assertThat(share(companies, c -> c.phone() != null)).isBetween(0.75, 0.95);
        // Reviewers accepted the better matches.
        double acceptedMean = companies.stream().filter(c -> c.reviewStatus().equals("accepted"))
                .mapToDouble(Company::matchScore).average().orElseThrow();
        double rejectedMean = companies.stream().filter(c -> c.reviewStatus().equals("rejected"))
                .mapToDouble(Company::matchScore).average().orElseThrow();
        assertThat(acceptedMean).isGreaterThan(rejectedMean + 1);
    }

    @Test
    void contactsAreAboutThreePerCompanyWithSomeDetailsMissing() {
        List<Contact> contacts = all(Company.class).stream().flatMap(c -> c.contacts().stream()).toList();
        assertThat(contacts.size() / 2000.0).isBetween(2.5, 3.5);
        assertThat(contacts.stream().map(Contact::id).distinct()).hasSize(contacts.size());
        assertThat(share(contacts, c -> c.title() == null)).isBetween(0.05, 0.25);
        assertThat(share(contacts, c -> c.email() == null)).isBetween(0.1, 0.35);
        assertThat(share(contacts, c -> c.linkedinUrl() == null)).isBetween(0.2, 0.5);
        assertThat(contacts).allMatch(c -> c.email() == null || c.email().matches("[a-z0-9.-]+@[a-z0-9.-]+"));
    }

    @Test
    void jobsAreSkewedAndSpreadOverTheYearBeforeTheRunDay() {
        List<Job> jobs = all(Job.class);
        assertThat(jobs).allSatisfy(job -> {
            assertThat(job.datePosted()).isBefore(RUN_DAY).isAfterOrEqualTo(RUN_DAY.minus(Duration.ofDays(365)));
            if (job.removedAt() != null) {
                assertThat(job.removedAt()).isAfter(job.datePosted()).isBefore(RUN_DAY);
            }
        });
        assertThat(jobs.stream().map(Job::platform).distinct())
                .containsExactlyInAnyOrder("linkedin", "indeed", "glassdoor", "stepstone", "company_website");
        assertThat(jobs.stream().map(Job::id).distinct()).hasSize(jobs.size());
        assertThat(share(jobs, j -> j.removedAt() != null)).isBetween(0.1, 0.5);
        assertThat(jobs.stream().filter(j -> j.datePosted().isAfter(RUN_DAY.minus(Duration.ofDays(30))))).isNotEmpty();
        Map<UUID, Long> perCompany = jobs.stream().collect(Collectors.groupingBy(Job::companyId, Collectors.counting()));
        assertThat(perCompany.size() / 2000.0).as("share of companies with jobs").isBetween(0.4, 0.7);
        assertThat(perCompany.values().stream().mapToLong(Long::longValue).max().orElseThrow()).isGreaterThan(40);
        assertThat(perCompany.values()).contains(1L);
    }

    @Test
    void scansCoverEveryStatusAndSomeCompaniesWereNeverScanned() {
        List<WebtechScan> scans = all(WebtechScan.class);
        assertThat(scans.stream().map(WebtechScan::status).distinct())
                .containsExactlyInAnyOrder("completed", "failed", "pending");
        assertThat(scans.size() / 2000.0).isBetween(0.8, 0.95);
        List<Technology> technologies = scans.stream().flatMap(s -> s.technologies().stream()).toList();
        assertThat(technologies.stream().map(Technology::category).collect(Collectors.toSet())).contains(
                "javascript_framework", "analytics", "programming_language", "cms", "web_server", "ecommerce",
                "marketing_automation", "cdn");
        assertThat(technologies).allMatch(t -> t.confidence() >= 0 && t.confidence() <= 100);
        assertThat(share(technologies, t -> t.version() != null)).isBetween(0.1, 0.6);
        assertThat(scans).allSatisfy(scan -> {
            Set<String> names = new HashSet<>();
            assertThat(scan.technologies()).allMatch(t -> names.add(t.name()));
        });
    }

    @Test
    void everyRecordKeepsTheImportRules() {
        assertThat(all(Company.class)).allMatch(c -> LineParser.REVIEW_STATUSES.contains(c.reviewStatus()));
        assertThat(all(WebtechScan.class)).allMatch(s -> LineParser.SCAN_STATUSES.contains(s.status()));
        assertThat(all(Company.class).stream().flatMap(c -> c.contacts().stream()))
                .allMatch(c -> !c.name().isBlank());
        // Version 4 layout, so the ids look like any other UUID.
        assertThat(all(Company.class)).allMatch(c -> c.id().version() == 4 && c.id().variant() == 2);
    }

    @Test
    void slugsAreHostNameParts() {
        assertThat(DemoDataGenerator.slug("Nordlicht Kühllogistik & Söhne")).isEqualTo("nordlicht-kuehllogistik-soehne");
        assertThat(DemoDataGenerator.slug("Łódź Énergie S.à r.l.")).isEqualTo("lodz-energie-s-a-r-l");
        assertThat(DemoDataGenerator.slug("Logistik København")).isEqualTo("logistik-kobenhavn");
    }
}
