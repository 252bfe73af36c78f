package com.prospectdata.testing;

import java.math.BigDecimal;
import java.time.Duration;
import java.time.Instant;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.function.Predicate;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/** What the contract says the API answers for the fixture's records (docs/api-rules.md §3). */
public final class Expected {

    /**
     * Companies: match_score desc, then name asc, then id asc. Names compare by code point, as in
     * the test database's C.UTF-8 collation; ids as PostgreSQL compares uuids, i.e. as their
     * lower-case text (not as java.util.UUID, which compares signed longs).
     */
    public static final Comparator<JsonNode> COMPANY_ORDER = Comparator
            .comparing((JsonNode company) -> company.get("match_score").decimalValue(), Comparator.reverseOrder())
            .thenComparing(company -> company.get("name").stringValue())
            .thenComparing(company -> company.get("id").stringValue());

    /** Jobs: date_posted desc, then id asc (ids are opaque text). */
    public static final Comparator<JsonNode> JOB_ORDER = Comparator
            .comparing((JsonNode job) -> Instant.parse(job.get("date_posted").stringValue()), Comparator.reverseOrder())
            .thenComparing(job -> job.get("id").stringValue());

    /** Technologies: confidence desc, then name asc. */
    public static final Comparator<JsonNode> TECHNOLOGY_ORDER = Comparator
            .comparing((JsonNode technology) -> technology.get("confidence").asInt(), Comparator.reverseOrder())
            .thenComparing(technology -> technology.get("name").stringValue());

    /** No fixture job may be this close to a window's start: the server's "now" is a little later than ours. */
    private static final Duration WINDOW_MARGIN = Duration.ofMinutes(15);

    private Expected() {
    }

    /**
     * The company's active jobs posted within {@code daysBack} days (and of the platform, compared
     * case-insensitively, when not null), in the list's order. Refuses a window whose start is so
     * close to a job that the answer would depend on when the request is made.
     */
    public static List<JsonNode> jobsInWindow(Fixture fixture, String companyId, int daysBack, String platform) {
        Instant start = fixture.now().minus(Duration.ofDays(daysBack));
        return fixture.jobsOf(companyId).stream()
                .filter(job -> !job.has("removed_at"))
                .filter(job -> platform == null || job.get("platform").stringValue().toLowerCase(Locale.ROOT)
                        .equals(platform.toLowerCase(Locale.ROOT)))
                .filter(job -> {
                    Instant posted = Instant.parse(job.get("date_posted").stringValue());
                    if (Duration.between(start, posted).abs().compareTo(WINDOW_MARGIN) < 0) {
                        throw new IllegalArgumentException("Job " + job.get("id") + " is too close to the start of a "
                                + daysBack + "-day window for a stable test; pick another days_back");
                    }
                    return !posted.isBefore(start);
                })
                .map(JsonNode.class::cast)
                .sorted(JOB_ORDER)
                .toList();
    }

    /** The exact (unrounded) jobs per month of a window: total / days_back * 30. */
    public static BigDecimal velocity(long total, int daysBack) {
        return BigDecimal.valueOf(total * 30L).divide(BigDecimal.valueOf(daysBack), 10, java.math.RoundingMode.HALF_EVEN);
    }

    /** The level of the specification's table for an exact jobs-per-month value. */
    public static String activityStrength(BigDecimal velocity) {
        if (velocity.compareTo(new BigDecimal("3.0")) >= 0) {
            return "STRONG";
        }
        if (velocity.compareTo(new BigDecimal("1.5")) >= 0) {
            return "MODERATE";
        }
        if (velocity.compareTo(new BigDecimal("0.5")) >= 0) {
            return "LIGHT";
        }
        return "NONE";
    }

    /** The ids of the search's companies that pass the filter, in the list's order. */
    public static List<String> companyIds(Fixture fixture, String searchId, Predicate<JsonNode> filter) {
        return fixture.companiesOf(searchId).stream()
                .filter(filter)
                .sorted(COMPANY_ORDER)
                .map(company -> company.get("id").stringValue())
                .toList();
    }

    /** A company as the API shows it: the imported record without its {@code type}. */
    public static ObjectNode company(Fixture fixture, String id) {
        ObjectNode company = fixture.company(id).deepCopy();
        company.remove("type");
        return company;
    }
}
