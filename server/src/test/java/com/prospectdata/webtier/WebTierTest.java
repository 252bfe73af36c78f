package com.prospectdata.webtier;

import static com.prospectdata.generated.jooq.Tables.COMPANY;
import static org.assertj.core.api.Assertions.assertThat;

import com.prospectdata.data.dataversion.DataVersions;
import com.prospectdata.operator.importer.ImportProgress;
import com.prospectdata.operator.importer.ImportReport;
import com.prospectdata.operator.importer.Importer;
import com.prospectdata.pipeline.Tier;
import com.prospectdata.pipeline.auth.ApiKeyService;
import com.prospectdata.pipeline.auth.DeploymentEnvironment;
import com.prospectdata.testing.Fixture;
import com.prospectdata.testing.Operation;
import java.io.IOException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.Map;
import java.util.StringJoiner;
import java.util.UUID;
import java.util.stream.Stream;
import org.jooq.DSLContext;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.TestInstance;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.webmvc.test.autoconfigure.AutoConfigureMockMvc;
import org.springframework.http.HttpMethod;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;
import org.springframework.test.web.servlet.MockMvc;
import org.springframework.test.web.servlet.MvcResult;
import org.springframework.test.web.servlet.RequestBuilder;
import org.springframework.test.web.servlet.request.MockHttpServletRequestBuilder;
import org.springframework.test.web.servlet.request.MockMvcRequestBuilders;
import tools.jackson.databind.JsonNode;

/**
 * The in-process tier of the behaviour suite: the whole application in process (generated
 * controllers, delegates, query classes, the pipeline and the one error advice), called through
 * MockMvc, with no jar and no port. Every subclass shares one application context (same
 * annotations, so Spring's test context cache starts it once) and the contract tests' fixture
 * ({@link Fixture}, the testing module's fixture.jsonl), loaded with the importer. Every
 * response is held to api/openapi.yaml ({@link DocumentValidation}) and to what
 * docs/api-rules.md says of every response ({@link ContractInvariants}); the contract tests ask
 * the same of the packaged jar, and this tier answers in seconds.
 *
 * <p>The database is the application's embedded PostgreSQL, or a fresh database on a real
 * server when {@value WebTierDatabase#ADMIN_URL} names one ({@link WebTierDatabase}): the
 * classes tagged {@link DatabaseServer} run there too in CI.
 */
@SpringBootTest(properties = {"app.data-dir=target/test-data/web-tier", "app.environment=test",
        "app.embedded-postgres.durable=false",
        // The tests fail authentication on purpose, dozens of times from one address; the
        // throttle of failed attempts has tests of its own (FailedAuthenticationThrottleTest,
        // RequestPipelineWebTest, and the contract tests' OperationsJarTest).
        "app.auth.failed-attempts-per-minute=100000"})
@AutoConfigureMockMvc
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
public abstract class WebTierTest {

    /** The fixture as imported for this run: its times are relative to when that was. */
    private static volatile Fixture fixture;

    /** The keys of a class; all of our organization unless named otherwise. */
    public record Keys(
            /** pro tier, companies:read, this deployment's environment (test). */
            String main,
            /** No scope: authenticates, but may read nothing. */
            String noScope,
            /** A well-formed key of the other environment (live). */
            String live,
            /** Revoked before the server ever saw it. */
            String revoked,
            /** A companies:read key of the other organization, free tier. */
            String otherOrganization) {
    }

    @Autowired
    protected MockMvc mvc;
    @Autowired
    private Importer importer;
    @Autowired
    private ApiKeyService keyService;
    @Autowired
    private DataVersions dataVersions;
    @Autowired
    private DSLContext db;

    /** The main key of this class: {@code keys().main()}. */
    protected String key;
    private Keys keys;

