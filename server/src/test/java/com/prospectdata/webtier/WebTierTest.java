package com.prospectdata.webtier;

import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.get;

import com.prospectdata.pipeline.auth.ApiKeyService;
import com.prospectdata.data.dataversion.DataVersions;
import com.prospectdata.pipeline.auth.DeploymentEnvironment;
import com.prospectdata.pipeline.Tier;
import com.prospectdata.operator.importer.ImportProgress;
import com.prospectdata.operator.importer.ImportReport;
import com.prospectdata.operator.importer.Importer;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.TestInstance;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.webmvc.test.autoconfigure.AutoConfigureMockMvc;
import org.springframework.test.web.servlet.MockMvc;
import org.springframework.test.web.servlet.request.MockHttpServletRequestBuilder;

/**
 * The fast tier of the delegates: the whole application in process (generated controllers,
 * delegates, query classes on the embedded PostgreSQL, the pipeline and the one error advice),
 * called through MockMvc, with no jar and no port. Every subclass shares one application context
 * (same annotations, so Spring's test context cache starts it once) and the small data set of
 * {@code web-tier.jsonl}, loaded with the importer. Every response to a path of api/openapi.yaml
 * is validated against it with the contract tests' validator ({@link DocumentValidation}); the
 * contract tests ask the same of the packaged jar, and this tier answers in seconds.
 */
@SpringBootTest(properties = {"app.data-dir=target/test-data/web-tier", "app.environment=test",
        "app.embedded-postgres.durable=false"})
@AutoConfigureMockMvc
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
public abstract class WebTierTest {

    /** Ours: the key's organization. */
    protected static final UUID OUR_SEARCH = UUID.fromString("5e000000-0000-4000-8000-000000000001");
    protected static final UUID OUR_EMPTY_SEARCH = UUID.fromString("5e000000-0000-4000-8000-000000000002");
    /** Another organization's search and company. */
    protected static final UUID THEIR_SEARCH = UUID.fromString("5e000000-0000-4000-8000-000000000003");
    protected static final UUID THEIR_COMPANY = UUID.fromString("c1000000-0000-4000-8000-0000000000b1");
    /** Our companies, in the list's order: match_score descending, then name, then id. */
    protected static final UUID ALSTER = UUID.fromString("c1000000-0000-4000-8000-000000000001");
    protected static final UUID SNAKE_CASE = UUID.fromString("c1000000-0000-4000-8000-000000000004");
    protected static final UUID ELBE = UUID.fromString("c1000000-0000-4000-8000-000000000002");
    protected static final UUID ELBE_TWIN = UUID.fromString("c1000000-0000-4000-8000-000000000005");
    protected static final UUID ISAR = UUID.fromString("c1000000-0000-4000-8000-000000000003");

    /** Our organization, the key's, and the other one of the fixture. */
    protected static final UUID OURS = UUID.fromString("0e000000-0000-4000-8000-00000000000a");
    protected static final UUID THEIRS = UUID.fromString("0e000000-0000-4000-8000-00000000000b");
    private static final Pattern RELATIVE_TIME = Pattern.compile("\\{\\{now-([^}]+)}}");

    @Autowired
    protected MockMvc mvc;
    @Autowired
    private Importer importer;
    @Autowired
    private ApiKeyService keys;
    @Autowired
    private DataVersions dataVersions;

    /** A pro key of ours with companies:read, issued for this class. */
    protected String key;

    @BeforeAll
    void loadDataAndIssueKey() throws IOException {
        ImportReport report = importer.importFile(fixture(Instant.now()), null, ImportProgress.NONE);
        if (!report.written()) {
            throw new IllegalStateException("web-tier.jsonl did not import: " + report.errors());
        }
        // The import raised the data version: every test starts on the new one, not a poll later.
        dataVersions.refresh();
        key = issueKey(OURS);
    }

    /**
     * A pro key of {@code organization} with companies:read that expires in a day, in whole seconds
     * as the operator tool issues expiries: the document writes API-Key-Expiration to the second.
     */
    protected String issueKey(UUID organization) {
        return keys.issue(organization, Tier.PRO, null, List.of("companies:read"), DeploymentEnvironment.TEST, null,
                Optional.of(Instant.now().plus(1, ChronoUnit.DAYS).truncatedTo(ChronoUnit.SECONDS))).key();
    }

    /** An authenticated GET over HTTPS; {@code uri} is sent as written, already percent-encoded. */
    protected MockHttpServletRequestBuilder call(String uri) {
        return get(URI.create(uri)).secure(true).header("Authorization", "Bearer " + key);
    }

    /** The fixture with {@code {{now-PnD}}} resolved against {@code now}: job windows are measured from the clock. */
    private static Path fixture(Instant now) {
        try (var in = WebTierTest.class.getResourceAsStream("/web-tier.jsonl")) {
            String text = new String(in.readAllBytes(), StandardCharsets.UTF_8);
            Matcher times = RELATIVE_TIME.matcher(text);
            String resolved = times.replaceAll(match -> now.minus(Duration.parse(match.group(1)))
                    .truncatedTo(ChronoUnit.SECONDS).toString());
            Path file = Files.createTempFile("web-tier", ".jsonl");
            file.toFile().deleteOnExit();
            return Files.writeString(file, resolved);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
