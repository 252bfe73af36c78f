package com.prospectdata.operator.cli;

import com.prospectdata.pipeline.auth.ApiKeyService;
import com.prospectdata.pipeline.auth.EnvironmentSettings;
import com.prospectdata.pipeline.auth.Scopes;
import com.prospectdata.pipeline.Tier;
import com.prospectdata.data.database.DatabaseProperties;
import com.prospectdata.data.database.NoDatasourceUrlCondition;
import com.prospectdata.generated.jooq.tables.records.ApiKeyRecord;
import com.prospectdata.operator.demodata.DemoDataGenerator;
import com.prospectdata.operator.demodata.DemoDataLoader;
import com.prospectdata.operator.demodata.DemoDataQueries;
import com.prospectdata.operator.importer.ImportProgress;
import com.prospectdata.pipeline.tls.TlsMode;
import com.prospectdata.pipeline.tls.TlsProperties;
import java.io.File;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.boot.context.properties.bind.Binder;
import org.springframework.boot.web.server.Ssl;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.stereotype.Component;

/**
 * What {@code serve --demo} does once the server is up: demo data on an empty database, then a
 * fresh demo key and a curl line that works as pasted.
 */
@Component
class DemoSetup {

    /** Fixed, so every demo database holds the same companies (job dates apart). */
    static final long DEMO_SEED = 42;
    static final int DEMO_COMPANIES = 3000;
    /** What tells the keys {@code serve --demo} issued from those an operator issued. */
    static final String DEMO_KEY_LABEL = "demo key (serve --demo)";

    private static final Logger log = LoggerFactory.getLogger(DemoSetup.class);

    private final DemoDataQueries queries;
    private final DemoDataLoader loader;
    private final ApiKeyService keys;
    private final EnvironmentSettings environment;

    public DemoSetup(DemoDataQueries queries, DemoDataLoader loader, ApiKeyService keys, EnvironmentSettings environment) {
        this.queries = queries;
        this.loader = loader;
        this.keys = keys;
        this.environment = environment;
    }

    /**
     * An operator command as it can be pasted in the shell the server was started from: this
     * JVM's own java (the machine's default may be too old), this jar, and, on the embedded
     * database, this data directory.
     */
    static String operatorCommand(ConfigurableApplicationContext context, String command) {
        boolean embedded = NoDatasourceUrlCondition.noDatasourceUrl(context.getEnvironment());
        Path dataDirectory = embedded ? context.getBean(DatabaseProperties.class).dataDir() : null;
        return String.join(" ", operatorCommandWords(dataDirectory, command))
                + (embedded ? "" : "   (with the same SPRING_DATASOURCE_* settings as the server)");
    }

    /** The words of {@link #operatorCommand}, each quoted for a POSIX shell where it needs to be. */
    static List<String> operatorCommandWords(Path embeddedDataDirectory, String command) {
        List<String> words = new ArrayList<>();
        if (embeddedDataDirectory != null) {
            words.add("APP_DATA_DIR=" + quoted(embeddedDataDirectory.toAbsolutePath().normalize().toString()));
        }
        words.add(quoted(ProcessHandle.current().info().command().orElse("java")));
        words.add("-jar");
        String classPath = System.getProperty("java.class.path", "");
        boolean runFromJar = classPath.endsWith(".jar") && !classPath.contains(File.pathSeparator);
        words.add(runFromJar ? quoted(Path.of(classPath).toAbsolutePath().normalize().toString()) : "prospect-api.jar");
        words.addAll(List.of(command.split(" ")));
        return words;
    }

    private static String quoted(String word) {
        return word.matches("[A-Za-z0-9_./:=@%+-]+") ? word : "'" + word.replace("'", "'\\''") + "'";
    }

    /** The demo key issued now, and how many earlier ones it revoked. */
    record DemoKey(ApiKeyService.IssuedKey issued, int revoked) {

        /** The banner's line about the keys it replaced, empty when there were none. */
        String replacing() {
            if (revoked == 0) {
                return "";
            }
            return (revoked == 1 ? "It replaces the earlier demo key, now revoked"
                    : "It replaces the " + revoked + " earlier demo keys, now revoked")
                    + ": a key is kept only as its hash, so none can be shown again.\n";
        }
    }

