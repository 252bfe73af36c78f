package com.prospectdata.operator.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.prospectdata.generated.jooq.tables.records.ApiKeyRecord;
import com.prospectdata.operator.demodata.DemoDataGenerator;
import com.prospectdata.operator.demodata.DemoDataLoader;
import com.prospectdata.operator.importer.DatabaseTest;
import com.prospectdata.operator.importer.ImportProgress;
import com.prospectdata.operator.importer.TestDatabase;
import com.prospectdata.pipeline.Tier;
import com.prospectdata.pipeline.auth.ApiKeyService;
import com.prospectdata.pipeline.auth.DeploymentEnvironment;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.jooq.DSLContext;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.parallel.ResourceLock;
import org.junit.jupiter.api.parallel.Resources;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.context.ConfigurableApplicationContext;

/**
 * {@code serve --demo} started again and again on one demo database leaves one active demo key:
 * each start revokes the demo keys of the starts before it (only their hashes are kept, so none
 * can be shown again), issues a fresh one and says in one line how many it replaced. Keys an
 * operator issued for the demo organization are not touched. What the banner of each start
 * says, on the demo data of a small load.
 */
@DatabaseTest
// It captures the standard streams: nothing else may write to them meanwhile (junit-platform.properties).
@ResourceLock(Resources.SYSTEM_OUT)
@ResourceLock(Resources.SYSTEM_ERR)
class DemoKeyTest {

    private static final Pattern REVOKE_LINE = Pattern.compile("keys revoke ([0-9a-f-]{36})");

    @Autowired
    DemoSetup setup;

    @Autowired
    DemoDataLoader loader;

    @Autowired
    ApiKeyService keys;

    @Autowired
    DSLContext db;

    @Autowired
    ConfigurableApplicationContext context;

    @BeforeEach
    void demoDatabase() {
        TestDatabase.emptyDatabase(db);
        loader.load(DemoSetup.DEMO_SEED, 20, ImportProgress.NONE);
    }

    /** What one start's banner printed. */
    private synchronized String start() {
        PrintStream out = System.out;
        ByteArrayOutputStream printed = new ByteArrayOutputStream();
        try {
            System.setOut(new PrintStream(printed, true, StandardCharsets.UTF_8));
            setup.prepareAndPrint(context);
        } finally {
            System.setOut(out);
        }
        return printed.toString(StandardCharsets.UTF_8);
    }

    private static String issuedId(String banner) {
        Matcher revoke = REVOKE_LINE.matcher(banner);
        assertThat(revoke.find()).as("%s", banner).isTrue();
        return revoke.group(1);
    }

    private List<String> activeKeys() {
        return keys.list(DemoDataGenerator.DEMO_ORGANIZATION_ID).stream()
                .filter(key -> key.getRevokedAt() == null).map(ApiKeyRecord::getId).map(Object::toString).toList();
    }

    @Test
    void everyStartRevokesTheDemoKeysBeforeItAndIssuesOneFreshKey() {
        String operators = keys.issue(DemoDataGenerator.DEMO_ORGANIZATION_ID, Tier.FREE, null, List.of("companies:read"),
                DeploymentEnvironment.TEST, "the operator's own", null).id().toString();

        String first = start();
        assertThat(first).as("nothing replaced on a first start").doesNotContain("replaces");
        start();
        String third = start();

        assertThat(activeKeys()).as("the latest demo key and the operator's")
                .containsExactlyInAnyOrder(issuedId(third), operators);
        assertThat(third).contains(
                "It replaces the earlier demo key, now revoked: a key is kept only as its hash, so none can be shown again.\n");
    }

    @Test
    void demoKeysPiledUpByEarlierStartsAreAllRevokedInOneLine() {
        for (int start = 0; start < 4; start++) {
            keys.issue(DemoDataGenerator.DEMO_ORGANIZATION_ID, Tier.PRO, null, List.of("companies:read"),
                    DeploymentEnvironment.TEST, "demo key (serve --demo)", null);
        }

        String banner = start();

        assertThat(activeKeys()).containsExactly(issuedId(banner));
        assertThat(banner.lines().filter(line -> line.contains("replaces")).toList())
                .containsExactly("It replaces the 4 earlier demo keys, now revoked: a key is kept only as its hash, so none can be shown again.");
    }
}
