package com.prospectdata.contract;

import static com.prospectdata.contract.support.TimeFactor.tolerance;
import static com.prospectdata.contract.support.TimeFactor.within;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.prospectdata.contract.support.BalancerLoad;
import com.prospectdata.contract.support.DeployLocal;
import com.prospectdata.contract.support.FixtureKey;
import com.prospectdata.contract.support.ImportLines;
import com.prospectdata.contract.support.RunsBesideOthers;
import com.prospectdata.contract.support.Topology;
import com.prospectdata.contract.support.WriteProbe;
import io.restassured.response.Response;
import java.io.IOException;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import java.util.function.IntSupplier;
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
 * The highly available topology of docs/SCALING.md ("High availability"), brought up by
 * {@code deploy/local/up --ha}: three etcd members, three PostgreSQL nodes under Patroni in
 * synchronous mode, HAProxy routing writes to the leader and reads to each standby through
 * Patroni's REST checks, Redis, and two API instances behind HAProxy's HTTPS front.
 *
 * <p>Each failure runs under a steady load of 8 clients through the balancer, with a probe that
 * writes on a new connection every 100 ms; the fault comes once every client has been served,
 * and the load goes on until it has been served again after it. Shown: the leader's PostgreSQL
 * killed (SIGKILL) fails over with every read answered 200 or 503 with {@code Retry-After},
 * writes stopping and coming back on a new leader (or, when Patroni finds no standby fit, on
 * the old one's PostgreSQL started again), the load served after it, a revoked key refused
 * before, during and after it, keys never seen before served, and an import committed just
 * before the kill still there; with the primary out of reach, reads and keys never seen
 * before are served from the replicas, which leave the rotation no sooner than their lag bound
 * (by the instances' own log), then 503 with {@code Retry-After}; an import running when the
 * leader dies fails in one line, leaves nothing, and succeeds when run again; one etcd member,
 * Redis, an instance and a standby each lost under load cost no more than the requests in
 * flight. How long a failover takes, and how much is served meanwhile, is measured by
 * {@code bench/ha}, not here.
 *
 * <p>Runs beside the other classes: the topology is its own (its ports, its processes, its data),
 * and what it shows are properties (every answer 200 or 503 with {@code Retry-After}, nothing
 * committed lost), which a busy machine makes slower, not false. Started after the first
 * classes that run beside the sequence, so that its nine processes mostly overlap the end of
 * the run rather than {@code ScaleOutJarTest}'s topology.
 */
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
@Timeout(value = 5, unit = TimeUnit.MINUTES)
@RunsBesideOthers
@Order(9) // among those that run beside the sequence (junit-platform.properties)
class HighAvailabilityJarTest {

    private static final Logger log = LoggerFactory.getLogger(HighAvailabilityJarTest.class);
    private static final Path DIRECTORY = Path.of(System.getProperty("basedir", ".")).toAbsolutePath()
            .resolve("target").resolve("contract").resolve("high-availability");
    /**
     * Long enough that a key looked up at a replica is cached at all: the replicas' staleness
     * bound is app.replicas.max-lag (5 s) + 2 check intervals (1 s each), and a replica's answer
     * is kept only for what remains of the TTL.
     */
    private static final Duration KEY_CACHE_TTL = Duration.ofSeconds(10);
    private static final Duration MAX_LAG = Duration.ofSeconds(5);
    private static final Duration CHECK_INTERVAL = Duration.ofSeconds(1);
    private static final Duration STALENESS_BOUND = MAX_LAG.plus(CHECK_INTERVAL.multipliedBy(2));
    private static final int LOAD_THREADS = 8;
    /** Patroni's failover has no bound the product promises: a generous tolerance. */
    private static final Duration FAILOVER = tolerance(Duration.ofSeconds(60));
    /** How long the load may take to be answered a few more times, on a busy machine. */
    private static final Duration SERVED = tolerance(Duration.ofSeconds(60));
    private static final List<String> PORTS = List.of("BALANCER_PORT", "PRIMARY_PORT", "REDIS_PORT", "API_PORTS",
            "MANAGEMENT_PORTS", "NODE_PORTS", "NODE_READ_PORTS", "PATRONI_PORTS", "ETCD_CLIENT_PORTS");
    private static final DeployLocal DEPLOY = new DeployLocal(DIRECTORY,
            System.getProperty("contract.high-availability.base-port", "17700"),
            "--app.auth.cache-ttl=" + KEY_CACHE_TTL.toSeconds() + "s");

    private static Topology topology;
    private static String companyId;
    private static String revokedKey;

    @BeforeAll
    static void up() throws Exception {
        Files.createDirectories(DIRECTORY);
        topology = Topology.up(DEPLOY, "--ha");
        Response page = topology.get(topology.key(), "/api/v1/companies/?prospect_search_id=" + topology.demoSearch() + "&limit=1");
        assertThat(page.statusCode()).as(page.asString()).isEqualTo(200);
        companyId = page.jsonPath().getString("items[0].id");
    }

    @AfterAll
    static void downLeavesNothingBehind() throws IOException {
        keepLogs();
        Topology.down(DEPLOY, topology, PORTS);
    }

    @Test
    @Order(1)
    void theLeadersPostgresKilledUnderLoadFailsOverWithReadsServedAndNothingCommittedLost() throws Exception {
        awaitHealthyCluster();
        FixtureKey toRevoke = issueKey();
        revokedKey = toRevoke.key();
        assertThat(topology.status(revokedKey, companyPath())).isEqualTo(200);
        DEPLOY.script("cli", "keys", "revoke", toRevoke.id()).requireSuccess();
        for (String instance : topology.instanceUris()) {
            topology.awaitDirect(instance, revokedKey, companyPath(), Map.of(), 401, within(KEY_CACHE_TTL, Duration.ofSeconds(30)),
                    Set.of(200));
        }
        List<String> unseenKeys = List.of(issueKey().key(), issueKey().key());
        UUID committed = UUID.randomUUID();
        String leader = leader();

        BalancerLoad load = topology.load(mixedReads(), LOAD_THREADS);
        WriteProbe writes = WriteProbe.start(topology.primaryJdbcUrl(), topology.databaseUser());
        Sampler revoked = Sampler.start("revoked key", () -> topology.status(revokedKey, companyPath()));
        Instant killed;
        Instant killedAfter;
        Instant writesBack;
        Map<String, Integer> unseen = new LinkedHashMap<>();
        try {
            Topology.awaitServed(load, 2 * LOAD_THREADS, SERVED);
            topology.importLines("committed", List.of(ImportLines.company(committed.toString(),
                    UUID.fromString(topology.demoSearch()), 7)));
            Instant beforeKill = Instant.now();
            DEPLOY.script("ha", "kill-postgres", leader).requireSuccess();
            killed = Instant.now();
            killedAfter = beforeKill;
            // Keys no instance has seen, each once per instance, while the leader is gone; logged by
            // the end of their hint (as keys list shows them), never more of the secret.
            for (String unseenKey : unseenKeys) {
                for (int i = 0; i < 2; i++) {
                    unseen.put("..." + unseenKey.substring(unseenKey.length() - 8) + " #" + i,
                            topology.status(unseenKey, companyPath()));
                }
            }
            writesBack = awaitWrites(writes, killed);
            Topology.awaitServed(load, 2 * LOAD_THREADS, SERVED);
            revoked.awaitSampleAfter(writesBack, SERVED);
        } finally {
            load.stop();
            writes.stop();
            revoked.stop();
        }
        String leaderAfter = leader();
        Instant primaryStarted = Instant.ofEpochMilli(primaryLong(
                "select (extract(epoch from pg_postmaster_start_time()) * 1000)::bigint"));
        log.info("The leader's PostgreSQL killed under load: {}; revoked key: {}; keys never seen before: {}; leader {} then {},"
                + " its PostgreSQL started {}", load, revoked, unseen, leader, leaderAfter, primaryStarted);

        assertThat(load.failedOtherwiseThanUnavailable()).as("failures other than 503: %s", load).isZero();
        assertThat(load.unavailableWithoutRetryAfter()).as("503s without Retry-After: %s", load).isZero();
        assertThat(writes.everFailed()).as("the kill stopped writes for a while").isTrue();
        // Patroni fails over when its check finds the synchronous standby fit to take over (docs/SCALING.md,
        // "primary_start_timeout"); otherwise it starts the leader's PostgreSQL again in place. Either way
        // writes come back on a PostgreSQL other than the one killed, and synchronous mode loses no commit.
        assertThat(!leaderAfter.equals(leader) || primaryStarted.isAfter(killedAfter))
                .as("writes back on a new leader (%s, was %s) or on the leader's PostgreSQL started again (at %s, killed after %s)",
                        leaderAfter, leader, primaryStarted, killedAfter).isTrue();
        assertThat(revoked.statuses()).as("the revoked key throughout: %s", revoked).containsOnlyKeys(401);
        assertThat(revoked.sampledBefore(killed)).as("the revoked key asked before the kill: %s", revoked).isTrue();
        assertThat(unseen.values()).as("keys never seen before, during the failover: %s", unseen).containsOnly(200);
        topology.awaitAnswered(topology.key(), "/api/v1/companies/" + committed, 200, within(STALENESS_BOUND, Duration.ofSeconds(30)));
    }

    /**
     * The primary out of reach of every instance (HAProxy's leader listener closed, as in a
     * failover that takes long, or a network split): reads, and keys no instance has seen, are
     * served from the replicas for as long as their lag can still be within app.replicas.max-lag,
     * a revoked key stays refused; after that, 503 with Retry-After, until the primary is back.
     * When the replicas left the rotation is read from the instances' own log lines.
     */
    @Test
    @Order(2)
    void withThePrimaryOutOfReachReplicasServeReadsAndNewKeysWhileTheirLagIsBoundedThen503() throws Exception {
        awaitHealthyCluster();
        String unseenKey = issueKey().key();
        // Both standbys serve reads on every instance, so that each has a replica to take out.
        topology.awaitGaugeOnEveryInstance("api_replicas_in_rotation", 2.0, tolerance(Duration.ofSeconds(60)));
        Instant beforeCut = Instant.now();
        try {
            for (String node : List.of("node1", "node2", "node3")) {
                topology.haproxy("disable server postgres-primary/" + node);
                topology.haproxy("shutdown sessions server postgres-primary/" + node);
            }
            for (int i = 0; i < 2; i++) {
                assertThat(topology.status(unseenKey, companyPath()))
                        .as("a key no instance has seen, request %d, the primary out of reach", i).isEqualTo(200);
                assertThat(topology.status(revokedKey, companyPath())).as("the revoked key").isEqualTo(401);
            }
            for (String path : List.of(companyPath(), "/api/v1/companies/" + companyId + "/jobs",
                    "/api/v1/companies/?prospect_search_id=" + topology.demoSearch() + "&limit=3")) {
                assertThat(topology.status(topology.key(), path)).as("GET %s, the primary out of reach", path).isEqualTo(200);
            }
            HttpResponse<Void> refused = await("503 once the replicas' lag cannot be bounded")
                    .atMost(within(STALENESS_BOUND, Duration.ofSeconds(30))).pollInterval(Duration.ofMillis(200))
                    .until(() -> {
                        HttpResponse<Void> response = topology.send(topology.key(), companyPath());
                        assertThat(response.statusCode()).as("before the replicas leave the rotation").isIn(200, 503);
                        return response;
                    }, response -> response.statusCode() == 503);
            assertThat(refused.headers().firstValue("Retry-After")).as("the 503's Retry-After").isPresent();
            // A replica last compared with the primary at most one check before the cut, then
            // measured `lag` behind, counts as further behind than max-lag only from
            // cut + max-lag - lag - check-interval on: its instance's log says when, by its clock.
            List<Topology.LogLine> left = await("every instance saying when its replicas left the rotation")
                    .atMost(within(STALENESS_BOUND, Duration.ofSeconds(30))).pollInterval(Duration.ofMillis(200))
                    .until(() -> topology.logged("cannot be compared with the primary, which does not answer").stream()
                                    .filter(line -> line.logged().isAfter(beforeCut)).toList(),
                            lines -> lines.stream().map(Topology.LogLine::instance).distinct().count()
                                    == topology.instanceUris().size());
            assertThat(left).as("no replica left the rotation before its lag could exceed max-lag").allSatisfy(line -> {
                java.util.regex.Matcher lag = java.util.regex.Pattern.compile("it was (\\d+) ms behind").matcher(line.text());
                assertThat(lag.find()).as("the lag it had: %s", line.text()).isTrue();
                assertThat(line.logged()).as(line.text()).isAfterOrEqualTo(
                        beforeCut.plus(MAX_LAG).minusMillis(Long.parseLong(lag.group(1))).minus(CHECK_INTERVAL));
            });
        } finally {
            for (String node : List.of("node1", "node2", "node3")) {
                topology.haproxy("enable server postgres-primary/" + node);
            }
        }
        awaitWritesAfter(beforeCut);
        // Until the instances are ready again, HAProxy itself may answer 503 (no server): not the API's answer.
        topology.awaitAnswered(topology.key(), companyPath(), 200, within(STALENESS_BOUND, Duration.ofSeconds(30)));
    }

    @Test
    @Order(3)
    void anImportRunningWhenTheLeaderDiesFailsInOneLineWritesNothingAndSucceedsWhenRunAgain() throws Exception {
        awaitHealthyCluster();
        String organization = UUID.randomUUID().toString();
        UUID search = UUID.randomUUID();
        List<String> lines = new ArrayList<>(List.of(ImportLines.organization(organization, "Failover " + organization),
                ImportLines.search(search, organization)));
        for (int i = 0; i < 20_000; i++) {
            lines.add(ImportLines.company(UUID.randomUUID().toString(), search, i % 10, 1));
        }
        Path file = DIRECTORY.resolve("interrupted-" + search + ".jsonl");
        Files.write(file, lines, StandardCharsets.UTF_8);
        String leader = leader();

        DeployLocal.Started running = DEPLOY.start("cli", "import", file.toString());
        awaitWritingTransaction(running.process());
        DEPLOY.script("ha", "kill-postgres", leader).requireSuccess();
        Instant killed = Instant.now();
        DeployLocal.Run interrupted = running.await(tolerance(Duration.ofMinutes(2)));

        assertThat(interrupted.exitStatus()).as("the interrupted import: %s", interrupted).isNotZero();
        // Progress lines (docs/OPERATIONS.md, "Progress") come at intervals, as many as the import took; the failure is one line.
        List<String> said = interrupted.stderr().lines()
                .filter(line -> !line.startsWith("WARNING:") && !line.startsWith("progress: ")).toList();
        assertThat(said).as("what the interrupted import said").hasSize(1);
        assertThat(said.getFirst()).as("its one line").startsWith("error: the database cannot be reached")
                .contains("nothing of this import was written").contains("the same file again is safe");
        awaitWritesAfter(killed);
        assertThat(companiesOf(search)).as("companies the interrupted import left").isZero();
        assertThat(organizations(organization)).as("its organization").isZero();

        DEPLOY.script("cli", "import", file.toString()).requireSuccess();
        assertThat(companiesOf(search)).as("companies after the same import, run again once writes are back").isEqualTo(20_000);
    }

    @Test
    @Order(4)
    void oneEtcdMemberKilledUnderLoadChangesNothing() throws Exception {
        awaitHealthyCluster();
        String leader = leader();
        // Long enough after the kill for Patroni to renew its leader lock on the other members many times.
        Measured measured = underLoad(() -> DEPLOY.script("ha", "kill-etcd", "1").requireSuccess(), 50);
        assertThat(measured.load().failed()).as("requests lost: %s", measured.load()).isZero();
        assertThat(measured.writes().everFailed()).as("writes failed (last failure %s)", measured.writes().lastError()).isFalse();
        assertThat(leader()).as("the leader kept its lock").isEqualTo(leader);
        DEPLOY.script("ha", "start-etcd", "1").requireSuccess();
    }

    @Test
    @Order(5)
    void redisKilledUnderLoadFallsBackToEachInstancesLimitsWithAnAlert() throws Exception {
        Measured measured = underLoad(() -> {
            DEPLOY.script("redis", "kill").requireSuccess();
            topology.awaitGaugeOnEveryInstance("api_rate_limit_redis_fallback", 1.0, tolerance(Duration.ofSeconds(30)));
        }, 25);
        DEPLOY.script("redis", "start").requireSuccess();
        // The gauge stays up until a request's command reaches Redis again (RedisRateLimitStore).
        await("every instance counting on Redis again").atMost(tolerance(Duration.ofSeconds(60)))
                .pollInterval(Duration.ofMillis(200)).until(() -> {
                    assertThat(topology.status(topology.key(), companyPath())).isEqualTo(200);
                    return topology.managements().stream()
                            .allMatch(management -> Double.valueOf(0.0).equals(management.gaugeOrFailure("api_rate_limit_redis_fallback")));
                });
        assertThat(measured.load().failed()).as("requests lost: %s", measured.load()).isZero();
    }

    @Test
    @Order(6)
    void anInstanceKilledUnderLoadLosesOnlyTheRequestsInFlightOnIt() throws Exception {
        Measured measured = underLoad(() -> DEPLOY.script("instance", "kill", "2").requireSuccess(), 25);
        assertThat(measured.load().failed()).as("requests lost: at most those in flight on it (%s)", measured.load())
                .isLessThanOrEqualTo(LOAD_THREADS);
        DEPLOY.script("instance", "start", "2").requireSuccess();
    }

    @Test
    @Order(7)
    void aStandbyStoppedUnderLoadLosesOnlyTheRequestsInFlightOnIt() throws Exception {
        awaitHealthyCluster();
        String standby = members().entrySet().stream().filter(member -> !member.getValue().startsWith("leader"))
                .map(member -> member.getKey().replace("node", "")).findFirst().orElseThrow();
        topology.awaitGaugeOnEveryInstance("api_replicas_in_rotation", 2.0, tolerance(Duration.ofSeconds(60)));
        Measured measured = underLoad(() -> DEPLOY.script("ha", "stop-node", standby).requireSuccess(), 25);
        assertThat(measured.load().failed()).as("requests lost: at most those in flight on it (%s)", measured.load())
                .isLessThanOrEqualTo(LOAD_THREADS);
        DEPLOY.script("ha", "start-node", standby).requireSuccess();
        awaitHealthyCluster();
    }

    /** The topology's logs (Patroni, PostgreSQL, etcd, HAProxy, the instances), kept beside the class's output. */
    private static void keepLogs() throws IOException {
        Path logs = DEPLOY.stateDirectory().resolve("logs");
        Path kept = DIRECTORY.resolve("logs");
        if (!Files.isDirectory(logs)) {
            return;
        }
        Files.createDirectories(kept);
        try (var files = Files.list(logs)) {
            for (Path file : files.filter(Files::isRegularFile).toList()) {
                Files.copy(file, kept.resolve(file.getFileName()), java.nio.file.StandardCopyOption.REPLACE_EXISTING);
            }
        }
    }

    // --- Load, faults and what they did -------------------------------------------------------

    private record Measured(BalancerLoad load, WriteProbe writes) {
    }

    private interface Fault {
        void inject() throws Exception;
    }

    /**
     * The load until every client has been served twice, the fault, the load until it has been
     * served {@code answersPerClientAfter} times a client since, and until writes work.
     */
    private static Measured underLoad(Fault fault, int answersPerClientAfter) throws Exception {
        BalancerLoad load = topology.load(mixedReads(), LOAD_THREADS);
        WriteProbe writes = WriteProbe.start(topology.primaryJdbcUrl(), topology.databaseUser());
        try {
            Topology.awaitServed(load, 2 * LOAD_THREADS, SERVED);
            Instant injected = Instant.now();
            fault.inject();
            Topology.awaitServed(load, answersPerClientAfter * LOAD_THREADS, SERVED);
            awaitWrites(writes, injected);
        } finally {
            load.stop();
            writes.stop();
        }
        log.info("Under load: {}; writes: last failure {}", load, writes.lastError());
        return new Measured(load, writes);
    }

    /** Probes writes until they work, after {@code since}: the leader is back. */
    private static void awaitWritesAfter(Instant since) throws InterruptedException {
        WriteProbe writes = WriteProbe.start(topology.primaryJdbcUrl(), topology.databaseUser());
        try {
            awaitWrites(writes, since);
        } finally {
            writes.stop();
        }
    }

    /** Waits until the probe has written after {@code since} with no failure since: when writes were back. */
    private static Instant awaitWrites(WriteProbe writes, Instant since) {
        Duration back = await("writes working after " + since).atMost(FAILOVER).pollInterval(Duration.ofMillis(100))
                .until(() -> writes.writesBackAfter(since), java.util.Optional::isPresent).orElseThrow();
        return since.plus(back);
    }

    /**
     * One request's status every second on a thread of its own, with when it was asked: slower than
     * the failed-authentication throttle's budget (30 a minute per address and instance), so that a
     * refused key is answered 401, not 429.
     */
    private static final class Sampler {

        private record Sample(Instant asked, int status) {
        }

        private final List<Sample> samples = new java.util.concurrent.CopyOnWriteArrayList<>();
        private final String name;
        private volatile boolean running = true;
        private Thread thread;

        static Sampler start(String name, IntSupplier request) {
            Sampler sampler = new Sampler(name);
            sampler.thread = Thread.ofPlatform().name("sampler").start(() -> {
                while (sampler.running) {
                    Instant asked = Instant.now();
                    sampler.samples.add(new Sample(asked, request.getAsInt()));
                    try {
                        Thread.sleep(1_000);
                    } catch (InterruptedException e) {
                        return;
                    }
                }
            });
            return sampler;
        }

        private Sampler(String name) {
            this.name = name;
        }

        Map<Integer, Long> statuses() {
            return samples.stream().collect(java.util.stream.Collectors.groupingBy(Sample::status, java.util.TreeMap::new,
                    java.util.stream.Collectors.counting()));
        }

        boolean sampledBefore(Instant moment) {
            return samples.stream().anyMatch(sample -> sample.asked().isBefore(moment));
        }

        void awaitSampleAfter(Instant moment, Duration bound) {
            await(name + " asked after " + moment).atMost(bound).pollInterval(Duration.ofMillis(200))
                    .until(() -> samples.stream().anyMatch(sample -> sample.asked().isAfter(moment)));
        }

        void stop() throws InterruptedException {
            running = false;
            thread.join(Duration.ofMinutes(1));
        }

        @Override
        public String toString() {
            return name + " " + statuses();
        }
    }

    // --- The cluster ------------------------------------------------------------------------------

    /** Patroni's members: name to "role state". */
    private static Map<String, String> members() {
        Map<String, String> members = new LinkedHashMap<>();
        DeployLocal.Run status = DEPLOY.script("ha", "status");
        if (status.exitStatus() != 0) {
            return members;
        }
        for (String line : status.stdout().lines().toList()) {
            String[] fields = line.split(" ");
            if (fields.length >= 3) {
                members.put(fields[0], fields[1] + " " + fields[2]);
            }
        }
        return members;
    }

    /** Three members running: a leader, a synchronous standby and a standby, as after up. */
    private static void awaitHealthyCluster() {
        await("a leader, a synchronous standby and a standby, all running").atMost(tolerance(Duration.ofSeconds(120)))
                .pollInterval(Duration.ofMillis(500))
                .until(HighAvailabilityJarTest::members, members -> members.size() == 3
                        && members.values().containsAll(List.of("leader running", "sync_standby running"))
                        && members.values().stream().allMatch(state -> state.endsWith(" running")));
    }

    private static String leader() {
        return DEPLOY.script("ha", "leader").requireSuccess().stdout().strip();
    }

    /** Waits until the import's transaction has written and is still open on the leader. */
    private static void awaitWritingTransaction(Process importing) {
        String writing = "select count(*) from pg_stat_activity where backend_xid is not null"
                + " and pid <> pg_backend_pid() and now() - xact_start > interval '300 milliseconds'";
        await("the import writing in an open transaction").atMost(tolerance(Duration.ofSeconds(120)))
                .pollInterval(Duration.ofMillis(50)).until(() -> {
                    assertThat(importing.isAlive()).as("the import ended before it was seen writing: make its file larger").isTrue();
                    return topology.queryLong(topology.primaryJdbcUrl(), writing) > 0;
                });
    }

    private static long companiesOf(UUID search) {
        return primaryLong("select count(*) from company where prospect_search_id = '" + search + "'");
    }

    private static long organizations(String id) {
        return primaryLong("select count(*) from organization where id = '" + id + "'");
    }

    /**
     * A number the primary answers, through HAProxy's leader listener. Right after a failover its
     * health checks may still be settling, and a connection it accepts then closes at once (the
     * driver's EOF while it asks for TLS): such a failure is tried again, within a bound.
     */
    private static long primaryLong(String sql) {
        return await("the primary's answer to " + sql).atMost(tolerance(Duration.ofSeconds(30))).pollInterval(Duration.ofMillis(500))
                .ignoreExceptionsInstanceOf(IllegalStateException.class)
                .until(() -> topology.queryLong(topology.primaryJdbcUrl(), sql), answer -> true);
    }

    // --- Requests and keys ------------------------------------------------------------------------

    /** The reads of a partner's sync: a company, its jobs, technologies and summaries, a page, the search. */
    private static List<String> mixedReads() {
        String company = "/api/v1/companies/" + companyId;
        return List.of(company, company + "/jobs", company + "/webtech-intel", company + "/jobs/summary",
                "/api/v1/companies/?prospect_search_id=" + topology.demoSearch() + "&limit=10",
                "/api/v1/prospect-searches/" + topology.demoSearch());
    }

    private static String companyPath() {
        return "/api/v1/companies/" + companyId;
    }

    private static FixtureKey issueKey() {
        return topology.writeKey(spec -> spec.enterprise(1_000_000));
    }
}
