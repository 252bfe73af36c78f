package com.prospectdata.testing;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.params.provider.Arguments;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * The data both test tiers run on, in the import format of docs/api-rules.md §9: the server
 * module's web tier imports it with the importer (webtier/WebTierTest), the jar tier gives the
 * same file to the packaged jar's {@code import} (contract-tests' support/Deployment).
 *
 * <p>{@code fixture.jsonl}, beside this class, is a template: job and scan times are written
 * {@code {{now-P5D}}} (an ISO-8601 duration before now), because the job windows
 * ({@code days_back}) are measured back from the server's clock. {@link #generate} resolves them
 * and keeps the records, so tests can state what to expect from them ({@link Expected}).
 *
 * <p>What is where (ids below):
 * <ul>
 * <li>Our organization has {@link #SEARCH_MAIN} with 23 companies (ties in match_score broken by
 * name, and two companies with the same name and score broken by id; names with {@code %},
 * {@code _} and a backslash; every review status; with and without phone; contacts with missing
 * optional fields), {@link #SEARCH_EMPTY} without companies and {@link #SEARCH_BRANCHES} with one
 * more "Nordlicht" company.</li>
 * <li>The other organization has {@link #SEARCH_OTHER_ORG} with {@link #COMPANY_OTHER_ORG}, which
 * has the same name as ours and a job and a completed scan.</li>
 * <li>Jobs: {@link #COMPANY_NORDLICHT} has 15 active jobs in the last 30 days (STRONG), 5 older
 * ones and 2 removed ones; {@link #COMPANY_SEEBLICK} 2 in 30 days (MODERATE);
 * {@link #COMPANY_GIPFEL} 1 (LIGHT); {@link #COMPANY_ALPENBLICK} only older ones (NONE, with a
 * latest job); {@link #COMPANY_DONAU} only a removed one (NONE, no latest job).</li>
 * <li>Scans: Nordlicht completed with 12 technologies, Seeblick failed, Gipfel pending,
 * Alpenblick never scanned.</li>
 * </ul>
 */
public final class Fixture {

    public static final String ORG_OURS = "0a000000-0000-4000-8000-00000000000a";
    public static final String ORG_OTHER = "0b000000-0000-4000-8000-00000000000b";

    public static final String SEARCH_MAIN = "5a100000-0000-4000-8000-0000000000a1";
    public static final String SEARCH_EMPTY = "5a200000-0000-4000-8000-0000000000a2";
    public static final String SEARCH_BRANCHES = "5a300000-0000-4000-8000-0000000000a3";
    public static final String SEARCH_OTHER_ORG = "5b100000-0000-4000-8000-0000000000b1";

    public static final String COMPANY_NORDLICHT = "c0000000-0000-4000-8000-000000000001";
    public static final String COMPANY_SEEBLICK = "c0000000-0000-4000-8000-000000000009";
    public static final String COMPANY_GIPFEL = "c0000000-0000-4000-8000-000000000023";
    public static final String COMPANY_ALPENBLICK = "c0000000-0000-4000-8000-000000000015";
    public static final String COMPANY_DONAU = "c0000000-0000-4000-8000-000000000018";
    /** Has no job at all and was never scanned. */
    public static final String COMPANY_ORGANIC = "c0000000-0000-4000-8000-000000000002";
    /** First in the main search's order (match_score 10.0). */
    public static final String COMPANY_TOP_SCORE = "c0000000-0000-4000-8000-000000000012";
    public static final String COMPANY_OTHER_ORG = "cb000000-0000-4000-8000-0000000000b1";

    /** The template, on the class path of this module (testing/src/main/resources). */
    private static final String TEMPLATE = "/fixture.jsonl";
    private static final Pattern TIME = Pattern.compile("\\{\\{now(?:-(P[0-9A-Z]+))?}}");

    private final Path file;
    private final Instant now;
    private final List<ObjectNode> records;

    private Fixture(Path file, Instant now, List<ObjectNode> records) {
        this.file = file;
        this.now = now;
        this.records = List.copyOf(records);
    }

    /** Writes the template with times relative to {@code now} to {@code output}. */
    public static Fixture generate(Instant now, Path output) {
        Instant base = now.truncatedTo(ChronoUnit.SECONDS);
        String text;
        try (InputStream in = Fixture.class.getResourceAsStream(TEMPLATE)) {
            if (in == null) {
                throw new IllegalStateException(TEMPLATE + " is not on the test class path");
            }
            text = new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        Matcher matcher = TIME.matcher(text);
        StringBuilder generated = new StringBuilder();
        while (matcher.find()) {
            Instant time = matcher.group(1) == null ? base : base.minus(Duration.parse(matcher.group(1)));
            matcher.appendReplacement(generated, Matcher.quoteReplacement(time.toString()));
        }
        matcher.appendTail(generated);
        List<ObjectNode> records = new ArrayList<>();
        for (String line : generated.toString().split("\n")) {
            if (!line.isBlank()) {
                records.add((ObjectNode) Json.parse(line));
            }
        }
        try {
            Files.createDirectories(output.toAbsolutePath().getParent());
            return new Fixture(Files.writeString(output, generated, StandardCharsets.UTF_8), base, records);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The fixture's companies whose scan did not complete, with the status each answers: never successful. */
    public static Stream<Arguments> companiesWithoutACompletedScan() {
        return Stream.of(
                Arguments.of(COMPANY_SEEBLICK, "failed"),
                Arguments.of(COMPANY_GIPFEL, "pending"),
                Arguments.of(COMPANY_ALPENBLICK, "not_scanned"));
    }

    /** The generated file, as given to the importer or to {@code import}. */
    public Path file() {
        return file;
    }

    /** The "now" the relative times were computed from (second precision). */
    public Instant now() {
        return now;
    }

    /** The company records of a search, as imported (with their {@code type} field). */
    public List<ObjectNode> companiesOf(String searchId) {
        return records.stream()
                .filter(record -> type(record).equals("company"))
                .filter(record -> record.get("prospect_search_id").stringValue().equals(searchId))
                .toList();
    }

    public ObjectNode company(String id) {
        return records.stream()
                .filter(record -> type(record).equals("company") && record.get("id").stringValue().equals(id))
                .findFirst()
                .orElseThrow(() -> new IllegalArgumentException("No company " + id + " in the fixture"));
    }

    /** The id of the only company of {@link #SEARCH_MAIN} with this name. */
    public String companyNamed(String name) {
        List<String> ids = companiesOf(SEARCH_MAIN).stream()
                .filter(company -> company.get("name").stringValue().equals(name))
                .map(company -> company.get("id").stringValue())
                .toList();
        if (ids.size() != 1) {
            throw new IllegalArgumentException(ids.size() + " companies named " + name + " in the main search");
        }
        return ids.getFirst();
    }

    public List<ObjectNode> jobsOf(String companyId) {
        return records.stream()
                .filter(record -> type(record).equals("job") && record.get("company_id").stringValue().equals(companyId))
                .toList();
    }

    public ObjectNode scanOf(String companyId) {
        return records.stream()
                .filter(record -> type(record).equals("webtech_scan") && record.get("company_id").stringValue().equals(companyId))
                .findFirst()
                .orElseThrow(() -> new IllegalArgumentException("No scan of " + companyId + " in the fixture"));
    }

    private static String type(JsonNode record) {
        return record.get("type").stringValue();
    }
}
