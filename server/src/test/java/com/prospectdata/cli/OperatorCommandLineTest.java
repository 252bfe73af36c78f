package com.prospectdata.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.prospectdata.database.EmbeddedPostgresServer;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.List;
import java.util.Properties;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The operator commands as an operator meets them, run in this JVM against an embedded
 * database of their own (kept running, as a server would, so each command attaches to it):
 * every failure is one line on stderr that says what is wrong, and what they print reads well.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class OperatorCommandLineTest {

    private static final Path DATA_DIR = Path.of("target/test-data/operator-commands").toAbsolutePath();
    private static final Pattern UUID_TEXT = Pattern.compile("[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}");

    private EmbeddedPostgresServer database;

    /** What a command printed and how it ended. */
    record Run(int status, String stdout, String stderr) {

        List<String> errorLines() {
            return stderr.lines().filter(line -> !line.isBlank()).toList();
        }
    }

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

    private static synchronized Run run(String... args) {
        PrintStream out = System.out;
        PrintStream err = System.err;
        ByteArrayOutputStream stdout = new ByteArrayOutputStream();
        ByteArrayOutputStream stderr = new ByteArrayOutputStream();
        try {
            System.setOut(new PrintStream(stdout, true, StandardCharsets.UTF_8));
            System.setErr(new PrintStream(stderr, true, StandardCharsets.UTF_8));
            int status = OperatorCommandLine.run(args);
            return new Run(status, stdout.toString(StandardCharsets.UTF_8), stderr.toString(StandardCharsets.UTF_8));
        } finally {
            System.setOut(out);
            System.setErr(err);
        }
    }

    private static String oneErrorLine(Run run) {
        assertThat(run.status()).as("%s", run).isNotZero();
        assertThat(run.errorLines()).as("one line on stderr: %s", run).hasSize(1);
        assertThat(run.stderr()).as("no usage, no exception text").doesNotContain("Usage:", "Exception", "\tat ");
        return run.errorLines().getFirst();
    }

    private String organization() {
        Run created = run("orgs", "create", "--name", "Command line test");
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
            demo-data --companies lots                | --companies | Invalid value
            import                                    | FILE   | Missing required parameter
            orgs frobnicate                           | frobnicate | Unmatched argument
            """)
    void aMistypedCommandIsOneLineNamingWhatIsWrong(String command, String named, String words) {
        String line = oneErrorLine(run(command.split(" ")));

        assertThat(line).startsWith("error: ").contains(named).contains(words).contains("--help");
    }

    @Test
    void helpIsStillTheWholeUsage() {
        Run help = run("keys", "issue", "--help");

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
        Run issued = run("keys", "issue", "--org", organization, "--tier", "free", "--label", "list me");
        String keyId = issued.stdout().lines().filter(line -> line.startsWith("id: ")).findFirst().orElseThrow().substring(4);
        String used = run("keys", "issue", "--org", organization, "--tier", "free").stdout().lines()
                .filter(line -> line.startsWith("id: ")).findFirst().orElseThrow().substring(4);
        try (Connection connection = DriverManager.getConnection(database.jdbcUrl(), credentials());
             Statement statement = connection.createStatement()) {
            statement.execute("update api_key set last_used_at = timestamptz '2026-11-20 08:30:00Z' where id = '" + used + "'");
        }

        Run listed = run("keys", "list", "--org", organization);

        assertThat(listed.status()).as("%s", listed).isZero();
        List<String> lines = listed.stdout().lines().toList();
        assertThat(lines.getFirst()).contains("ORGANIZATION", "LAST USED");
        String neverUsed = lines.stream().filter(line -> line.startsWith(keyId)).findFirst().orElseThrow();
        assertThat(neverUsed).contains(organization, "never", "list me");
        String usedLine = lines.stream().filter(line -> line.startsWith(used)).findFirst().orElseThrow();
        assertThat(usedLine).contains(organization, "2026-11-20T08:30:00Z");
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

        Run withBom = run("import", utf16.toString());
        assertThat(withBom.status()).isNotZero();
        assertThat(withBom.stderr()).contains("line 1: not valid UTF-8").doesNotContain("Exception");
        assertThat(run("import", withoutBom.toString()).stderr()).contains("line 1: not valid UTF-8");
    }

    @Test
    void countsAreWrittenForPeople() throws Exception {
        Path one = DATA_DIR.resolve("one.jsonl");
        Files.writeString(one, "{\"type\":\"organization\",\"id\":\"6f1c2a4e-8b3d-4f0a-9c2e-1d5b7a9e3c03\",\"name\":\"One\"}\n");

        Run imported = run("import", one.toString());

        assertThat(imported.status()).as("%s", imported).isZero();
        assertThat(imported.stdout()).contains("imported 1 record (1 organization, 0 prospect searches");
    }

    @Test
    void demoDataNamesItsOwnLargestSearchAndNeverRepeatsASearchName() throws Exception {
        Run first = run("demo-data", "--companies", "300", "--seed", "1");
        Run second = run("demo-data", "--companies", "300", "--seed", "2");

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
                            + com.prospectdata.demodata.DemoDataGenerator.DEMO_ORGANIZATION_ID + "'")) {
                repeated.next();
                assertThat(repeated.getInt(1)).as("searches sharing a name").isZero();
            }
        }
    }

    private static String largestOf(Run run) {
        Matcher matcher = Pattern.compile("largest prospect search of this load: (" + UUID_TEXT + ")").matcher(run.stdout());
        assertThat(matcher.find()).as("%s", run).isTrue();
        return matcher.group(1);
    }

    @Test
    void theDemoBannersRevokeLineCarriesThisJavaThisJarAndThisDataDirectory() {
        List<String> words = DemoSetup.operatorCommandWords(DATA_DIR, "keys revoke X");

        assertThat(words.getFirst()).isEqualTo("APP_DATA_DIR=" + DATA_DIR);
        assertThat(words.get(1)).isEqualTo(ProcessHandle.current().info().command().orElseThrow());
        assertThat(words.subList(2, words.size())).endsWith("keys", "revoke", "X");
    }
}
