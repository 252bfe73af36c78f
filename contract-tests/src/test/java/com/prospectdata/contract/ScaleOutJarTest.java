package com.prospectdata.contract;

import static com.prospectdata.contract.support.Api.json;
import static com.prospectdata.contract.support.ChangeFeeds.changesPath;
import static com.prospectdata.contract.support.TimeFactor.tolerance;
import static com.prospectdata.contract.support.TimeFactor.within;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.prospectdata.contract.support.AccessLog;
import com.prospectdata.contract.support.Api;
import com.prospectdata.contract.support.BalancerLoad;
import com.prospectdata.contract.support.DeployLocal;
import com.prospectdata.contract.support.FixtureKey;
import com.prospectdata.contract.support.ImportLines;
import com.prospectdata.contract.support.RunsBesideOthers;
import com.prospectdata.contract.support.Topology;
import io.restassured.response.Response;
import io.swagger.v3.oas.models.Operation;
import io.swagger.v3.oas.models.PathItem;
import io.swagger.v3.oas.models.parameters.Parameter;
import java.io.IOException;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.Statement;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
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
import tools.jackson.databind.JsonNode;

/**
 * The scale-out topology of docs/OPERATIONS.md ("A scale-out topology on one machine"), brought up by
 * {@code deploy/local/up} and taken down by {@code deploy/local/down}: a PostgreSQL primary and a
 * streaming replica made with pg_basebackup, Redis, three API instances in proxy mode reading
 * from the replica ({@code app.replicas.urls}) and sharing their rate limits in Redis, and
 * HAProxy terminating TLS in front. The one class of several instances (docs/OPERATIONS.md,
 * "Several instances").
 *
 * <p>Shown: every operation answers through the balancer as the document says; an import on the
 * primary is served through the balancer once the replica has replayed it, and a change to a
 * company reaches every instance with one new validator, even for a client holding the old one,
 * and no page kept from before; reads really come from the replica (with its replay paused the
 * old data is served until the replica leaves the rotation for its lag, then the primary's,
 * within the documented bound); a revoked key is refused by every instance, and no instance
 * accepted it later than {@code app.auth.cache-ttl} after the revocation by its own clock, with
 * the replica's replay paused (key lookups read the primary); one free key's limit holds across
 * the three instances, its bucket in Redis; {@code last_used_at} is written once, not once per
 * instance or request; an instance killed under load, and the replica stopped under load, lose
 * no request but those in flight (and HAProxy retries those on another instance); the replica
 * rejoins the rotation when it is back; a partner following a search's change feed through the
 * balancer ends with the search, with the replica's replay paused for part of the run; a removed
 * company is gone from every instance; a change-feed cursor a lagging replica has not replayed is
 * answered at the primary; with Redis killed every instance keeps answering, logs the outage once
 * and counts in Redis again once it is back, one limit again.
 */
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
@Timeout(value = 10, unit = TimeUnit.MINUTES)
@RunsBesideOthers
@Order(2) // started first, the longest first (junit-platform.properties)
class ScaleOutJarTest {

    private static final Logger log = LoggerFactory.getLogger(ScaleOutJarTest.class);
    private static final Path DIRECTORY = Path.of(System.getProperty("basedir", ".")).toAbsolutePath()
            .resolve("target").resolve("contract").resolve("scale-out");
    /** How long a validated key is trusted by an instance here: the revocation bound under test. */
    private static final Duration KEY_CACHE_TTL = Duration.ofSeconds(5);
    /** app.data-version.max-age: an instance uses data versions at most this old (docs/api-rules.md §1). */
    private static final Duration MAX_AGE = Duration.ofSeconds(1);
    /** app.replicas.check-interval's default. */
    private static final Duration CHECK_INTERVAL = Duration.ofSeconds(1);
    /**
     * The replicas' lag bound here, a setting of the topology: long enough that, with the replay
     * paused just before an import commits, the command's exit and a request to each instance fit
     * in it on a busy machine, so that the first reads after it show where reads come from. The
     * rule under test is computed from it: an import is served within max-age + max-lag +
     * check-interval.
     */
    private static final Duration MAX_LAG = tolerance(Duration.ofSeconds(15));
    /** How long the load may take to be answered a few more times, on a busy machine. */
    private static final Duration SERVED = tolerance(Duration.ofSeconds(60));
    private static final long FREE_REFILL_SECONDS = 36;
    private static final int LOAD_THREADS = 8;
    private static final String RATE_LIMIT_KEY_PREFIX = "cpd:rate-limit:";
    private static final String OUTAGE_WARNING = "Redis is unreachable for rate limiting";
    /** How often an instance logs a Redis outage at most (pipeline/ratelimit/RedisRateLimitStore). */
    private static final Duration OUTAGE_LOG_EVERY = Duration.ofMinutes(1);
    private static final List<String> PORTS = List.of("BALANCER_PORT", "PRIMARY_PORT", "REPLICA_PORT", "REDIS_PORT",
            "API_PORTS", "MANAGEMENT_PORTS");

    private static final DeployLocal DEPLOY = new DeployLocal(DIRECTORY,
            System.getProperty("contract.scale-out.base-port", "17600"),
            "--app.auth.cache-ttl=" + KEY_CACHE_TTL.toSeconds() + "s --app.replicas.max-lag=" + MAX_LAG.toMillis() + "ms");