    @DynamicPropertySource
    static void database(DynamicPropertyRegistry registry) {
        WebTierDatabase.onServer().ifPresent(database -> {
            registry.add("spring.datasource.url", database::jdbcUrl);
            registry.add("spring.datasource.username", database::username);
            registry.add("spring.datasource.password", database::password);
        });
    }

    @BeforeAll
    void loadDataAndIssueKeys() throws Exception {
        importFixtureOnce();
        // Every class starts on the current data version, not a poll after an earlier class's write.
        dataVersions.refresh();
        key = issueKey(Fixture.ORG_OURS);
        ApiKeyService.IssuedKey revoked = issued(Fixture.ORG_OURS, Tier.PRO, null, List.of("companies:read"),
                DeploymentEnvironment.TEST);
        keyService.revoke(revoked.id().toString());
        keys = new Keys(key,
                issue(Fixture.ORG_OURS, Tier.PRO, null, List.of(), DeploymentEnvironment.TEST),
                issue(Fixture.ORG_OURS, Tier.PRO, null, List.of("companies:read"), DeploymentEnvironment.LIVE),
                revoked.key(),
                issue(Fixture.ORG_OTHER, Tier.FREE, null, List.of("companies:read"), DeploymentEnvironment.TEST));
        Operation.changesCursorIs(ok(Operation.GET_PROSPECT_SEARCH.validRequest()).get("changes_cursor").stringValue());
    }

    /**
     * Imports the fixture once per JVM, as the contract tests do once per run: first its
     * companies go (with their contacts, jobs and scans), so that the times the import sets for
     * them (created_at, updated_at when the file has none) are this run's, as on the jar tier's
     * fresh database, whatever an earlier run left in the embedded database's data directory.
     */
    private void importFixtureOnce() throws IOException {
        synchronized (WebTierTest.class) {
            if (fixture != null) {
                return;
            }
            db.deleteFrom(COMPANY).where(COMPANY.PROSPECT_SEARCH_ID.in(Stream.of(Fixture.SEARCH_MAIN,
                    Fixture.SEARCH_EMPTY, Fixture.SEARCH_BRANCHES, Fixture.SEARCH_OTHER_ORG).map(UUID::fromString).toList()))
                    .execute();
            Fixture generated = Fixture.generate(Instant.now(), Path.of("target", "test-data", "fixture.jsonl"));
            ImportReport report = importer.importFile(generated.file(), null, ImportProgress.NONE);
            if (!report.written()) {
                throw new IllegalStateException("fixture.jsonl did not import: " + report.errors());
            }
            fixture = generated;
        }
    }

    /**
     * Imports these lines as {@code import} (with {@code --replace} when {@code replace}) and has
     * the server read the new data versions at once.
     */
    protected ImportReport importLines(boolean replace, List<String> lines) throws IOException {
        Path file = Files.createTempFile("web-tier-import-", ".jsonl");
        try {
            Files.write(file, lines);
            ImportReport report = importer.importFile(file, null, replace, ImportProgress.NONE);
            dataVersions.refresh();
            return report;
        } finally {
            Files.deleteIfExists(file);
        }
    }

    /** Has the server read every organization's data version now, as after an import. */
    protected void refreshDataVersions() {
        dataVersions.refresh();
    }

    /** The database, for a test that must write what no import can (an old change for retention to remove). */
    protected DSLContext database() {
        return db;
    }

    /** The fixture as imported for this run. */
    protected static Fixture fixture() {
        return fixture;
    }

    protected Keys keys() {
        return keys;
    }

    /**
     * A pro key of {@code organization} with companies:read that expires in a day, in whole seconds
     * as the operator tool issues expiries: the document writes API-Key-Expiration to the second.
     */
    protected String issueKey(String organization) {
        return issue(organization, Tier.PRO, null, List.of("companies:read"), DeploymentEnvironment.TEST);
    }

