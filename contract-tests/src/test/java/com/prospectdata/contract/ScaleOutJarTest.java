package com.prospectdata.contract;

import static com.prospectdata.contract.support.ChangeFeeds.changesPath;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.fail;

import com.prospectdata.contract.support.Api;
import com.prospectdata.contract.support.BalancerLoad;
import com.prospectdata.contract.support.DeployLocal;
import com.prospectdata.contract.support.ImportLines;
import com.prospectdata.contract.support.LocalTls;
import com.prospectdata.contract.support.Management;
import com.prospectdata.contract.support.RunsBesideOthers;
import io.restassured.response.Response;
import io.swagger.v3.oas.models.Operation;
import io.swagger.v3.oas.models.PathItem;
import io.swagger.v3.oas.models.parameters.Parameter;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.Timeout;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The scale-out topology of docs/OPERATIONS.md ("A scale-out topology on one machine"), brought up by
 * {@code deploy/local/up} and taken down by {@code deploy/local/down}: a PostgreSQL primary and a
 * streaming replica made with pg_basebackup, Redis, three API instances in proxy mode reading
 * from the replica ({@code app.replicas.urls}), and HAProxy terminating TLS in front.
 *
 * <p>Shown: every operation answers through the balancer as the document says; an import on the
 * primary is served through the balancer once the replica has replayed it, and reads really come
 * from the replica (with its replay paused the old data is served until the replica leaves the
 * rotation for its lag, then the primary's); a revoked key is refused by every instance within
 * the cache's bound, with the replica's replay paused (key lookups read the primary); one free key's limit holds across the three instances; an instance killed
 * under load, and the replica stopped under load, lose no request but those in flight (and
 * HAProxy retries those on another instance); the replica rejoins the rotation when it is back;
 * a partner following a search's change feed through the balancer ends with the search, with the
 * replica's replay paused for part of the run; a removed company is gone from every instance; a
 * change-feed cursor a lagging replica has not replayed is answered at the primary.
 */
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
@Timeout(value = 10, unit = TimeUnit.MINUTES)
@RunsBesideOthers
@Order(2) // started first, the longest first (junit-platform.properties)
class ScaleOutJarTest {

    private static final Logger log = LoggerFactory.getLogger(ScaleOutJarTest.class);
    private static final Path DIRECTORY = Path.of(System.getProperty("basedir", ".")).toAbsolutePath()
            .resolve("target").resolve("contract").resolve("scale-out");
    /** How long a validated key is trusted by an instance here, so that a revocation shows soon. */
    private static final Duration KEY_CACHE_TTL = Duration.ofSeconds(5);
    /** The contract's bound for a revocation on every instance (docs/api-rules.md §6). */
    private static final Duration REVOCATION_BOUND = Duration.ofSeconds(60);
    /**
     * The replicas' lag bound here: long enough that the import command (a JVM's start, 6 to 8 s
     * on an idle machine) ends before a paused replica leaves the rotation, so that the first read
     * after it shows where reads come from. The lag counts from the first write the replica has
     * not replayed, which may be any write after the pause, not the import's. The class runs beside
     * others, which start JVMs of their own: 10 s, then 30 s, then 60 s (an import of 84 to 100 s on
     * a slower 2-core machine busy with the whole run) were each once too short.
     */
    private static final Duration MAX_LAG = Duration.ofSeconds(150);
    /** app.replicas.max-lag + check-interval + app.data-version.max-age (docs/api-rules.md §1). */
    private static final Duration FRESHNESS_WITH_REPLICAS = MAX_LAG.plusSeconds(1 + 1);
    private static final long FREE_REFILL_SECONDS = 36;
    private static final int LOAD_THREADS = 8;

    private static final HttpClient HTTP = HttpClient.newBuilder()
            .sslContext(LocalTls.trustingEverything())
            .connectTimeout(Duration.ofSeconds(5))
            .build();

    private static final DeployLocal DEPLOY = new DeployLocal(DIRECTORY,
            System.getProperty("contract.scale-out.base-port", "17600"),
            "--app.auth.cache-ttl=" + KEY_CACHE_TTL.toSeconds() + "s --app.replicas.max-lag=" + MAX_LAG.toSeconds() + "s");

    private static Map<String, String> topology;
    private static String companyPath;

    @BeforeAll
    static void up() throws Exception {
        Files.createDirectories(DIRECTORY);
        DEPLOY.script("up").requireSuccess();
        topology = DEPLOY.topology();
        Response page = Api.givenKeyAt(balancer(), key())
                .get("/api/v1/companies/?prospect_search_id=" + topology.get("DEMO_SEARCH_ID") + "&limit=1");
        assertThat(page.statusCode()).as(page.asString()).isEqualTo(200);
        companyPath = "/api/v1/companies/" + page.jsonPath().getString("items[0].id");
    }

    @AfterAll
    static void downLeavesNothingBehind() {
        DEPLOY.script("down").requireSuccess();
        assertThat(DIRECTORY.resolve("run")).as("the topology's directory").doesNotExist();
        if (topology != null) {
            List<String> ports = new ArrayList<>(List.of(topology.get("BALANCER_PORT"), topology.get("PRIMARY_PORT"),
                    topology.get("REPLICA_PORT"), topology.get("REDIS_PORT")));
            ports.addAll(List.of(topology.get("API_PORTS").split(" ")));
            ports.addAll(List.of(topology.get("MANAGEMENT_PORTS").split(" ")));
            for (String port : ports) {
                assertThat(DeployLocal.listening(Integer.parseInt(port))).as("something still listens on %s after down", port).isFalse();
            }
        }
    }

    /** The demo search's change-feed position now, from the search itself. */
    private static String changesCursor() {
        Response search = Api.givenKeyAt(balancer(), key()).get("/api/v1/prospect-searches/" + topology.get("DEMO_SEARCH_ID"));
        assertThat(search.statusCode()).as(search.asString()).isEqualTo(200);
        return search.jsonPath().getString("changes_cursor");
    }

    @Test
    @Order(1)
    void everyOperationAnswersThroughTheBalancerAsTheDocumentSays() {
        List<String> answered = new ArrayList<>();
        for (Map.Entry<String, PathItem> path : Api.document().getPaths().entrySet()) {
            Operation get = path.getValue().getGet();
            if (get == null || !path.getKey().startsWith("/api/v1/") && !path.getKey().equals("/health")) {
                continue;
            }
            String uri = path.getKey().replace("{prospect_search_id}", topology.get("DEMO_SEARCH_ID"))
                    .replaceAll("\\{[^}]+}", companyPath.substring(companyPath.lastIndexOf('/') + 1));
            List<String> query = new ArrayList<>();
            for (Parameter parameter : get.getParameters() == null ? List.<Parameter>of() : get.getParameters()) {
                if ("query".equals(parameter.getIn()) && Boolean.TRUE.equals(parameter.getRequired())) {
                    assertThat(parameter.getName()).as("a required query parameter this test can fill")
                            .isIn("prospect_search_id", "cursor");
                    query.add(parameter.getName().equals("cursor") ? "cursor=" + changesCursor()
                            : "prospect_search_id=" + topology.get("DEMO_SEARCH_ID"));
                }
            }
            String target = query.isEmpty() ? uri : uri + "?" + String.join("&", query);
            // Three rounds: the balancer's round robin puts each operation on every instance.
            for (int round = 0; round < 3; round++) {
                Response response = Api.givenKeyAt(balancer(), key()).get(target);
                assertThat(response.statusCode()).as("GET %s through the balancer: %s", target, response.asString())
                        .isEqualTo(200);
            }
            answered.add(get.getOperationId());
        }
        assertThat(answered).contains("listCompanies", "getCompany", "getHealth");
        for (String management : managementUris()) {
            assertThat(new Management(management).scrape().sum("api_replicas_in_rotation", Map.of()))
                    .as("%s reads from the replica", management).isEqualTo(1.0);
        }
    }

    @Test
    @Order(2)
    void anImportOnThePrimaryIsServedThroughTheBalancerOnceTheReplicaHasReplayedIt() throws Exception {
        UUID company = UUID.randomUUID();
        importCompany(company, "Replayed Logistik GmbH");
        long written = walPosition(primaryUrl(), "pg_current_wal_lsn()");
        awaitReplayed(written);
        Instant replayed = Instant.now();

        String path = "/api/v1/companies/" + company;
        // The replica has the row; each instance serves it once its data versions are at most 1 s old.
        Response answer = awaitStatus(path, 200, Duration.ofSeconds(2));
        log.info("The imported company was served through the balancer {} ms after the replica replayed it",
                Duration.between(replayed, Instant.now()).toMillis());
        assertThat(answer.jsonPath().getString("name")).isEqualTo("Replayed Logistik GmbH");
        for (int round = 0; round < 6; round++) {
            assertThat(Api.givenKeyAt(balancer(), key()).get(path).statusCode()).as("every instance, round %d", round)
                    .isEqualTo(200);
        }
    }

    @Test
    @Order(3)
    void readsComeFromTheReplicaUntilItFallsTooFarBehindThenFromThePrimary() throws Exception {
        UUID company = UUID.randomUUID();
        String path = "/api/v1/companies/" + company;
        execute(replicaUrl(), "select pg_wal_replay_pause()");
        Instant paused = Instant.now();
        try {
            importCompany(company, "Paused Replay GmbH");
            Instant imported = Instant.now();
            Response first = Api.givenKeyAt(balancer(), key()).get(path);
            assertThat(first.statusCode()).as("right after the import, which ended %d ms after the replay was paused,"
                            + " read on the paused replica: %s", Duration.between(paused, imported).toMillis(), first.asString())
                    .isEqualTo(404);

            awaitStatus(path, 200, FRESHNESS_WITH_REPLICAS.plusSeconds(3));
            Duration served = Duration.between(imported, Instant.now());
            log.info("With the replica's replay paused, the import was served from the primary {} ms after it", served.toMillis());
            for (String management : managementUris()) {
                new Management(management).awaitGauge("api_replicas_in_rotation", 0.0, Duration.ofSeconds(5));
            }
        } finally {
            resumeReplayAndAwaitTheRotation();
        }
    }

    @Test
    @Order(4)
    @Timeout(value = 180, unit = TimeUnit.SECONDS)
    void aRevokedKeyIsRefusedByEveryInstanceWithinTheBoundWhateverTheReplicasLag() throws Exception {
        Map<String, String> issued = issueKey("pro");
        String revocable = issued.get("key");
        List<String> instances = instanceUris();
        for (String instance : instances) {
            assertThat(direct(instance, revocable)).as("%s before the revocation", instance).isEqualTo(200);
        }
        // The replica will not see the revocation: key lookups must not depend on it.
        execute(replicaUrl(), "select pg_wal_replay_pause()");
        try {
            DEPLOY.script("cli", "keys", "revoke", issued.get("id")).requireSuccess();
            // From when the revocation was written, not when the command's JVM had exited.
            Instant revoked = revokedAt(issued.get("id"));

            List<String> accepting = new ArrayList<>(instances);
            while (!accepting.isEmpty()) {
                for (String instance : List.copyOf(accepting)) {
                    int status = direct(instance, revocable);
                    if (status == 401) {
                        log.info("{} refused the revoked key {} ms after the revocation was written (replica paused)", instance,
                                Duration.between(revoked, Instant.now()).toMillis());
                        accepting.remove(instance);
                    } else {
                        assertThat(status).as("%s before the revocation reaches it", instance).isEqualTo(200);
                    }
                }
                if (!accepting.isEmpty() && Duration.between(revoked, Instant.now()).compareTo(REVOCATION_BOUND) > 0) {
                    fail("The key revoked at %s was still accepted by %s", revoked, accepting);
                }
                Thread.sleep(250);
            }
            assertThat(Duration.between(revoked, Instant.now())).isLessThanOrEqualTo(KEY_CACHE_TTL.plusSeconds(5));
            assertThat(Api.givenKeyAt(balancer(), revocable).get(companyPath).statusCode()).isEqualTo(401);
            assertThat(walPosition(replicaUrl(), "pg_last_wal_replay_lsn()"))
                    .as("the replica had not replayed the revocation").isLessThan(walPosition(primaryUrl(), "pg_current_wal_lsn()"));
        } finally {
            resumeReplayAndAwaitTheRotation();
        }
    }

    @Test
    @Order(5)
    void oneFreeKeysLimitHoldsAcrossEveryInstance() throws Exception {
        String free = issueKey("free").get("key");
        Instant first = Instant.now();
        for (int request = 1; request <= 100; request++) {
            Response response = Api.givenKeyAt(balancer(), free).get(companyPath);
            assertThat(response.statusCode()).as("request %d: %s", request, response.asString()).isEqualTo(200);
        }
        long refilled = Duration.between(first, Instant.now()).toSeconds() / FREE_REFILL_SECONDS;
        Response refused = null;
        for (int extra = 0; extra <= refilled + 3; extra++) {
            Response response = Api.givenKeyAt(balancer(), free).get(companyPath);
            if (response.statusCode() == 429) {
                refused = response;
                break;
            }
            assertThat(extra).as("the free key was served past 100 + %d refilled requests: the instances do not"
                    + " share one bucket", refilled).isLessThanOrEqualTo((int) refilled);
        }
        assertThat(refused).isNotNull();
        for (String instance : instanceUris()) {
            assertThat(direct(instance, free)).as("%s refuses the spent key too", instance).isEqualTo(429);
        }
    }

    @Test
    @Order(6)
    void anInstanceKilledUnderLoadLosesOnlyTheRequestsInFlightOnIt() throws Exception {
        BalancerLoad load = BalancerLoad.start(HTTP, List.of(balancer() + companyPath), key(), LOAD_THREADS);
        try {
            Thread.sleep(2_000);
            DEPLOY.script("instance", "kill", "2").requireSuccess();
            Thread.sleep(4_000);
        } finally {
            load.stop();
        }
        log.info("Instance killed under load: {}", load);
        assertThat(load.ok()).as("requests served").isGreaterThan(100);
        assertThat(load.failed()).as("requests lost: at most those in flight on the killed instance (%s)", load)
                .isLessThanOrEqualTo(LOAD_THREADS);
        DEPLOY.script("instance", "start", "2").requireSuccess();
    }

    @Test
    @Order(7)
    void theReplicaStoppedUnderLoadSendsReadsToThePrimaryAndComesBackWhenStarted() throws Exception {
        // Every instance reads from the replica, and has answered a scrape before the load: the first
        // scrape of an instance started by the test before (a cold JVM) has taken over 10 s under load.
        for (String management : managementUris()) {
            new Management(management).awaitGauge("api_replicas_in_rotation", 1.0, Duration.ofSeconds(30));
        }
        BalancerLoad load = BalancerLoad.start(HTTP, List.of(balancer() + companyPath), key(), LOAD_THREADS);
        boolean replicaStopped = false;
        try {
            Thread.sleep(2_000);
            DEPLOY.script("replica", "stop").requireSuccess();
            replicaStopped = true;
            // The replica leaves the rotation within a check (1 s), but a scrape of an instance that
            // is busy with the load, and was restarted by the test before, has once taken over 5 s.
            for (String management : managementUris()) {
                new Management(management).awaitGauge("api_replicas_in_rotation", 0.0, Duration.ofSeconds(15));
            }
            Thread.sleep(2_000);
            int failedWhileStopped = load.failed();
            int okWhileStopped = load.ok();
            // A count of answers, not a fixed pause: on a busy machine one slow answer holds
            // every thread of the load for a while (the balancer sends each thread there in turn).
            Instant deadline = Instant.now().plusSeconds(20);
            while (load.ok() < okWhileStopped + LOAD_THREADS && Instant.now().isBefore(deadline)) {
                Thread.sleep(100);
            }
            assertThat(load.ok()).as("served from the primary while the replica is down: %s", load)
                    .isGreaterThanOrEqualTo(okWhileStopped + LOAD_THREADS);
            assertThat(load.failed()).as("no failure once the replica had left the rotation: %s", load)
                    .isEqualTo(failedWhileStopped);

            DEPLOY.script("replica", "start").requireSuccess();
            replicaStopped = false;
            for (String management : managementUris()) {
                new Management(management).awaitGauge("api_replicas_in_rotation", 1.0, Duration.ofSeconds(15));
            }
            Thread.sleep(1_000);
        } finally {
            load.stop();
            if (replicaStopped) {
                // The later tests need the replica: a failure here stays this test's alone.
                DEPLOY.script("replica", "start").requireSuccess();
            }
        }
        log.info("Replica stopped and started under load: {}", load);
        assertThat(load.failed()).as("requests lost: at most those in flight on the replica (%s)", load)
                .isLessThanOrEqualTo(LOAD_THREADS);
    }

    /**
     * A partner copies a search of its own through the balancer (an export), then follows its
     * change feed there while imports add, update, move out and remove its companies, with the
     * replica's replay paused for the imports and the polls between them (docs/api-rules.md §15):
     * every answer comes from a consistent snapshot, however old. Once the replica has replayed
     * everything, the copy is the search, company by company. The imports are drawn from a seed,
     * logged, so a failing interleaving can be run again.
     */
    @Test
    @Order(8)
    @Timeout(value = 5, unit = TimeUnit.MINUTES)
    void aPartnersCopyFollowedThroughTheBalancerConvergesWithTheReplicaPausedForPartOfTheRun() throws Exception {
        long seed = System.nanoTime();
        log.info("Convergence through the balancer, seed {}", seed);
        java.util.Random random = new java.util.Random(seed);
        UUID search = UUID.randomUUID();
        UUID elsewhere = UUID.fromString(topology.get("DEMO_SEARCH_ID"));
        List<UUID> pool = new ArrayList<>();
        java.util.Set<UUID> present = new java.util.HashSet<>();
        List<String> first = new ArrayList<>(List.of(ImportLines.search(search, topology.get("DEMO_ORG"))));
        for (int i = 0; i < 6; i++) {
            pool.add(UUID.randomUUID());
        }
        for (UUID company : pool.subList(0, 3)) {
            first.add(feedCompany(company, search, random));
            present.add(company);
        }
        importLines(first);
        awaitReplayed(walPosition(primaryUrl(), "pg_current_wal_lsn()"));
        Thread.sleep(2_000); // every instance's data version includes the import

        Response export = Api.givenKeyAt(balancer(), key()).get("/api/v1/prospect-searches/" + search + "/companies/export");
        assertThat(export.statusCode()).as(export.asString()).isEqualTo(200);
        Map<String, String> copy = exported(export.asString());
        String cursor = export.header("Changes-Cursor");

        execute(replicaUrl(), "select pg_wal_replay_pause()");
        try {
            for (int round = 0; round < 3; round++) {
                List<String> lines = new ArrayList<>();
                for (int change = 0; change < 3; change++) {
                    UUID company = pool.get(random.nextInt(pool.size()));
                    if (!present.contains(company)) {
                        lines.add(feedCompany(company, search, random));
                        present.add(company);
                    } else if (random.nextInt(3) == 0) {
                        lines.add("{\"type\":\"company_removal\",\"id\":\"" + company + "\"}");
                        present.remove(company);
                    } else if (random.nextInt(4) == 0) {
                        lines.add(feedCompany(company, elsewhere, random));
                        present.remove(company);
                    } else {
                        lines.add(feedCompany(company, search, random));
                    }
                }
                importLines(lines);
                cursor = follow(search, cursor, copy, 1 + random.nextInt(3));
            }
        } finally {
            resumeReplayAndAwaitTheRotation();
        }
        Thread.sleep(2_000); // every instance's data version includes the last import
        cursor = follow(search, cursor, copy, 1 + random.nextInt(3));
        Response now = Api.givenKeyAt(balancer(), key()).get("/api/v1/prospect-searches/" + search + "/companies/export");
        assertThat(copy).as("seed %d", seed).isEqualTo(exported(now.asString()));
        assertThat(copy.keySet()).as("seed %d", seed).containsExactlyInAnyOrderElementsOf(
                present.stream().map(UUID::toString).toList());
    }

    /**
     * A company removed by an import (docs/api-rules.md §16) is gone from every instance within the
     * freshness bound of §1 once the replica has replayed the removal (app.data-version.max-age,
     * 1 s, plus the time to ask): asked of each instance directly, getCompany answers 404, the
     * company's last ETag included (the removal is a new data version), and so do its summaries; it
     * leaves the list (a page each instance has just served, so kept for reuse), the export and
     * {@code company_count}.
     */
    @Test
    @Order(9)
    void aRemovedCompanyIsGoneFromEveryInstanceWithinTheFreshnessBound() throws Exception {
        UUID search = UUID.randomUUID();
        String removed = UUID.randomUUID().toString();
        String kept = UUID.randomUUID().toString();
        importLines(List.of(ImportLines.search(search, topology.get("DEMO_ORG")), ImportLines.company(removed, search, 5, 1),
                ImportLines.company(kept, search, 6, 1)));
        awaitReplayed(walPosition(primaryUrl(), "pg_current_wal_lsn()"));
        String list = "/api/v1/companies/?prospect_search_id=" + search + "&limit=10";
        Map<String, String> etags = new LinkedHashMap<>();
        for (String instance : instanceUris()) {
            etags.put(instance, awaitDirect(instance, "/api/v1/companies/" + removed, Map.of(), 200, Duration.ofSeconds(2))
                    .headers().firstValue("ETag").orElseThrow());
            assertThat(directGet(instance, list, Map.of()).body()).as(instance).contains(removed);
        }

        importLines(List.of(ImportLines.removal(removed, search)));
        Instant imported = Instant.now();
        awaitReplayed(walPosition(primaryUrl(), "pg_current_wal_lsn()"));
        Instant replayed = Instant.now();
        // Each instance reads the data versions every 250 ms and may use a read up to 1 s old
        // (docs/api-rules.md §1), so one request may already see the removal while the next still
        // gets a page kept under the version before it: every answer must let it go within the
        // same bound after the replica replayed it, not at the instant of the first 404.
        Instant fresh = replayed.plus(Duration.ofSeconds(2));
        for (String instance : instanceUris()) {
            awaitDirect(instance, "/api/v1/companies/" + removed, Map.of("If-None-Match", etags.get(instance)), 404,
                    Duration.between(Instant.now(), fresh));
            log.info("The removed company answered 404 on {} {} ms after the import ended ({} ms after the replica replayed it)",
                    instance, Duration.between(imported, Instant.now()).toMillis(), Duration.between(replayed, Instant.now()).toMillis());
            List<String> stale = stillShowing(instance, search, removed, kept);
            while (!stale.isEmpty() && Instant.now().isBefore(fresh)) {
                Thread.sleep(50);
                stale = stillShowing(instance, search, removed, kept);
            }
            assertThat(stale).as("what still showed the removed company on %s %d ms after the replica replayed it", instance,
                    Duration.between(replayed, Instant.now()).toMillis()).isEmpty();
        }
    }

    /** What on the instance still shows the removed company: its summaries, the list, the export, company_count. */
    private static List<String> stillShowing(String instance, UUID search, String removed, String kept) throws Exception {
        List<String> stale = new ArrayList<>();
        for (String summary : List.of("/jobs/summary", "/webtech-intel/summary")) {
            int status = directGet(instance, "/api/v1/companies/" + removed + summary, Map.of()).statusCode();
            if (status != 404) {
                stale.add(summary + " answered " + status);
            }
        }
        HttpResponse<String> page = directGet(instance, "/api/v1/companies/?prospect_search_id=" + search + "&limit=10", Map.of());
        assertThat(page.statusCode()).isEqualTo(200);
        List<String> listed = com.prospectdata.testing.Json.parse(page.body()).get("items").valueStream()
                .map(company -> company.get("id").stringValue()).toList();
        if (!listed.equals(List.of(kept))) {
            stale.add("the list held " + listed);
        }
        HttpResponse<String> export = directGet(instance, "/api/v1/prospect-searches/" + search + "/companies/export", Map.of());
        List<String> exportedIds = List.copyOf(exported(export.body()).keySet());
        if (!exportedIds.equals(List.of(kept))) {
            stale.add("the export held " + exportedIds);
        }
        HttpResponse<String> searchNow = directGet(instance, "/api/v1/prospect-searches/" + search, Map.of());
        int count = com.prospectdata.testing.Json.parse(searchNow.body()).get("company_count").intValue();
        if (count != 1) {
            stale.add("company_count was " + count);
        }
        return stale;
    }

    /**
     * A cursor that a replica in the rotation has not replayed yet is answered at the primary
     * (docs/api-rules.md §15, "Replicas"), never from the replica's older data. Instance 3 is
     * restarted without replicas, so it reads the primary; with the replica's replay paused, it
     * hands out a cursor past the replica's head. Instances 1 and 2, asked directly, still read the
     * paused replica (a company written since is not there), yet answer that cursor with the change
     * written after it.
     */
    @Test
    @Order(10)
    @Timeout(value = 5, unit = TimeUnit.MINUTES)
    void aCursorAheadOfTheReplicaIsAnsweredAtThePrimary() throws Exception {
        UUID search = UUID.randomUUID();
        importLines(List.of(ImportLines.search(search, topology.get("DEMO_ORG")),
                ImportLines.company(UUID.randomUUID().toString(), search, 5)));
        awaitReplayed(walPosition(primaryUrl(), "pg_current_wal_lsn()"));
        String start = awaitStatus("/api/v1/prospect-searches/" + search, 200, Duration.ofSeconds(2)).jsonPath()
                .getString("changes_cursor");
        Path arguments = DIRECTORY.resolve("run").resolve("api3.args");
        byte[] saved = Files.readAllBytes(arguments);
        String primaryOnly = instanceUris().get(2);
        restartInstance3(withoutReplicas(saved));
        execute(replicaUrl(), "select pg_wal_replay_pause()");
        try {
            importLines(List.of(ImportLines.company(UUID.randomUUID().toString(), search, 6)));
            HttpResponse<String> atThePrimary = directGet(primaryOnly, changesPath(search, start, 10), Map.of());
            assertThat(atThePrimary.statusCode()).as(atThePrimary.body()).isEqualTo(200);
            tools.jackson.databind.JsonNode page = com.prospectdata.testing.Json.parse(atThePrimary.body());
            assertThat(page.get("changes")).as("instance 3 reads the primary").hasSize(1);
            String ahead = page.get("next_cursor").stringValue();

            String third = UUID.randomUUID().toString();
            importLines(List.of(ImportLines.company(third, search, 7)));
            for (String instance : instanceUris().subList(0, 2)) {
                assertThat(directGet(instance, "/api/v1/companies/" + third, Map.of()).statusCode())
                        .as("%s reads the paused replica", instance).isEqualTo(404);
                HttpResponse<String> answer = directGet(instance, changesPath(search, ahead, 10), Map.of());
                assertThat(answer.statusCode()).as("%s: %s", instance, answer.body()).isEqualTo(200);
                assertThat(com.prospectdata.testing.Json.parse(answer.body()).get("changes").valueStream()
                        .map(change -> change.get("company_id").stringValue())).as(instance).containsExactly(third);
            }
        } finally {
            restartInstance3(saved);
            resumeReplayAndAwaitTheRotation();
        }
    }

    /** Instance 3 stopped, then started again with {@code arguments} as its command line (deploy/local's apiN.args). */
    private static void restartInstance3(byte[] arguments) throws IOException {
        DEPLOY.script("instance", "stop", "3").requireSuccess();
        Files.write(DIRECTORY.resolve("run").resolve("api3.args"), arguments);
        DEPLOY.script("instance", "start", "3").requireSuccess();
    }

    /** An instance's command line (NUL-separated) without its replicas: it reads the primary. */
    private static byte[] withoutReplicas(byte[] arguments) {
        String kept = java.util.Arrays.stream(new String(arguments, StandardCharsets.UTF_8).split("\0"))
                .filter(argument -> !argument.isEmpty() && !argument.startsWith("--app.replicas.urls="))
                .map(argument -> argument + "\0")
                .collect(java.util.stream.Collectors.joining());
        return kept.getBytes(StandardCharsets.UTF_8);
    }

    /** Polls through the balancer until nothing follows, applying every change; the cursor after. */
    private static String follow(UUID search, String cursor, Map<String, String> copy, int limit) {
        String next = cursor;
        while (true) {
            Response page = Api.givenKeyAt(balancer(), key()).get(changesPath(search, next, limit));
            assertThat(page.statusCode()).as(page.asString()).isEqualTo(200);
            for (tools.jackson.databind.JsonNode change : com.prospectdata.testing.Json.parse(page.asString()).get("changes")) {
                String id = change.get("company_id").stringValue();
                if (change.get("type").stringValue().equals("company.removed")) {
                    copy.remove(id);
                } else {
                    copy.put(id, change.get("company").toString());
                }
            }
            next = page.jsonPath().getString("next_cursor");
            if (!page.jsonPath().getBoolean("has_more")) {
                return next;
            }
        }
    }

    private static Map<String, String> exported(String body) {
        Map<String, String> companies = new LinkedHashMap<>();
        for (String line : body.split("\n")) {
            if (!line.isEmpty()) {
                tools.jackson.databind.JsonNode company = com.prospectdata.testing.Json.parse(line);
                companies.put(company.get("id").stringValue(), company.toString());
            }
        }
        return companies;
    }

    private static String feedCompany(UUID company, UUID search, java.util.Random random) {
        return String.format(java.util.Locale.ROOT, "{\"type\":\"company\",\"id\":\"%s\",\"prospect_search_id\":\"%s\","
                        + "\"name\":\"Followed %d\",\"city\":\"Kiel\",\"website\":\"https://www.example.com\",\"country\":\"Germany\","
                        + "\"business_type\":\"Logistics\",\"match_score\":%d,\"review_status\":\"pending\",\"contacts\":[],"
                        + "\"created_at\":\"2026-03-02T09:15:00Z\",\"updated_at\":\"2026-05-18T14:40:%02dZ\"}",
                company, search, random.nextInt(3), random.nextInt(11), random.nextInt(60));
    }

    private static void importLines(List<String> lines) {
        DEPLOY.importLines("feed", lines);
    }

    private static void importCompany(UUID company, String name) {
        String line = String.format("{\"type\":\"company\",\"id\":\"%s\",\"prospect_search_id\":\"%s\",\"name\":\"%s\","
                        + "\"city\":\"Hamburg\",\"website\":\"https://www.example.com\",\"country\":\"Germany\",\"business_type\":\"Logistics\",\"match_score\":5.5,"
                        + "\"review_status\":\"pending\",\"contacts\":[],\"created_at\":\"2026-03-02T09:15:00Z\","
                        + "\"updated_at\":\"2026-05-18T14:40:12Z\"}",
                company, topology.get("DEMO_SEARCH_ID"), name);
        DEPLOY.importLines("import-" + company, List.of(line));
    }

    private static Map<String, String> issueKey(String tier) {
        String out = DEPLOY.script("cli", "keys", "issue", "--org", topology.get("DEMO_ORG"), "--tier", tier).requireSuccess().stdout();
        Map<String, String> fields = new LinkedHashMap<>();
        for (String line : out.lines().toList()) {
            int colon = line.indexOf(": ");
            if (colon > 0) {
                fields.putIfAbsent(line.substring(0, colon).strip(), line.substring(colon + 2).strip());
            }
        }
        assertThat(fields).containsKeys("key", "id");
        return fields;
    }

    /** A GET of the company straight to one instance with {@code key}: its status. */
    private static int direct(String instance, String key) throws IOException, InterruptedException {
        return directGet(instance, key, companyPath, Map.of()).statusCode();
    }

    /** A GET of {@code path} straight to one instance, as the balancer sends it, with the API key. */
    private static HttpResponse<String> directGet(String instance, String path, Map<String, String> headers)
            throws IOException, InterruptedException {
        return directGet(instance, key(), path, headers);
    }

    /**
     * A GET of {@code path} straight to one instance with {@code key}, as the balancer sends it (the
     * instances trust 127.0.0.1 as their proxy).
     */
    private static HttpResponse<String> directGet(String instance, String key, String path, Map<String, String> headers)
            throws IOException, InterruptedException {
        HttpRequest.Builder request = HttpRequest.newBuilder(URI.create(instance + path)).timeout(Duration.ofSeconds(10))
                .header("Authorization", "Bearer " + key).header("X-Forwarded-Proto", "https").GET();
        headers.forEach(request::header);
        return HTTP.send(request.build(), HttpResponse.BodyHandlers.ofString());
    }

    private static HttpResponse<String> awaitDirect(String instance, String path, Map<String, String> headers, int status,
            Duration bound) throws IOException, InterruptedException {
        Instant deadline = Instant.now().plus(bound);
        while (true) {
            HttpResponse<String> response = directGet(instance, path, headers);
            if (response.statusCode() == status) {
                return response;
            }
            assertThat(response.statusCode()).as("GET %s%s: %s", instance, path, response.body()).isIn(200, 304, 404);
            if (Instant.now().isAfter(deadline)) {
                return fail("GET %s%s answered %d, not %d, within %s", instance, path, response.statusCode(), status, bound);
            }
            Thread.sleep(50);
        }
    }

    private static Response awaitStatus(String path, int status, Duration bound) throws InterruptedException {
        Instant deadline = Instant.now().plus(bound);
        while (true) {
            Response response = Api.givenKeyAt(balancer(), key()).get(path);
            if (response.statusCode() == status) {
                return response;
            }
            assertThat(response.statusCode()).as("GET %s: %s", path, response.asString()).isIn(200, 404);
            if (Instant.now().isAfter(deadline)) {
                return fail("GET %s did not answer %d within %s", path, status, bound);
            }
            Thread.sleep(100);
        }
    }

    /** Lets the replica replay again, and waits until it has caught up and every instance reads from it again. */
    private static void resumeReplayAndAwaitTheRotation() throws Exception {
        execute(replicaUrl(), "select pg_wal_replay_resume()");
        awaitReplayed(walPosition(primaryUrl(), "pg_current_wal_lsn()"));
        for (String management : managementUris()) {
            new Management(management).awaitGauge("api_replicas_in_rotation", 1.0, Duration.ofSeconds(10));
        }
    }

    /** Waits until the replica has replayed the primary's WAL up to {@code position}: its replay position, not a sleep. */
    private static void awaitReplayed(long position) throws Exception {
        Instant deadline = Instant.now().plusSeconds(30);
        while (walPosition(replicaUrl(), "pg_last_wal_replay_lsn()") < position) {
            if (Instant.now().isAfter(deadline)) {
                fail("the replica did not replay the primary's WAL up to %d within 30 s", position);
            }
            Thread.sleep(50);
        }
    }

    private static long walPosition(String url, String function) throws SQLException {
        try (Connection connection = DriverManager.getConnection(url, topology.get("PG_USER"), null);
             Statement statement = connection.createStatement();
             ResultSet result = statement.executeQuery("select pg_wal_lsn_diff(" + function + ", '0/0')::bigint")) {
            result.next();
            return result.getLong(1);
        }
    }

    private static Instant revokedAt(String keyId) throws SQLException {
        try (Connection connection = DriverManager.getConnection(primaryUrl(), topology.get("PG_USER"), null);
             var statement = connection.prepareStatement("select revoked_at from api_key where id = ?::uuid")) {
            statement.setString(1, keyId);
            try (ResultSet result = statement.executeQuery()) {
                assertThat(result.next()).as("key %s", keyId).isTrue();
                return result.getTimestamp(1).toInstant();
            }
        }
    }

    private static void execute(String url, String sql) throws SQLException {
        try (Connection connection = DriverManager.getConnection(url, topology.get("PG_USER"), null);
             Statement statement = connection.createStatement()) {
            statement.execute(sql);
        }
    }

    private static String balancer() {
        return topology.get("BALANCER_URL");
    }

    private static String key() {
        return topology.get("API_KEY");
    }

    private static String primaryUrl() {
        return topology.get("PRIMARY_JDBC_URL");
    }

    private static String replicaUrl() {
        return topology.get("REPLICA_JDBC_URL");
    }

    private static List<String> instanceUris() {
        return List.of(topology.get("INSTANCE_URLS").split(" "));
    }

    private static List<String> managementUris() {
        return List.of(topology.get("MANAGEMENT_PORTS").split(" ")).stream().map(port -> "http://127.0.0.1:" + port).toList();
    }

}