    private static Topology topology;
    private static String companyPath;
    private static FixtureKey freeKey;
    private static FixtureKey steadyKey;

    @BeforeAll
    static void up() throws Exception {
        Files.createDirectories(DIRECTORY);
        topology = Topology.up(DEPLOY);
        Response page = topology.get(key(), "/api/v1/companies/?prospect_search_id=" + topology.demoSearch() + "&limit=1");
        assertThat(page.statusCode()).as(page.asString()).isEqualTo(200);
        companyPath = "/api/v1/companies/" + page.jsonPath().getString("items[0].id");
    }

    @AfterAll
    static void downLeavesNothingBehind() {
        Topology.down(DEPLOY, topology, PORTS);
    }

    /** The demo search's change-feed position now, from the search itself. */
    private static String changesCursor() {
        Response search = topology.get(key(), "/api/v1/prospect-searches/" + topology.demoSearch());
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
            String uri = path.getKey().replace("{prospect_search_id}", topology.demoSearch())
                    .replaceAll("\\{[^}]+}", companyPath.substring(companyPath.lastIndexOf('/') + 1));
            List<String> query = new ArrayList<>();
            for (Parameter parameter : get.getParameters() == null ? List.<Parameter>of() : get.getParameters()) {
                if ("query".equals(parameter.getIn()) && Boolean.TRUE.equals(parameter.getRequired())) {
                    assertThat(parameter.getName()).as("a required query parameter this test can fill")
                            .isIn("prospect_search_id", "cursor");
                    query.add(parameter.getName().equals("cursor") ? "cursor=" + changesCursor()
                            : "prospect_search_id=" + topology.demoSearch());
                }
            }
            String target = query.isEmpty() ? uri : uri + "?" + String.join("&", query);
            // Three rounds: the balancer's round robin puts each operation on every instance.
            for (int round = 0; round < 3; round++) {
                Response response = topology.get(key(), target);
                assertThat(response.statusCode()).as("GET %s through the balancer: %s", target, response.asString())
                        .isEqualTo(200);
            }
            answered.add(get.getOperationId());
        }
        assertThat(answered).contains("listCompanies", "getCompany", "getHealth");
        topology.awaitGaugeOnEveryInstance("api_replicas_in_rotation", 1.0, tolerance(Duration.ofSeconds(30)));
    }

    @Test
    @Order(2)
    void anImportOnThePrimaryIsServedThroughTheBalancerOnceTheReplicaHasReplayedIt() {
        UUID company = UUID.randomUUID();
        importCompany(company, topology.demoSearch(), "Replayed Logistik GmbH");
        awaitReplayed();

        String path = "/api/v1/companies/" + company;
        // The replica has the row; each instance serves it once its data versions are at most max-age old.
        Response answer = topology.awaitStatus(key(), path, 200, within(MAX_AGE, Duration.ofSeconds(10)), Set.of(404));
        assertThat(answer.jsonPath().getString("name")).isEqualTo("Replayed Logistik GmbH");
        for (int round = 0; round < 6; round++) {
            assertThat(topology.get(key(), path).statusCode()).as("every instance, round %d", round).isEqualTo(200);
        }
    }

    /**
     * Instances of one build give the same validator to the same answer; a change imported on the
     * primary reaches every instance within max-age of the replica replaying it, even for a
     * client that sends the validator from before, and no page an instance kept from before is
     * served after it (docs/api-rules.md §1, "Validators and freshness").
     */
    @Test
    @Order(3)
    void aChangedCompanyReachesEveryInstanceWithOneNewValidatorAndNoPageKeptFromBefore() {
        UUID search = UUID.randomUUID();
        UUID company = UUID.randomUUID();
        importLines(List.of(ImportLines.search(search, topology.demoOrganization())));
        importCompany(company, search.toString(), "Vorher Spedition GmbH");
        awaitReplayed();
        String path = "/api/v1/companies/" + company;
        String page = "/api/v1/companies/?prospect_search_id=" + search + "&limit=10";
        for (String instance : topology.instanceUris()) {
            topology.awaitDirect(instance, key(), path, Map.of(), 200, within(MAX_AGE, Duration.ofSeconds(10)), Set.of(404));
            for (int twice = 0; twice < 2; twice++) {
                assertThat(topology.direct(instance, key(), page, Map.of()).body()).as("%s before the change", instance)
                        .contains("Vorher Spedition GmbH");
            }
        }
        // A validator names the data versions an instance read, at most max-age old: an instance can
        // serve the replayed row while its versions are still those from before the import (a
        // validator that is older than the answer costs a client one full answer, never a stale
        // 304). Once every instance's versions are newer than the replay, all three agree.
        Map<String, String> before = new LinkedHashMap<>();
        await("one validator on the three instances").atMost(within(MAX_AGE, Duration.ofSeconds(10)))
                .pollInterval(Duration.ofMillis(250))
                .untilAsserted(() -> {
                    before.clear();
                    for (String instance : topology.instanceUris()) {
                        HttpResponse<String> answer = topology.direct(instance, key(), path, Map.of());
                        assertThat(answer.statusCode()).as("%s: %s", instance, answer.body()).isEqualTo(200);
                        before.put(instance, answer.headers().firstValue("ETag").orElseThrow());
                    }
                    assertThat(Set.copyOf(before.values())).as("the validators of the three instances: %s", before).hasSize(1);
                });

        importCompany(company, search.toString(), "Nachher Spedition GmbH");
        awaitReplayed();
        for (String instance : topology.instanceUris()) {
            HttpResponse<String> answer = topology.awaitDirect(instance, key(), path, Map.of("If-None-Match", before.get(instance)),
                    200, within(MAX_AGE, Duration.ofSeconds(10)), Set.of(304));
            assertThat(answer.body()).as(instance).contains("Nachher Spedition GmbH");
            assertThat(answer.headers().firstValue("ETag")).as(instance).isPresent().get().isNotEqualTo(before.get(instance));
            await("the page on " + instance + " after the change").atMost(within(MAX_AGE, Duration.ofSeconds(10)))
                    .untilAsserted(() -> assertThat(topology.direct(instance, key(), page, Map.of()).body())
                            .contains("Nachher Spedition GmbH").doesNotContain("Vorher Spedition GmbH"));
        }
    }

    /**
     * With the replica's replay paused just before an import commits (the command waits for a lock
     * the test holds on the company table, so that its start is not part of the replica's lag),
     * the instances still read the replica, which does not have it; once the replica is further
     * behind than max-lag each instance takes it out of the rotation and serves the import from the
     * primary, within max-age + max-lag + check-interval of its commit.
     */
    @Test
    @Order(4)
    void readsComeFromTheReplicaUntilItFallsTooFarBehindThenFromThePrimary() throws Exception {
        UUID company = UUID.randomUUID();
        String path = "/api/v1/companies/" + company;
        try {
            try (HeldImport held = HeldImport.start("lock table company in exclusive mode",
                    List.of(companyLine(company, topology.demoSearch(), "Paused Replay GmbH")))) {
                HeldImport.awaitHeld(held);
                execute(replicaUrl(), "select pg_wal_replay_pause()");
                held.releaseAndAwait();
            }
            for (String instance : topology.instanceUris()) {
                HttpResponse<String> first = topology.direct(instance, key(), path, Map.of());
                assertThat(first.statusCode()).as("%s right after the import, read on the paused replica: %s", instance, first.body())
                        .isEqualTo(404);
            }

            Duration bound = within(MAX_AGE.plus(MAX_LAG).plus(CHECK_INTERVAL), Duration.ofSeconds(10));
            for (String instance : topology.instanceUris()) {
                topology.awaitDirect(instance, key(), path, Map.of(), 200, bound, Set.of(404));
            }
            // Served from the primary only once the replica left the rotation; it cannot come back while paused.
            topology.awaitGaugeOnEveryInstance("api_replicas_in_rotation", 0.0, tolerance(Duration.ofSeconds(30)));
        } finally {
            resumeReplayAndAwaitTheRotation();
        }
    }

    /**
     * A revoked key is refused by every instance, and stays refused; by the instances' own access
     * lines, none accepted it after app.auth.cache-ttl had passed since the primary wrote the
     * revocation (a second's tolerance for the revocation's transaction between its start, which
     * revoked_at records, and its commit). The replica's replay is paused: key lookups read the
     * primary.
     */
    @Test
    @Order(5)
    void aRevokedKeyIsRefusedByEveryInstanceWithinTheCachesBoundWhateverTheReplicasLag() throws Exception {
        FixtureKey revocable = topology.writeKey(spec -> spec);
        for (String instance : topology.instanceUris()) {
            assertThat(direct(instance, revocable.key())).as("%s before the revocation", instance).isEqualTo(200);
        }
        execute(replicaUrl(), "select pg_wal_replay_pause()");
        try {
            DEPLOY.script("cli", "keys", "revoke", revocable.id()).requireSuccess();
            Instant revoked = topology.revokedAt(revocable.id());
            for (String instance : topology.instanceUris()) {
                topology.awaitDirect(instance, revocable.key(), companyPath, Map.of(), 401,
                        within(KEY_CACHE_TTL, Duration.ofSeconds(30)), Set.of(200));
            }
            assertThat(topology.get(revocable.key(), companyPath).statusCode()).as("through the balancer, after").isEqualTo(401);
            Instant lastAcceptable = revoked.plus(KEY_CACHE_TTL).plus(tolerance(Duration.ofSeconds(1)));
            List<AccessLog.Line> accepted = topology.accessLines().stream().map(Topology.AccessLine::line)
                    .filter(line -> line.keyId().equals(revocable.id()) && line.status() == 200).toList();
            assertThat(accepted).as("the revoked key's accepted requests").isNotEmpty();
            assertThat(accepted).as("requests accepted with the key revoked at %s, by the instances' clocks", revoked)
                    .allSatisfy(line -> assertThat(line.began()).isBeforeOrEqualTo(lastAcceptable));
            assertThat(walPosition(replicaUrl(), "pg_last_wal_replay_lsn()"))
                    .as("the replica had not replayed the revocation").isLessThan(walPosition(primaryUrl(), "pg_current_wal_lsn()"));
        } finally {
            resumeReplayAndAwaitTheRotation();
        }
    }

    /**
     * A free key's 100 requests through the balancer, spread over the three instances, are served;
     * the next (beyond those refilled meanwhile) is refused with 429 by every instance, as
     * docs/api-rules.md §6 says; the bucket is kept in Redis.
     */
    @Test
    @Order(6)
    void oneFreeKeysLimitHoldsAcrossEveryInstance() {
        freeKey = topology.writeKey(spec -> spec.tier("free"));
        Instant first = Instant.now();
        for (int request = 1; request <= 100; request++) {
            Response response = topology.get(freeKey.key(), companyPath);
            assertThat(response.statusCode()).as("request %d: %s", request, response.asString()).isEqualTo(200);
            assertThat(response.header("X-RateLimit-Limit")).isEqualTo("100");
        }
        // A free bucket gains one request every 36 seconds; on a slow machine the 100 may have
        // taken that long. Then a few more are served, as many as were refilled, and no more.
        long refilled = Duration.between(first, Instant.now()).toSeconds() / FREE_REFILL_SECONDS;
        Response refused = null;
        for (int extra = 0; extra <= refilled + 3; extra++) {
            Response response = topology.get(freeKey.key(), companyPath);
            if (response.statusCode() == 429) {
                refused = response;
                break;
            }
            assertThat(extra).as("the free key was served past 100 + %d refilled requests: the instances do not"
                    + " share one bucket", refilled).isLessThanOrEqualTo((int) refilled);
        }
        assertThat(refused).isNotNull();
        assertRateLimited(refused, "100");
        for (String instance : topology.instanceUris()) {
            HttpResponse<String> answer = topology.direct(instance, freeKey.key(), companyPath, Map.of());
            assertThat(answer.statusCode()).as("%s refuses the spent key too: %s", instance, answer.body()).isEqualTo(429);
            assertThat(answer.headers().firstValue("X-RateLimit-Remaining")).as(instance).contains("0");
        }
        assertThat(topology.redisHas(bucketOf(freeKey, 100))).as("the bucket is kept in Redis").isTrue();
    }

    /**
     * {@code last_used_at} is written off the request path, at most once a minute per key, whichever
     * instances serve it: after the first write, more requests on the three instances within the
     * minute leave it as it was.
     */
    @Test
    @Order(7)
    void lastUsedAtIsWrittenOnceAMinuteNotPerRequestNorPerInstance() {
        steadyKey = topology.writeKey(spec -> spec.enterprise(5000));
        assertThat(topology.lastUsedAt(steadyKey.id())).as("last_used_at of a key never used").isEmpty();
        assertThat(direct(topology.instanceUris().getFirst(), steadyKey.key())).isEqualTo(200);
        Instant firstWrite = await("last_used_at of a key in use").atMost(tolerance(Duration.ofSeconds(30)))
                .until(() -> topology.lastUsedAt(steadyKey.id()), java.util.Optional::isPresent).orElseThrow();

        // The other instances' first use, and more on all three, within the same minute.
        for (int request = 0; request < 12; request++) {
            String instance = topology.instanceUris().get(request % topology.instanceUris().size());
            assertThat(direct(instance, steadyKey.key())).isEqualTo(200);
        }
        // The writes are made off the request path: it must stay as it was while they would happen.
        Duration watched = tolerance(Duration.ofSeconds(3));
        await("last_used_at unchanged").during(watched).atMost(watched.plusSeconds(5)).pollInterval(Duration.ofMillis(200))
                .until(() -> topology.lastUsedAt(steadyKey.id()).equals(java.util.Optional.of(firstWrite)));
    }

    @Test
    @Order(8)
    void anInstanceKilledUnderLoadLosesOnlyTheRequestsInFlightOnIt() throws Exception {
        BalancerLoad load = topology.load(List.of(companyPath), LOAD_THREADS);
        try {
            Topology.awaitServed(load, 2 * LOAD_THREADS, SERVED);
            DEPLOY.script("instance", "kill", "2").requireSuccess();
            Topology.awaitServed(load, 25 * LOAD_THREADS, SERVED);
        } finally {
            load.stop();
        }
        log.info("Instance killed under load: {}", load);
        assertThat(load.failed()).as("requests lost: at most those in flight on the killed instance (%s)", load)
                .isLessThanOrEqualTo(LOAD_THREADS);
        DEPLOY.script("instance", "start", "2").requireSuccess();
    }

    @Test
    @Order(9)
    void theReplicaStoppedUnderLoadSendsReadsToThePrimaryAndComesBackWhenStarted() throws Exception {
        // Every instance reads from the replica before the load: the first scrape of an instance
        // started by the test before (a cold JVM) is slow under load.
        topology.awaitGaugeOnEveryInstance("api_replicas_in_rotation", 1.0, tolerance(Duration.ofSeconds(60)));
        BalancerLoad load = topology.load(List.of(companyPath), LOAD_THREADS);
        boolean replicaStopped = false;
        try {
            Topology.awaitServed(load, 2 * LOAD_THREADS, SERVED);
            DEPLOY.script("replica", "stop").requireSuccess();
            replicaStopped = true;
            // The replica leaves the rotation within a check; a scrape of a busy instance may be slow.
            topology.awaitGaugeOnEveryInstance("api_replicas_in_rotation", 0.0, within(CHECK_INTERVAL, Duration.ofSeconds(30)));
            int failedWhileStopped = load.failed();
            // A count of answers, not a pause: on a busy machine one slow answer holds every thread
            // of the load for a while (the balancer sends each thread there in turn).
            Topology.awaitServed(load, 2 * LOAD_THREADS, SERVED);
            assertThat(load.failed()).as("no failure once the replica had left the rotation: %s", load)
                    .isEqualTo(failedWhileStopped);

            DEPLOY.script("replica", "start").requireSuccess();
            replicaStopped = false;
            topology.awaitGaugeOnEveryInstance("api_replicas_in_rotation", 1.0, tolerance(Duration.ofSeconds(60)));
            Topology.awaitServed(load, LOAD_THREADS, SERVED);
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
    @Order(10)
    void aPartnersCopyFollowedThroughTheBalancerConvergesWithTheReplicaPausedForPartOfTheRun() {
        long seed = System.nanoTime();
        log.info("Convergence through the balancer, seed {}", seed);
        java.util.Random random = new java.util.Random(seed);
        UUID search = UUID.randomUUID();
        UUID elsewhere = UUID.fromString(topology.demoSearch());
        List<UUID> pool = new ArrayList<>();
        java.util.Set<UUID> present = new java.util.HashSet<>();
        List<String> first = new ArrayList<>(List.of(ImportLines.search(search, topology.demoOrganization())));
        for (int i = 0; i < 6; i++) {
            pool.add(UUID.randomUUID());
        }
        for (UUID company : pool.subList(0, 3)) {
            first.add(feedCompany(company, search, random));
            present.add(company);
        }
        importLines(first);
        awaitReplayed();
        awaitEveryInstanceExporting(search, present);

        Response export = topology.get(key(), "/api/v1/prospect-searches/" + search + "/companies/export");
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
        awaitEveryInstanceExporting(search, present);
        cursor = follow(search, cursor, copy, 1 + random.nextInt(3));
        Response now = topology.get(key(), "/api/v1/prospect-searches/" + search + "/companies/export");
        assertThat(copy).as("seed %d", seed).isEqualTo(exported(now.asString()));
        assertThat(copy.keySet()).as("seed %d", seed).containsExactlyInAnyOrderElementsOf(
                present.stream().map(UUID::toString).toList());
    }

    /**
     * Waits until every instance, asked directly, exports exactly {@code companies} of the search:
     * it reads the last import. An answer other than 200 on the way (a 503 with Retry-After while
     * the replica is paused, say) is waited past like a stale one, and named if it is the last.
     */
    private static void awaitEveryInstanceExporting(UUID search, java.util.Set<UUID> companies) {
        List<String> expected = companies.stream().map(UUID::toString).toList();
        for (String instance : topology.instanceUris()) {
            await(instance + " exporting the search as imported").atMost(within(MAX_AGE, Duration.ofSeconds(10)))
                    .untilAsserted(() -> {
                        HttpResponse<String> export = directGet(instance, "/api/v1/prospect-searches/" + search + "/companies/export",
                                Map.of());
                        assertThat(export.statusCode()).as("%s answered %s (Retry-After %s): %s", instance, export.statusCode(),
                                export.headers().firstValue("Retry-After").orElse("-"), export.body()).isEqualTo(200);
                        assertThat(exported(export.body()).keySet()).containsExactlyInAnyOrderElementsOf(expected);
                    });
        }
    }

    /**
     * A company removed by an import (docs/api-rules.md §16) is gone from every instance within the
     * freshness bound of §1 once the replica has replayed the removal (app.data-version.max-age,
     * plus a tolerance): asked of each instance directly, getCompany answers 404, the company's
     * last ETag included (the removal is a new data version), and so do its summaries; it leaves
     * the list (a page each instance has just served, so kept for reuse), the export and
     * {@code company_count}.
     */
    @Test
    @Order(11)
    void aRemovedCompanyIsGoneFromEveryInstanceWithinTheFreshnessBound() {
        UUID search = UUID.randomUUID();
        String removed = UUID.randomUUID().toString();
        String kept = UUID.randomUUID().toString();
        importLines(List.of(ImportLines.search(search, topology.demoOrganization()), ImportLines.company(removed, search, 5, 1),
                ImportLines.company(kept, search, 6, 1)));
        awaitReplayed();
        String list = "/api/v1/companies/?prospect_search_id=" + search + "&limit=10";
        Duration fresh = within(MAX_AGE, Duration.ofSeconds(10));
        Map<String, String> etags = new LinkedHashMap<>();
        for (String instance : topology.instanceUris()) {
            etags.put(instance, topology.awaitDirect(instance, key(), "/api/v1/companies/" + removed, Map.of(), 200, fresh,
                    Set.of(404)).headers().firstValue("ETag").orElseThrow());
            assertThat(directGet(instance, list, Map.of()).body()).as(instance).contains(removed);
        }

        importLines(List.of(ImportLines.removal(removed, search)));
        awaitReplayed();
        // Each instance reads the data versions every 250 ms and may use a read up to max-age old
        // (docs/api-rules.md §1), so one request may already see the removal while the next still
        // gets a page kept under the version before it: every answer must let it go within the
        // same bound, not at the instant of the first 404. Meanwhile the company may also come
        // back whole (200) under another validator: the one held may be its body's hash, taken
        // while the instance had no fresh data version (a poll late on a busy machine), and the
        // same read under a version gets the version's hash.
        for (String instance : topology.instanceUris()) {
            topology.awaitDirect(instance, key(), "/api/v1/companies/" + removed, Map.of("If-None-Match", etags.get(instance)), 404,
                    fresh, Set.of(304, 200));
            await("nothing on " + instance + " still showing the removed company").atMost(fresh)
                    .untilAsserted(() -> assertThat(stillShowing(instance, search, removed, kept)).isEmpty());
        }
    }

    /** What on the instance still shows the removed company: its summaries, the list, the export, company_count. */
    private static List<String> stillShowing(String instance, UUID search, String removed, String kept) {
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
     * paused replica (a company updated since is as it was there), yet answer that cursor with the
     * change written after it. Both updates are imported by commands started beforehand and held
     * on a lock of the test's each, so that the replica's lag runs from the first commit only.
     */
    @Test
    @Order(12)
    void aCursorAheadOfTheReplicaIsAnsweredAtThePrimary() throws Exception {
        UUID search = UUID.randomUUID();
        String second = UUID.randomUUID().toString();
        String third = UUID.randomUUID().toString();
        importLines(List.of(ImportLines.search(search, topology.demoOrganization()),
                ImportLines.company(UUID.randomUUID().toString(), search, 5), ImportLines.company(second, search, 6),
                ImportLines.company(third, search, 7)));
        awaitReplayed();
        String start = topology.awaitStatus(key(), "/api/v1/prospect-searches/" + search, 200, within(MAX_AGE, Duration.ofSeconds(10)),
                Set.of(404)).jsonPath().getString("changes_cursor");
        Path arguments = DIRECTORY.resolve("run").resolve("api3.args");
        byte[] saved = Files.readAllBytes(arguments);
        String primaryOnly = topology.instanceUris().get(2);
        restartInstance3(withoutReplicas(saved));
        try (HeldImport secondUpdate = HeldImport.start("select 1 from company where id = '" + second + "' for update",
                List.of(ImportLines.company(second, search, 8)));
             HeldImport thirdUpdate = HeldImport.start("select 1 from company where id = '" + third + "' for update",
                     List.of(ImportLines.company(third, search, 9)))) {
            HeldImport.awaitHeld(secondUpdate, thirdUpdate);
            execute(replicaUrl(), "select pg_wal_replay_pause()");
            secondUpdate.releaseAndAwait();
            HttpResponse<String> atThePrimary = directGet(primaryOnly, changesPath(search, start, 10), Map.of());
            assertThat(atThePrimary.statusCode()).as(atThePrimary.body()).isEqualTo(200);
            JsonNode page = com.prospectdata.testing.Json.parse(atThePrimary.body());
            assertThat(page.get("changes").valueStream().map(change -> change.get("company_id").stringValue()))
                    .as("instance 3 reads the primary").containsExactly(second);
            String ahead = page.get("next_cursor").stringValue();

            thirdUpdate.releaseAndAwait();
            for (String instance : topology.instanceUris().subList(0, 2)) {
                HttpResponse<String> onTheReplica = directGet(instance, "/api/v1/companies/" + third, Map.of());
                assertThat(com.prospectdata.testing.Json.parse(onTheReplica.body()).get("match_score").doubleValue())
                        .as("%s reads the paused replica: %s", instance, onTheReplica.body()).isEqualTo(7.0);
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

    /**
     * An import started now and held before it writes by a lock the test takes first on the
     * primary ({@code lockSql}, in a transaction left open), so that the command's start is over by
     * the time it is let go: its commit then follows the release at once.
     */
    private static final class HeldImport implements AutoCloseable {

        private final Connection holding;
        private final DeployLocal.Started importing;
        private boolean released;

        private HeldImport(Connection holding, DeployLocal.Started importing) {
            this.holding = holding;
            this.importing = importing;
        }

        /** Takes the lock and starts the import. */
        static HeldImport start(String lockSql, List<String> lines) throws Exception {
            Path file = DIRECTORY.resolve("held-" + UUID.randomUUID() + ".jsonl");
            Files.write(file, lines, StandardCharsets.UTF_8);
            Connection holding = topology.connect(primaryUrl());
            holding.setAutoCommit(false);
            try (Statement statement = holding.createStatement()) {
                statement.execute(lockSql);
            }
            return new HeldImport(holding, DEPLOY.start("cli", "import", file.toString()));
        }

        /** Waits until each of {@code imports} waits for its lock: their commands' start is over. */
        static void awaitHeld(HeldImport... imports) {
            await("the imports waiting for the test's locks").atMost(tolerance(Duration.ofSeconds(180)))
                    .pollInterval(Duration.ofMillis(100)).until(() -> {
                        for (HeldImport held : imports) {
                            assertThat(held.importing.process().isAlive()).as("an import ended before it wrote").isTrue();
                        }
                        return topology.queryLong(primaryUrl(), "select count(*) from pg_stat_activity"
                                + " where wait_event_type = 'Lock' and pid <> pg_backend_pid()") >= imports.length;
                    });
        }

        /** Lets the import go, and waits until it has succeeded. */
        void releaseAndAwait() throws Exception {
            holding.commit();
            released = true;
            importing.await(tolerance(Duration.ofMinutes(2))).requireSuccess();
        }

        @Override
        public void close() throws Exception {
            holding.close();
            if (!released) {
                importing.await(tolerance(Duration.ofMinutes(2)));
            }
        }
    }

    /**
     * Redis killed under the instances (docs/OPERATIONS.md, "Several instances"): each keeps
     * answering (200, or 429 for the spent free key, never 5xx), counts on its own buckets and
     * says so, logs the outage at most once a minute; once Redis is back on the same port each
     * uses it again by itself, and a fresh key's limit is one limit again, not one per instance.
     * Last: it empties Redis.
     */
    @Test
    @Order(13)
    void withRedisKilledEveryInstanceKeepsAnsweringAndUsesRedisAgainWhenItIsBack() {
        FixtureKey recoveryKey = topology.writeKey(spec -> spec.enterprise(10));
        assertThat(direct(topology.instanceUris().getFirst(), steadyKey.key())).isEqualTo(200);
        assertThat(topology.redisHas(bucketOf(steadyKey, 5000))).as("before the outage the steady key's bucket is in Redis").isTrue();
        // A command that timed out earlier (a busy machine) was an outage of its own, logged then.
        Map<Integer, Long> warnedBefore = outageWarningsByInstance();
        Instant killed = Instant.now();
        DEPLOY.script("redis", "kill").requireSuccess();

        // Nothing fails: each instance counts on its own buckets. The free key is spent in Redis
        // but has a fresh local bucket, so 200 and 429 are both right for it.
        for (int round = 0; round < 5; round++) {
            for (String instance : topology.instanceUris()) {
                assertThat(direct(instance, steadyKey.key())).as("%s without Redis", instance).isEqualTo(200);
                assertThat(direct(instance, freeKey.key())).as("%s without Redis", instance).isIn(200, 429);
                assertThat(topology.direct(instance, key(), "/health", Map.of()).statusCode()).isEqualTo(200);
            }
        }
        topology.awaitGaugeOnEveryInstance("api_rate_limit_redis_fallback", 1.0, tolerance(Duration.ofSeconds(30)));
        Instant coveredFrom = killed.minus(OUTAGE_LOG_EVERY);
        for (int n = 1; n <= topology.instanceUris().size(); n++) {
            int instance = n;
            // Once a minute: the kill is logged, unless a warning less than a minute before it
            // (an earlier timeout) already covers it; either way it adds at most one.
            await("instance " + instance + " logging the outage").atMost(tolerance(Duration.ofSeconds(30)))
                    .until(() -> outageWarnings(instance).stream().anyMatch(line -> line.logged().isAfter(coveredFrom)));
            assertThat(outageWarnings(instance).size() - warnedBefore.getOrDefault(instance, 0L))
                    .as("instance %d logs the outage once a minute: at most once", instance).isLessThanOrEqualTo(1);
        }

        DEPLOY.script("redis", "start").requireSuccess();
        // The gauge stays up until a request's command reaches Redis again (RedisRateLimitStore).
        for (String instance : topology.instanceUris()) {
            await(instance + " counting in Redis again").atMost(tolerance(Duration.ofSeconds(90))).pollInterval(Duration.ofMillis(500))
                    .until(() -> {
                        assertThat(direct(instance, steadyKey.key())).as(instance).isEqualTo(200);
                        return Double.valueOf(0.0).equals(topology.managements()
                                .get(topology.instanceUris().indexOf(instance)).gaugeOrFailure("api_rate_limit_redis_fallback"));
                    });
        }
        assertThat(topology.redisHas(bucketOf(steadyKey, 5000))).as("the steady key's bucket in the new Redis").isTrue();

        // One limit again: a fresh key of 10 requests an hour gets 10, not 10 per instance.
        for (int request = 1; request <= 10; request++) {
            Response response = topology.get(recoveryKey.key(), companyPath);
            assertThat(response.statusCode()).as("request %d: %s", request, response.asString()).isEqualTo(200);
        }
        for (String instance : topology.instanceUris()) {
            HttpResponse<String> answer = topology.direct(instance, recoveryKey.key(), companyPath, Map.of());
            assertThat(answer.statusCode()).as("%s: %s", instance, answer.body()).isEqualTo(429);
            assertThat(answer.headers().firstValue("X-RateLimit-Limit")).as(instance).contains("10");
        }
        assertThat(topology.logged(" ERROR ").stream().filter(line -> line.logged().isAfter(killed)).toList())
                .as("errors the instances logged since Redis was killed").isEmpty();
    }

    /**
     * No instance in the balancer's rotation (docs/OPERATIONS.md, "A scale-out topology on one
     * machine"): HAProxy answers for them, with the contract's 503, its body and Retry-After, which
     * the validation of every answer through the balancer holds to the document; with the
     * instances back, they answer again.
     */
    @Test
    @Order(14)
    void withNoInstanceInTheRotationTheBalancerAnswersTheContracts503() {
        String backend = topology.get("HAPROXY_BACKEND");
        List<String> servers = List.of(topology.get("HAPROXY_SERVERS").split(" "));
        try {
            servers.forEach(server -> topology.haproxy("disable server " + backend + "/" + server));
            Response refused = topology.get(key(), companyPath);

            assertThat(refused.statusCode()).as(refused.asString()).isEqualTo(503);
            assertThat(refused.header("Retry-After")).isEqualTo("1");
            assertThat(refused.jsonPath().getString("error")).isEqualTo("SERVICE_UNAVAILABLE");
            assertThat(refused.jsonPath().getString("message")).contains("retry after 1 second");
        } finally {
            servers.forEach(server -> topology.haproxy("enable server " + backend + "/" + server));
        }
        topology.awaitStatus(key(), companyPath, 200, tolerance(Duration.ofSeconds(30)), Set.of(503));
    }

    private static Map<Integer, Long> outageWarningsByInstance() {
        return topology.logged(OUTAGE_WARNING).stream().collect(java.util.stream.Collectors.groupingBy(Topology.LogLine::instance,
                java.util.stream.Collectors.counting()));
    }

    private static List<Topology.LogLine> outageWarnings(int instance) {
        return topology.logged(OUTAGE_WARNING).stream().filter(line -> line.instance() == instance).toList();
    }

    private static String bucketOf(FixtureKey key, int limit) {
        return RATE_LIMIT_KEY_PREFIX + key.id() + ":" + limit;
    }

    private static void assertRateLimited(Response response, String limit) {
        assertThat(response.statusCode()).as("%s", response.asString()).isEqualTo(429);
        assertThat(json(response).get("error").stringValue()).isEqualTo("RATE_LIMIT_EXCEEDED");
        long retryAfter = json(response).get("retry_after").longValue();
        assertThat(response.header("Retry-After")).isEqualTo(Long.toString(retryAfter));
        assertThat(retryAfter).isPositive();
        assertThat(response.header("X-RateLimit-Limit")).isEqualTo(limit);
        assertThat(response.header("X-RateLimit-Remaining")).isEqualTo("0");
        assertThat(response.header("Cache-Control")).contains("no-store");
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
            Response page = topology.get(key(), changesPath(search, next, limit));
            assertThat(page.statusCode()).as(page.asString()).isEqualTo(200);
            for (JsonNode change : com.prospectdata.testing.Json.parse(page.asString()).get("changes")) {
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
                JsonNode company = com.prospectdata.testing.Json.parse(line);
                if (company.get("id") == null) {
                    // An error's body, not an export's lines: said as a failed assertion, which a wait retries.
                    throw new AssertionError("not an export: " + body);
                }
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
        topology.importLines("feed", lines);
    }

    private static String companyLine(UUID company, String search, String name) {
        return String.format("{\"type\":\"company\",\"id\":\"%s\",\"prospect_search_id\":\"%s\",\"name\":\"%s\","
                        + "\"city\":\"Hamburg\",\"website\":\"https://www.example.com\",\"country\":\"Germany\",\"business_type\":\"Logistics\",\"match_score\":5.5,"
                        + "\"review_status\":\"pending\",\"contacts\":[],\"created_at\":\"2026-03-02T09:15:00Z\","
                        + "\"updated_at\":\"2026-05-18T14:40:12Z\"}",
                company, search, name);
    }

    private static void importCompany(UUID company, String search, String name) {
        topology.importLines("import-" + company, List.of(companyLine(company, search, name)));
    }

    /** A GET of the company straight to one instance with {@code key}: its status. */
    private static int direct(String instance, String key) {
        return topology.direct(instance, key, companyPath, Map.of()).statusCode();
    }

    /** A GET of {@code path} straight to one instance, as the balancer sends it, with the topology's key. */
    private static HttpResponse<String> directGet(String instance, String path, Map<String, String> headers) {
        return topology.direct(instance, key(), path, headers);
    }

    /** Lets the replica replay again, and waits until it has caught up and every instance reads from it again. */
    private static void resumeReplayAndAwaitTheRotation() {
        execute(replicaUrl(), "select pg_wal_replay_resume()");
        awaitReplayed();
        topology.awaitGaugeOnEveryInstance("api_replicas_in_rotation", 1.0, within(CHECK_INTERVAL, Duration.ofSeconds(30)));
    }

    /** Waits until the replica has replayed the primary's WAL up to where it is now: its replay position, not a sleep. */
    private static void awaitReplayed() {
        long position = walPosition(primaryUrl(), "pg_current_wal_lsn()");
        await("the replica replaying the primary's WAL up to " + position).atMost(tolerance(Duration.ofSeconds(60)))
                .pollInterval(Duration.ofMillis(50))
                .until(() -> walPosition(replicaUrl(), "pg_last_wal_replay_lsn()") >= position);
    }

    private static long walPosition(String url, String function) {
        return topology.queryLong(url, "select pg_wal_lsn_diff(" + function + ", '0/0')::bigint");
    }

    private static void execute(String url, String sql) {
        topology.execute(url, sql);
    }

    private static String key() {
        return topology.key();
    }

    private static String primaryUrl() {
        return topology.primaryJdbcUrl();
    }

    private static String replicaUrl() {
        return topology.get("REPLICA_JDBC_URL");
    }
}