    /**
     * Revokes the demo keys earlier starts issued, found by their label, and issues one fresh
     * key. An earlier key cannot be reused: only its hash is stored, so it cannot be printed
     * again, and a key nobody can see should not stay live. So a demo database holds one active
     * demo key however often {@code serve --demo} starts on it; keys issued with
     * {@code keys issue} for the demo organization are left alone.
     */
    DemoKey replaceDemoKey() {
        int revoked = 0;
        for (ApiKeyRecord key : keys.list(DemoDataGenerator.DEMO_ORGANIZATION_ID)) {
            if (DEMO_KEY_LABEL.equals(key.getLabel()) && key.getRevokedAt() == null) {
                keys.revoke(key.getId().toString());
                revoked++;
            }
        }
        var issued = keys.issue(DemoDataGenerator.DEMO_ORGANIZATION_ID, Tier.PRO, null,
                List.of(Scopes.COMPANIES_READ), environment.served(), DEMO_KEY_LABEL, null);
        if (revoked > 0) {
            log.info("Revoked {} earlier demo key(s) of this database; issued a fresh one", revoked);
        }
        return new DemoKey(issued, revoked);
    }

    public void prepareAndPrint(ConfigurableApplicationContext context) {
        Optional<UUID> search = Optional.empty();
        if (queries.isEmpty()) {
            log.info("Empty database: loading {} demo companies", DEMO_COMPANIES);
            var report = loader.load(DEMO_SEED, DEMO_COMPANIES, ImportProgress.NONE);
            log.info("Demo data: {}", report.summary());
            search = Optional.ofNullable(report.largestSearch());
        }
        if (!queries.demoOrganizationExists()) {
            // Never mix demo data into a database that holds real organizations.
            System.out.println();
            System.out.println("--demo: the database already holds organizations and no demo organization, so no");
            System.out.println("demo data was loaded and no demo key issued. Load demo data explicitly with");
            System.out.println("  java -jar prospect-api.jar demo-data --companies " + DEMO_COMPANIES);
            System.out.println();
            return;
        }
        DemoKey demoKey = replaceDemoKey();
        var issued = demoKey.issued();
        String port = context.getEnvironment().getProperty("local.server.port", "8080");
        boolean tls = Ssl.isEnabled(Binder.get(context.getEnvironment()).bind("server.ssl", Ssl.class).orElse(null));
        String base = (tls ? "https" : "http") + "://localhost:" + port;
        // The self-signed certificate is trusted explicitly, never with -k: that is the habit to teach.
        String trust = context.getBean(TlsProperties.class).mode() == TlsMode.SELF_SIGNED
                ? " --cacert " + context.getBean(DatabaseProperties.class).dataDir().resolve("tls").resolve("certificate.pem")
                        .toAbsolutePath().normalize()
                : "";
        if (search.isEmpty()) {
            search = queries.largestDemoSearch();
        }
        String curl = "curl -s" + trust + " -H \"Authorization: Bearer " + issued.key() + "\" \""
                + base + "/api/v1/companies/" + search.map(id -> "?prospect_search_id=" + id + "&limit=3").orElse("")
                + "\"";
        String rule = "=".repeat(100);
        StringBuilder block = new StringBuilder()
                .append('\n').append(rule).append('\n')
                .append("Demo ready. A new demo API key (tier pro, companies:read, ").append(environment.served().wireName())
                .append(") for \"").append(DemoDataGenerator.DEMO_ORGANIZATION_NAME).append("\":\n\n")
                .append("  ").append(issued.key()).append("\n\n")
                .append(demoKey.replacing())
                .append("It is shown only now. Try it:\n\n")
                .append("  ").append(curl).append("\n\n")
                .append("Revoke it with:\n\n")
                .append("  ").append(operatorCommand(context, "keys revoke " + issued.id())).append("\n")
                .append(rule).append('\n');
        System.out.print(block);
        System.out.flush();
    }
}
