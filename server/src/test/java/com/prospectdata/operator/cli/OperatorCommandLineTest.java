package com.prospectdata.operator.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.prospectdata.data.database.EmbeddedPostgresServer;
import com.prospectdata.testing.Json;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.Properties;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.parallel.ResourceLock;
import org.junit.jupiter.api.parallel.Resources;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import tools.jackson.databind.JsonNode;

/**
 * The operator commands as an operator meets them, run in this JVM against an embedded
 * database of their own (kept running, as a server would, so each command attaches to it):
 * every failure is one line on stderr that says what is wrong, and what they print reads well.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
// It captures the standard streams: nothing else may write to them meanwhile (junit-platform.properties).
@ResourceLock(Resources.SYSTEM_OUT)
@ResourceLock(Resources.SYSTEM_ERR)
class OperatorCommandLineTest {

    private static final Path DATA_DIR = Path.of("target/test-data/operator-commands").toAbsolutePath();
    private static final Pattern UUID_TEXT = Pattern.compile("[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}");

    private EmbeddedPostgresServer database;

    @BeforeAll
    void startDatabase() {
        System.setProperty("app.data-dir", DATA_DIR.toString());
        System.setProperty("app.embedded-postgres.durable", "false");
        System.setProperty("app.environment", "test");
        database = EmbeddedPostgresServer.startOrAttach(new EmbeddedPostgresServer.Settings(
                DATA_DIR.resolve("postgres"), 0, "32MB", false));
    }

    @AfterAll
    void stopDatabase() {
        database.close();
        System.clearProperty("app.data-dir");
        System.clearProperty("app.embedded-postgres.durable");
        System.clearProperty("app.environment");
    }

    private static CommandRun run(String... args) {
        return CommandRun.of(args);
    }

    /** A command that could not be carried out: exit status 1 and one line. */
    private static String oneErrorLine(CommandRun run) {
        return oneErrorLine(run, 1);
    }

    private static String oneErrorLine(CommandRun run, int status) {
        assertThat(run.status()).as("%s", run).isEqualTo(status);
        assertThat(run.errorLines()).as("one line on stderr: %s", run).hasSize(1);
        assertThat(run.stderr()).as("no usage, no exception text").doesNotContain("Usage:", "Exception", "\tat ");
        return run.errorLines().getFirst();
    }

    private String organization() {
        CommandRun created = run("orgs", "create", "--name", "Command line test");
        assertThat(created.status()).as("%s", created).isZero();
        return created.stdout().strip();
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', textBlock = """
            keys issue --org not-a-uuid --tier pro    | --org  | not an id (a UUID
            keys issue --org 1-2-3-4-5 --tier pro     | --org  | not an id (a UUID
            keys list --org x                         | --org  | not an id (a UUID
            keys issue --tier pro                     | --org  | Missing required option
            keys issue --org 3f2b8c1d-9e4a-4b7f-8a21-6d5c0e9f1a42 --tier pro --rate-limit many | --rate-limit | Invalid value
            keys issue --org 3f2b8c1d-9e4a-4b7f-8a21-6d5c0e9f1a42 --tier pro --colour blue | --colour | Unknown option
            keys revoke                               | KEY_ID_OR_HINT | Missing required parameter
            keys rotate                               | KEY_ID_OR_HINT | Missing required parameter
            keys rotate 3f2b8c1d-9e4a-4b7f-8a21-6d5c0e9f1a42 --grace 1.5d | --grace | not a span of time
            keys rotate 3f2b8c1d-9e4a-4b7f-8a21-6d5c0e9f1a42 --grace -1d  | --grace | not a span of time
            keys rotate 3f2b8c1d-9e4a-4b7f-8a21-6d5c0e9f1a42 --grace 3m   | --grace | min for minutes
            keys issue --org 3f2b8c1d-9e4a-4b7f-8a21-6d5c0e9f1a42 --tier pro --expires-in 90 | --expires-in | not a span of time
            keys issue --org 3f2b8c1d-9e4a-4b7f-8a21-6d5c0e9f1a42 --tier pro --expires-in 0d | --expires-in | at least 1min
            keys issue --org 3f2b8c1d-9e4a-4b7f-8a21-6d5c0e9f1a42 --tier pro --expires-at 2027-01-31 | --expires-at | not an RFC 3339 time
            keys issue --org 3f2b8c1d-9e4a-4b7f-8a21-6d5c0e9f1a42 --tier pro --expires-at 2027-01-31T00:00:00Z --expires-in 1d | --expires-at | mutually exclusive
            demo-data --companies lots                | --companies | Invalid value
            import                                    | FILE   | Missing required parameter
            orgs frobnicate                           | frobnicate | Unmatched argument
            """)
    void aMistypedCommandIsOneLineNamingWhatIsWrong(String command, String named, String words) {
        String line = oneErrorLine(run(command.split(" ")), 2);

        assertThat(line).startsWith("error: ").doesNotStartWith("error: Error").contains(named).contains(words).contains("--help");
    }

    @Test
    void helpIsStillTheWholeUsage() {
        CommandRun help = run("keys", "issue", "--help");

        assertThat(help.status()).isZero();
        assertThat(help.stdout()).contains("Usage:", "--org", "--environment");
    }

    @Test
    void aKeyOfTheOtherEnvironmentIsRefusedWithTheWayToIssueIt() {
        String line = oneErrorLine(run("keys", "issue", "--org", organization(), "--tier", "pro", "--environment", "live"));

        assertThat(line).contains("this deployment serves test keys", "APP_ENVIRONMENT=live");
    }

    @Test
    void keysListShowsTheOrganizationAndTheLastUse() throws Exception {
        String organization = organization();
        CommandRun issued = run("keys", "issue", "--org", organization, "--tier", "free", "--label", "list me");
        String keyId = issued.stdout().lines().filter(line -> line.startsWith("id: ")).findFirst().orElseThrow().substring(4);
        String used = run("keys", "issue", "--org", organization, "--tier", "free").stdout().lines()
                .filter(line -> line.startsWith("id: ")).findFirst().orElseThrow().substring(4);
        try (Connection connection = DriverManager.getConnection(database.jdbcUrl(), credentials());
             Statement statement = connection.createStatement()) {
            statement.execute("update api_key set last_used_at = timestamptz '2026-11-20 08:30:00Z' where id = '" + used + "'");
        }

        CommandRun listed = run("keys", "list", "--org", organization);

        assertThat(listed.status()).as("%s", listed).isZero();
        List<String> lines = listed.stdout().lines().toList();
        assertThat(lines.getFirst()).contains("ORGANIZATION", "LAST USED");
        String neverUsed = lines.stream().filter(line -> line.startsWith(keyId)).findFirst().orElseThrow();
        assertThat(neverUsed).contains(organization, "never", "list me");
        String usedLine = lines.stream().filter(line -> line.startsWith(used)).findFirst().orElseThrow();
        assertThat(usedLine).contains(organization, "2026-11-20T08:30:00Z");
    }

    private static String field(CommandRun run, String name) {
        assertThat(run.status()).as("%s", run).isZero();
        return run.stdout().lines().filter(line -> line.startsWith(name + ": ")).findFirst()
                .map(line -> line.substring(name.length() + 2)).orElseThrow(() -> new AssertionError("no " + name + " in " + run));
    }

    private static String rowOf(String keyId, CommandRun listed) {
        return listed.stdout().lines().filter(line -> line.startsWith(keyId)).findFirst().orElseThrow();
    }

    private void execute(String sql) throws Exception {
        try (Connection connection = DriverManager.getConnection(database.jdbcUrl(), credentials());
             Statement statement = connection.createStatement()) {
            statement.execute(sql);
        }
    }

    @Test
    void aKeyIssuedWithAnExpiryPrintsItAndOneWithoutSaysNever() {
        String organization = organization();

        CommandRun at = run("keys", "issue", "--org", organization, "--tier", "pro", "--expires-at", "2099-01-31T01:00:00+01:00");
        Instant before = Instant.now().truncatedTo(ChronoUnit.SECONDS);
        CommandRun in = run("keys", "issue", "--org", organization, "--tier", "pro", "--expires-in", "90d");
        Instant after = Instant.now();
        CommandRun never = run("keys", "issue", "--org", organization, "--tier", "pro");

        assertThat(field(at, "expires")).isEqualTo("2099-01-31T00:00:00Z");
        assertThat(Instant.parse(field(in, "expires"))).isBetween(before.plus(Duration.ofDays(90)), after.plus(Duration.ofDays(90)));
        assertThat(field(never, "expires")).isEqualTo("never");
        CommandRun listed = run("keys", "list", "--org", organization);
        assertThat(rowOf(field(at, "id"), listed)).contains("active", "2099-01-31T00:00:00Z");
        assertThat(rowOf(field(never, "id"), listed)).contains("active", "never");
    }

    @Test
    void anExpiryThatIsNotInTheFutureIsOneLine() {
        String line = oneErrorLine(run("keys", "issue", "--org", organization(), "--tier", "pro",
                "--expires-at", "2020-01-01T00:00:00Z"));

        assertThat(line).contains("2020-01-01T00:00:00Z", "not in the future");
    }

    @Test
    void rotatingIssuesTheSameKeyAnewAndLetsTheOldOneLiveForTheGracePeriod() {
        String organization = organization();
        CommandRun old = run("keys", "issue", "--org", organization, "--tier", "enterprise", "--rate-limit", "4321",
                "--scopes", "companies:read", "--label", "rotate me");
        String oldId = field(old, "id");
        String key = field(old, "key");
        Instant before = Instant.now().truncatedTo(ChronoUnit.SECONDS);

        CommandRun rotated = run("keys", "rotate", key.substring(0, 8) + "..." + key.substring(key.length() - 8));
        Instant after = Instant.now();

        String newId = field(rotated, "id");
        assertThat(field(rotated, "key")).startsWith("cpd_test_").isNotEqualTo(key);
        assertThat(field(rotated, "replaces")).isEqualTo(oldId);
        assertThat(field(rotated, "expires")).as("the new key's own expiry").isEqualTo("never");
        Instant oldEnds = Instant.parse(field(rotated, "replaced key expires"));
        assertThat(oldEnds).as("the default grace period is 24 hours")
                .isBetween(before.plus(Duration.ofHours(24)), after.plus(Duration.ofHours(24)));
        assertThat(rotated.stderr()).contains("not shown again", "keys revoke " + oldId);
        CommandRun listed = run("keys", "list", "--org", organization);
        String oldRow = rowOf(oldId, listed);
        String newRow = rowOf(newId, listed);
        assertThat(oldRow).contains("active", oldEnds.toString());
        assertThat(newRow).contains("active");
        for (String kept : List.of(organization, "test", "enterprise", "4321", "companies:read", "rotate me")) {
            assertThat(newRow).as("the new key keeps %s", kept).contains(kept);
        }
    }

    @Test
    void aZeroGraceEndsTheOldKeyNowAndAGraceNeverLengthensAnExpiry() {
        String organization = organization();
        String endsNow = field(run("keys", "issue", "--org", organization, "--tier", "free"), "id");
        CommandRun soon = run("keys", "issue", "--org", organization, "--tier", "free", "--expires-in", "1h");

        CommandRun ended = run("keys", "rotate", endsNow, "--grace", "0", "--expires-in", "30d");
        CommandRun kept = run("keys", "rotate", field(soon, "id"), "--grace", "7d");

        assertThat(Instant.parse(field(ended, "replaced key expires"))).isBeforeOrEqualTo(Instant.now());
        assertThat(Instant.parse(field(ended, "expires"))).as("the new key's expiry")
                .isAfter(Instant.now().plus(Duration.ofDays(29)));
        assertThat(rowOf(endsNow, run("keys", "list", "--org", organization))).contains("expired");
        assertThat(field(kept, "replaced key expires")).isEqualTo(field(soon, "expires"));
    }

    @Test
    void aRevokedAnExpiredAnUnknownOrAnAlreadyRotatedKeyIsNotRotated() throws Exception {
        String organization = organization();
        String revoked = field(run("keys", "issue", "--org", organization, "--tier", "free"), "id");
        run("keys", "revoke", revoked);
        String expired = field(run("keys", "issue", "--org", organization, "--tier", "free", "--expires-in", "1h"), "id");
        execute("update api_key set expires_at = now() - interval '1 second' where id = '" + expired + "'");
        String rotatedOnce = field(run("keys", "issue", "--org", organization, "--tier", "free"), "id");
        String replacement = field(run("keys", "rotate", rotatedOnce), "id");
        CommandRun before = run("keys", "list", "--org", organization);

        assertThat(oneErrorLine(run("keys", "rotate", revoked))).contains(revoked, "was revoked", "keys issue");
        assertThat(oneErrorLine(run("keys", "revoke", revoked))).as("revoked again")
                .contains(revoked, "already revoked at", "nothing was changed");
        assertThat(oneErrorLine(run("keys", "rotate", expired))).contains(expired, "expired at", "keys issue");
        assertThat(oneErrorLine(run("keys", "rotate", rotatedOnce))).contains("already rotated", replacement);
        assertThat(oneErrorLine(run("keys", "rotate", "5d8f3a9c-1b2e-4c7d-9e0f-a1b2c3d4e5f6"))).contains("no key matches");
        assertThat(oneErrorLine(run("keys", "rotate", "not-a-key"))).contains("neither a key id");
        CommandRun after = run("keys", "list", "--org", organization);
        assertThat(after.stdout().lines().count()).as("a refused rotation issues no key").isEqualTo(before.stdout().lines().count());
        assertThat(rowOf(revoked, after)).contains("revoked", "never");
        assertThat(rowOf(rotatedOnce, after)).isEqualTo(rowOf(rotatedOnce, before));
    }

    @Test
    void keysListShowsStateAndAgeAndMarksActiveKeysOlderThan90Days() throws Exception {
        String organization = organization();
        String old = field(run("keys", "issue", "--org", organization, "--tier", "free"), "id");
        String oldButRevoked = field(run("keys", "issue", "--org", organization, "--tier", "free"), "id");
        String fresh = field(run("keys", "issue", "--org", organization, "--tier", "free"), "id");
        execute("update api_key set created_at = now() - interval '100 days' where id in ('" + old + "', '" + oldButRevoked + "')");
        run("keys", "revoke", oldButRevoked);

        CommandRun listed = run("keys", "list", "--org", organization);

        assertThat(listed.stdout().lines().findFirst().orElseThrow()).contains("STATE", "AGE", "EXPIRES");
        assertThat(rowOf(old, listed)).contains("active", "100d *");
        assertThat(rowOf(oldButRevoked, listed)).contains("revoked", "100d").doesNotContain("*");
        assertThat(rowOf(fresh, listed)).contains("active", "0min").doesNotContain("*");
        assertThat(listed.stdout()).contains("* active for more than 90 days: roll it over with keys rotate");
    }

    private Properties credentials() {
        Properties properties = new Properties();
        properties.setProperty("user", database.username());
        properties.setProperty("password", database.password());
        return properties;
    }

    @Test
    void importingADirectoryOrNothingSaysSo() throws Exception {
        Path directory = Files.createDirectories(DATA_DIR.resolve("a-directory"));

        assertThat(oneErrorLine(run("import", directory.toString()))).contains(directory + " is a directory");
        assertThat(oneErrorLine(run("import", DATA_DIR.resolve("missing.jsonl").toString()))).contains("no such file");
    }

    @Test
    void aFileThatIsNotUtf8IsReportedAsSuchByLine() throws Exception {
        Path utf16 = DATA_DIR.resolve("utf-16.jsonl");
        String record = "{\"type\":\"organization\",\"id\":\"6f1c2a4e-8b3d-4f0a-9c2e-1d5b7a9e3c02\",\"name\":\"Sixteen\"}\n";
        Files.write(utf16, (record + record).getBytes(StandardCharsets.UTF_16));
        Path withoutBom = DATA_DIR.resolve("utf-16le.jsonl");
        Files.write(withoutBom, record.getBytes(StandardCharsets.UTF_16LE));

        CommandRun withBom = run("import", utf16.toString());
        assertThat(withBom.status()).isNotZero();
        assertThat(withBom.stderr()).contains("line 1: not valid UTF-8").doesNotContain("Exception");
        assertThat(run("import", withoutBom.toString()).stderr()).contains("line 1: not valid UTF-8");
    }

    @Test
    void countsAreWrittenForPeople() throws Exception {
        Path one = DATA_DIR.resolve("one.jsonl");
        Files.writeString(one, "{\"type\":\"organization\",\"id\":\"6f1c2a4e-8b3d-4f0a-9c2e-1d5b7a9e3c03\",\"name\":\"One\"}\n");

        CommandRun imported = run("import", one.toString());

        assertThat(imported.status()).as("%s", imported).isZero();
        assertThat(imported.stdout()).contains("imported 1 record (1 organization, 0 prospect searches");
    }

    @Test
    void demoDataNamesItsOwnLargestSearchAndNeverRepeatsASearchName() throws Exception {
        CommandRun first = run("demo-data", "--companies", "300", "--seed", "1");
        CommandRun second = run("demo-data", "--companies", "300", "--seed", "2");

        assertThat(first.status()).as("%s", first).isZero();
        assertThat(second.status()).as("%s", second).isZero();
        assertThat(second.stdout()).containsPattern("loaded \\d{1,3}(,\\d{3})+ records \\(");
        String firstLargest = largestOf(first);
        String secondLargest = largestOf(second);
        assertThat(secondLargest).isNotEqualTo(firstLargest);
        try (Connection connection = DriverManager.getConnection(database.jdbcUrl(), credentials());
             Statement statement = connection.createStatement()) {
            try (ResultSet names = statement.executeQuery("select name from prospect_search where id = '" + secondLargest + "'")) {
                assertThat(names.next()).as("the largest search is one of this load's").isTrue();
                assertThat(names.getString(1)).contains("seed 2", "300 companies");
            }
            try (ResultSet repeated = statement.executeQuery(
                    "select count(*) - count(distinct name) from prospect_search where organization_id = '"
                            + com.prospectdata.operator.demodata.DemoDataGenerator.DEMO_ORGANIZATION_ID + "'")) {
                repeated.next();
                assertThat(repeated.getInt(1)).as("searches sharing a name").isZero();
            }
        }
    }

    private static String largestOf(CommandRun run) {
        Matcher matcher = Pattern.compile("largest prospect search of this load: (" + UUID_TEXT + ")").matcher(run.stdout());
        assertThat(matcher.find()).as("%s", run).isTrue();
        return matcher.group(1);
    }

    private static JsonNode json(CommandRun run) {
        assertThat(run.status()).as("%s", run).isZero();
        return Json.parse(run.stdout());
    }

    @Test
    void withOutputJsonEveryKeyCommandPrintsOneDocumentForScripts() throws Exception {
        JsonNode organization = json(run("orgs", "create", "--name", "JSON output", "--output", "json"));
        String organizationId = organization.get("id").asString();
        assertThat(organization.get("name").asString()).isEqualTo("JSON output");
        assertThat(Instant.parse(organization.get("created_at").asString())).isBeforeOrEqualTo(Instant.now());

        JsonNode issued = json(run("keys", "issue", "--org", organizationId, "--tier", "pro", "--label", "scripted",
                "--expires-at", "2099-01-31T00:00:00Z", "-o", "json"));
        String key = issued.get("key").asString();
        assertThat(key).startsWith("cpd_test_");
        assertThat(issued.get("expires_at").asString()).isEqualTo("2099-01-31T00:00:00Z");
        assertThat(issued.get("organization_id").asString()).isEqualTo(organizationId);
        assertThat(issued.get("hint").asString()).isEqualTo(key.substring(0, 8) + "..." + key.substring(key.length() - 8));

        JsonNode rotated = json(run("keys", "rotate", issued.get("id").asString(), "--grace", "0", "-o", "json"));
        assertThat(rotated.get("replaces").asString()).isEqualTo(issued.get("id").asString());
        assertThat(rotated.get("expires_at").isNull()).as("the new key never expires").isTrue();
        assertThat(Instant.parse(rotated.get("replaced_key_expires_at").asString())).isBeforeOrEqualTo(Instant.now());

        JsonNode revoked = json(run("keys", "revoke", rotated.get("id").asString(), "--output", "json"));
        assertThat(revoked.get("id").asString()).isEqualTo(rotated.get("id").asString());
        assertThat(revoked.get("state").asString()).isEqualTo("revoked");

        JsonNode listed = json(run("keys", "list", "--org", organizationId, "--output", "json"));
        assertThat(listed.isArray()).isTrue();
        assertThat(listed.size()).isEqualTo(2);
        for (JsonNode each : listed) {
            assertThat(each.get("organization_id").asString()).isEqualTo(organizationId);
            assertThat(each.get("label").asString()).isEqualTo("scripted");
            assertThat(each.get("rate_limit").isInt()).isTrue();
            assertThat(each.get("scopes").get(0).asString()).isEqualTo("companies:read");
            assertThat(each.get("last_used_at").isNull()).isTrue();
        }
        JsonNode revokedRow = listed.get(0).get("id").asString().equals(rotated.get("id").asString()) ? listed.get(0) : listed.get(1);
        assertThat(revokedRow.get("state").asString()).isEqualTo("revoked");
        assertThat(revokedRow.get("revoked_at").isString()).isTrue();
        assertThat(run("keys", "list", "--org", organizationId).stdout()).as("text stays the default").contains("LAST USED");

        JsonNode organizations = json(run("orgs", "list", "-o", "json"));
        List<String> organizationIds = new java.util.ArrayList<>();
        organizations.forEach(org -> organizationIds.add(org.get("id").asString()));
        assertThat(organizationIds).contains(organizationId);
    }

    @Test
    void importAndDemoDataPrintTheirCountsAsJson() throws Exception {
        Path one = DATA_DIR.resolve("one-json.jsonl");
        Files.writeString(one, "{\"type\":\"organization\",\"id\":\"6f1c2a4e-8b3d-4f0a-9c2e-1d5b7a9e3c04\",\"name\":\"Json\"}\n");

        JsonNode imported = json(run("import", one.toString(), "--output", "json"));
        JsonNode demo = json(run("demo-data", "--companies", "20", "--seed", "7", "-o", "json"));

        assertThat(imported.get("records").get("total").asLong()).isEqualTo(1);
        assertThat(imported.get("records").get("organizations").asLong()).isEqualTo(1);
        assertThat(imported.get("lines").asLong()).isEqualTo(1);
        assertThat(imported.get("rejects_file").isNull()).isTrue();
        assertThat(demo.get("records").get("companies").asLong()).isEqualTo(20);
        assertThat(demo.get("organization_id").asString())
                .isEqualTo(com.prospectdata.operator.demodata.DemoDataGenerator.DEMO_ORGANIZATION_ID.toString());
        assertThat(demo.get("largest_prospect_search_id").asString()).matches(UUID_TEXT);
    }

    @Test
    void theDemoBannersRevokeLineCarriesThisJavaThisJarAndThisDataDirectory() {
        List<String> words = DemoSetup.operatorCommandWords(DATA_DIR, "keys revoke X");

        assertThat(words.getFirst()).isEqualTo("APP_DATA_DIR=" + DATA_DIR);
        assertThat(words.get(1)).isEqualTo(ProcessHandle.current().info().command().orElseThrow());
        assertThat(words.subList(2, words.size())).endsWith("keys", "revoke", "X");
    }
}