    /** A key as {@code keys issue} makes one, expiring in a day. */
    protected String issue(String organization, Tier tier, Integer rateLimit, List<String> scopes,
                           DeploymentEnvironment environment) {
        return issued(organization, tier, rateLimit, scopes, environment).key();
    }

    private ApiKeyService.IssuedKey issued(String organization, Tier tier, Integer rateLimit, List<String> scopes,
                                           DeploymentEnvironment environment) {
        return keyService.issue(UUID.fromString(organization), tier, rateLimit, scopes, environment, null,
                Instant.now().plus(1, ChronoUnit.DAYS).truncatedTo(ChronoUnit.SECONDS));
    }

    /** An authenticated GET over HTTPS with the main key; {@code uri} is sent as written, already percent-encoded. */
    protected MockHttpServletRequestBuilder call(String uri) {
        return callWith(key, uri);
    }

    /** An authenticated GET over HTTPS with this key; {@code uri} as written. */
    protected MockHttpServletRequestBuilder callWith(String bearerKey, String uri) {
        return request(HttpMethod.GET, uri).header("Authorization", "Bearer " + bearerKey);
    }

    /** A request over HTTPS without a key; {@code uri} as written. */
    protected MockHttpServletRequestBuilder request(HttpMethod method, String uri) {
        return MockMvcRequestBuilders.request(method, URI.create(uri)).secure(true);
    }

    /** A GET over HTTPS without a key. */
    protected MockHttpServletRequestBuilder anonymous(String uri) {
        return MockMvcRequestBuilders.get(URI.create(uri)).secure(true);
    }

    /**
     * Sends the request; the answer as a client reads it. A stream's handler returns before its
     * answer is written (pipeline/streaming): its exchange is completed here, as the container
     * completes it, by the asynchronous dispatch that follows its writer's end.
     */
    protected Answer send(RequestBuilder request) throws Exception {
        MvcResult result = mvc.perform(request).andReturn();
        if (result.getRequest().isAsyncStarted()) {
            // A hang guard: a stream of the fixture ends in well under a second.
            result.getAsyncResult(STREAM_BOUND.toMillis());
            result = mvc.perform(MockMvcRequestBuilders.asyncDispatch(result)).andReturn();
        }
        return Answer.of(result.getResponse());
    }

    /** How long {@link #send} waits for a stream's writer. */
    protected static final Duration STREAM_BOUND = Duration.ofMinutes(1);

    /** GET with the main key. */
    protected Answer fetch(String uri) throws Exception {
        return send(call(uri));
    }

    /** GET with the main key, only the response validated: for a request the document's validator would refuse though the server takes it. */
    protected Answer fetchResponseOnly(String uri) throws Exception {
        return send(call(uri).with(DocumentValidation.responseOnly()));
    }

    /**
     * The path with the parameters as its query, in the map's order, each name and value
     * percent-encoded as {@link #encode} does.
     */
    protected static String withQuery(String path, Map<String, ?> parameters) {
        StringJoiner query = new StringJoiner("&");
        parameters.forEach((name, value) -> query.add(encode(name) + "=" + encode(String.valueOf(value))));
        return parameters.isEmpty() ? path : path + (path.contains("?") ? "&" : "?") + query;
    }

    /** Percent-encodes UTF-8, leaving only RFC 3986's unreserved characters as they are. */
    public static String encode(String text) {
        StringBuilder out = new StringBuilder();
        for (byte b : text.getBytes(StandardCharsets.UTF_8)) {
            char c = (char) (b & 0xFF);
            if ((c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '-' || c == '.' || c == '_' || c == '~') {
                out.append(c);
            } else {
                out.append('%').append(String.format("%02X", b & 0xFF));
            }
        }
        return out.toString();
    }

    /** GET with the main key, which must answer 200: its body. */
    protected JsonNode ok(String uri) throws Exception {
        Answer answer = fetch(uri);
        assertThat(answer.status()).as("%s: %s", uri, answer).isEqualTo(200);
        return answer.json();
    }
}
