package com.prospectdata.contract;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.fail;

import com.prospectdata.contract.support.Api;
import com.prospectdata.contract.support.BalancerLoad;
import com.prospectdata.contract.support.DeployLocal;
import com.prospectdata.contract.support.ImportLines;
import com.prospectdata.contract.support.LocalTls;
import com.prospectdata.contract.support.Management;
import com.prospectdata.contract.support.WriteProbe;
import io.restassured.response.Response;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.net.StandardProtocolFamily;
import java.net.URI;
import java.net.UnixDomainSocketAddress;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.ByteBuffer;
import java.nio.channels.SocketChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
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
import java.util.function.IntSupplier;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.parallel.Isolated;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The highly available topology of docs/SCALING.md ("High availability"), brought up by
 * {@code deploy/local/up --ha}: three etcd members, three PostgreSQL nodes under Patroni in
 * synchronous mode, HAProxy routing writes to the leader and reads to each standby through
 * Patroni's REST checks, Redis, and two API instances behind HAProxy's HTTPS front.
 *
 * <p>Each failure runs under a steady load of 8 clients through the balancer, with a probe that
 * writes on a new connection every 100 ms, and reports requests served, 5xx, answers slower than
 * 2 s and the time until writes work again (logged, and written to {@code figures.txt} for
 * docs/SCALING.md). Shown: the leader's PostgreSQL killed (SIGKILL) fails over with at least 99 %
 * of reads answered 200, every failure a 503 with {@code Retry-After} and none past 5 s, writes
 * back within 30 s, a revoked key refused throughout and an import committed just before the
 * kill still there; with the primary out of reach, reads and keys never seen before are served
 * from the replicas for as long as their lag can be bounded, then 503; an import running when
 * the leader dies fails in one line, leaves nothing, and succeeds when run again; one etcd
 * member, Redis, an instance and a standby each lost under load cost no more than the requests
 * in flight.
 *
 * <p>Isolated: its figures are a failover's timings, which a machine busy with other classes'
 * JVMs would stretch.
 */
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
@Timeout(value = 5, unit = TimeUnit.MINUTES)
@Isolated
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
    private static final Duration STALENESS_BOUND = Duration.ofSeconds(5 + 2);
    private static final int LOAD_THREADS = 8;
    private static final Duration FAILOVER_BOUND = Duration.ofSeconds(30);
    private static final HttpClient HTTP = HttpClient.newBuilder()
            .sslContext(LocalTls.trustingEverything())
            .connectTimeout(Duration.ofSeconds(5))
            .build();
    private static final DeployLocal DEPLOY = new DeployLocal(DIRECTORY,
            System.getProperty("contract.high-availability.base-port", "17700"),
            "--app.auth.cache-ttl=" + KEY_CACHE_TTL.toSeconds() + "s");

    private static Map<String, String> topology;
    private static String companyId;
    private static String revokedKey;

    @BeforeAll
    static void up() throws Exception {
        Files.createDirectories(DIRECTORY);
        Files.deleteIfExists(figures());
        DEPLOY.script("up", "--ha").requireSuccess();
        topology = DEPLOY.topology();
        Response page = Api.givenKeyAt(balancer(), key())
                .get("/api/v1/companies/?prospect_search_id=" + topology.get("DEMO_SEARCH_ID") + "&limit=1");
        assertThat(page.statusCode()).as(page.asString()).isEqualTo(200);
        companyId = page.jsonPath().getString("items[0].id");
    }

    @AfterAll
    static void downLeavesNothingBehind() throws IOException {
        keepLogs();
        DEPLOY.script("down").requireSuccess();
        assertThat(DEPLOY.stateDirectory()).as("the topology's directory").doesNotExist();
        if (topology != null) {
            List<String> ports = new ArrayList<>(List.of(topology.get("BALANCER_PORT"), topology.get("PRIMARY_PORT"),
                    topology.get("REDIS_PORT")));
            for (String list : List.of("API_PORTS", "MANAGEMENT_PORTS", "NODE_PORTS", "NODE_READ_PORTS", "PATRONI_PORTS",
                    "ETCD_CLIENT_PORTS")) {
                ports.addAll(List.of(topology.get(list).split(" ")));
            }
            for (String port : ports) {
                assertThat(DeployLocal.listening(Integer.parseInt(port))).as("something still listens on %s after down", port).isFalse();
            }
        }
    }

    @Test
    @Order(1)
    void theLeadersPostgresKilledUnderLoadFailsOverWithReadsServedAndNothingCommittedLost() throws Exception {
        awaitHealthyCluster();
        IssuedKey toRevoke = issueKey();
        revokedKey = toRevoke.key();
        assertThat(throughBalancer(revokedKey, companyPath()).statusCode()).isEqualTo(200);
        DEPLOY.script("cli", "keys", "revoke", toRevoke.id()).requireSuccess();
        for (String instance : instanceUris()) {
            awaitDirect(instance, revokedKey, 401, KEY_CACHE_TTL.plusSeconds(5));
        }
        List<String> unseenKeys = List.of(issueKey().key(), issueKey().key());
        UUID committed = UUID.randomUUID();
        String leader = leader();

        BalancerLoad load = BalancerLoad.start(HTTP, mixedReads(), key(), LOAD_THREADS);
        WriteProbe writes = WriteProbe.start(topology.get("PRIMARY_JDBC_URL"), topology.get("PG_USER"));
        Sampler revoked = Sampler.start("revoked key", () -> status(revokedKey, companyPath()));
        Instant killed;
        Map<String, Integer> unseen = new LinkedHashMap<>();
        try {
            Thread.sleep(2_000);
            DEPLOY.importLines("committed", List.of(ImportLines.company(committed.toString(),
                    UUID.fromString(topology.get("DEMO_SEARCH_ID")), 7)));
            DEPLOY.script("ha", "kill-postgres", leader).requireSuccess();
            killed = Instant.now();
            // Keys no instance has seen, each once per instance, while the leader is gone; logged by
            // the end of their hint (as keys list shows them), never more of the secret.
            for (String unseenKey : unseenKeys) {
                for (int i = 0; i < 2; i++) {
                    unseen.put("..." + unseenKey.substring(unseenKey.length() - 8) + " #" + i + " at +"
                            + Duration.between(killed, Instant.now()).toMillis() + " ms", status(unseenKey, companyPath()));
                }
            }
            awaitWrites(writes, killed);
            Thread.sleep(5_000);
        } finally {
            load.stop();
            writes.stop();
            revoked.stop();
        }
        Duration writesBack = writes.writesBackAfter(killed).orElseThrow();
        report("leader's PostgreSQL killed (SIGKILL), node " + leader, load, writesBack);
        log.info("Revoked key during the failover: {}; keys never seen before: {}", revoked, unseen);

        assertThat((double) load.ok() / load.total()).as("reads answered 200: %s", load).isGreaterThanOrEqualTo(0.99);
        assertThat(load.failedOtherwiseThanUnavailable()).as("failures other than 503: %s", load).isZero();
        assertThat(load.unavailableWithoutRetryAfter()).as("503s without Retry-After: %s", load).isZero();
        assertThat(load.longerThanFiveSeconds()).as("answers after more than 5 s: %s", load).isZero();
        assertThat(writesBack).as("writes back after the kill").isLessThanOrEqualTo(FAILOVER_BOUND);
        assertThat(writes.everFailed()).as("the kill stopped writes for a while").isTrue();
        assertThat(leader()).as("a new leader").isNotEqualTo(leader);
        assertThat(revoked.statuses()).as("the revoked key throughout: %s", revoked).containsOnlyKeys(401);
        assertThat(revoked.statuses().get(401)).as("requests with the revoked key").isGreaterThanOrEqualTo(10);
        assertThat(unseen.values()).as("keys never seen before, during the failover: %s", unseen).containsOnly(200);
        assertThat(awaitStatus(key(), "/api/v1/companies/" + committed, 200, STALENESS_BOUND.plusSeconds(1)))
                .as("the company imported just before the kill (synchronous mode: the new leader has it)").isEqualTo(200);
    }

    /**
     * The primary out of reach of every instance (HAProxy's leader listener closed, as in a
     * failover that takes long, or a network split): reads, and keys no instance has seen, are
     * served from the replicas for as long as their lag can still be within app.replicas.max-lag,
     * a revoked key stays refused; after that, 503 with Retry-After, until the primary is back.
     */
    @Test
    @Order(2)
    void withThePrimaryOutOfReachReplicasServeReadsAndNewKeysWhileTheirLagIsBoundedThen503() throws Exception {
        awaitHealthyCluster();
        String unseenKey = issueKey().key();
        Instant cut = Instant.now();
        try {
            for (String node : List.of("node1", "node2", "node3")) {
                haproxy("disable server postgres-primary/" + node);
                haproxy("shutdown sessions server postgres-primary/" + node);
            }
            cut = Instant.now();
            for (int i = 0; i < 2; i++) {
                assertThat(status(unseenKey, companyPath())).as("a key no instance has seen, request %d, the primary out of reach", i)
                        .isEqualTo(200);
                assertThat(status(revokedKey, companyPath())).as("the revoked key").isEqualTo(401);
            }
            for (String path : List.of(companyPath(), "/api/v1/companies/" + companyId + "/jobs",
                    "/api/v1/companies/?prospect_search_id=" + topology.get("DEMO_SEARCH_ID") + "&limit=3")) {
                assertThat(status(key(), path)).as("GET %s, the primary out of reach", path).isEqualTo(200);
            }
            HttpResponse<Void> refused = awaitUnavailable(STALENESS_BOUND.plusSeconds(10));
            Duration unavailableAfter = Duration.between(cut, Instant.now());
            assertThat(refused.headers().firstValue("Retry-After")).as("the 503's Retry-After").isPresent();
            assertThat(unavailableAfter).as("replicas leave the rotation once their lag cannot be bounded")
                    .isGreaterThanOrEqualTo(Duration.ofSeconds(5));
            appendFigure(String.format("primary out of reach of the instances: reads, a key never seen before and a revoked"
                    + " key answered from the replicas at once (200, 200, 401); 503 with Retry-After from %.1f s",
                    unavailableAfter.toMillis() / 1000.0));
        } finally {
            for (String node : List.of("node1", "node2", "node3")) {
                haproxy("enable server postgres-primary/" + node);
            }
        }
        awaitWritesAfter(cut);
        assertThat(awaitStatus(key(), companyPath(), 200, Duration.ofSeconds(20))).isEqualTo(200);
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
        DeployLocal.Run interrupted = running.await(Duration.ofMinutes(2));

        assertThat(interrupted.exitStatus()).as("the interrupted import: %s", interrupted).isNotZero();
        List<String> said = interrupted.stderr().lines().filter(line -> !line.startsWith("WARNING:")).toList();
        assertThat(said).as("what the interrupted import said").hasSize(1);
        assertThat(said.getFirst()).as("its one line").startsWith("error: the database cannot be reached")
                .contains("nothing of this import was written").contains("the same file again is safe");
        awaitWritesAfter(killed);
        assertThat(companiesOf(search)).as("companies the interrupted import left").isZero();
        assertThat(organizations(organization)).as("its organization").isZero();

        DEPLOY.script("cli", "import", file.toString()).requireSuccess();
        assertThat(companiesOf(search)).as("companies after the same import, run again on the new leader").isEqualTo(20_000);
        appendFigure("import interrupted by the leader's death: exit " + interrupted.exitStatus() + ", \"" + said.getFirst()
                + "\", 0 rows left; run again on node " + leader() + ": 20,000 companies");
    }

    @Test
    @Order(4)
    void oneEtcdMemberKilledUnderLoadChangesNothing() throws Exception {
        awaitHealthyCluster();
        String leader = leader();
        Measured measured = underLoad(() -> DEPLOY.script("ha", "kill-etcd", "1").requireSuccess(), Duration.ofSeconds(8));
        report("one etcd member killed (SIGKILL)", measured.load(), measured.writesBack());
        assertThat(measured.load().failed()).as("requests lost: %s", measured.load()).isZero();
        assertThat(measured.writesBack()).as("writes never stopped (last failure %s)", measured.lastWriteError()).isZero();
        assertThat(leader()).as("the leader kept its lock").isEqualTo(leader);
        DEPLOY.script("ha", "start-etcd", "1").requireSuccess();
    }

    @Test
    @Order(5)
    void redisKilledUnderLoadFallsBackToEachInstancesLimitsWithAnAlert() throws Exception {
        Measured measured = underLoad(() -> {
            DEPLOY.script("redis", "kill").requireSuccess();
            for (String management : managementUris()) {
                new Management(management).awaitGauge("api_rate_limit_redis_fallback", 1.0, Duration.ofSeconds(10));
            }
        }, Duration.ofSeconds(3));
        report("Redis killed (SIGKILL)", measured.load(), measured.writesBack());
        DEPLOY.script("redis", "start").requireSuccess();
        // The gauge stays up until a request's command reaches Redis again (RedisRateLimitStore).
        Instant deadline = Instant.now().plusSeconds(30);
        while (!managementUris().stream().allMatch(management ->
                Double.valueOf(0.0).equals(new Management(management).gaugeOrFailure("api_rate_limit_redis_fallback")))) {
            assertThat(Instant.now()).as("the instances count on Redis again within 30 s of its start").isBefore(deadline);
            assertThat(status(key(), companyPath())).isEqualTo(200);
            Thread.sleep(200);
        }
        assertThat(measured.load().failed()).as("requests lost: %s", measured.load()).isZero();
    }

    @Test
    @Order(6)
    void anInstanceKilledUnderLoadLosesOnlyTheRequestsInFlightOnIt() throws Exception {
        Measured measured = underLoad(() -> DEPLOY.script("instance", "kill", "2").requireSuccess(), Duration.ofSeconds(4));
        report("API instance 2 killed (SIGKILL)", measured.load(), measured.writesBack());
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
        for (String management : managementUris()) {
            new Management(management).awaitGauge("api_replicas_in_rotation", 2.0, Duration.ofSeconds(30));
        }
        Measured measured = underLoad(() -> DEPLOY.script("ha", "stop-node", standby).requireSuccess(), Duration.ofSeconds(4));
        report("standby node " + standby + " stopped (Patroni and its PostgreSQL, SIGTERM)", measured.load(),
                measured.writesBack());
        assertThat(measured.load().failed()).as("requests lost: at most those in flight on it (%s)", measured.load())
                .isLessThanOrEqualTo(LOAD_THREADS);
        assertThat(measured.load().longerThanFiveSeconds()).as("answers after more than 5 s").isZero();
        DEPLOY.script("ha", "start-node", standby).requireSuccess();
        awaitHealthyCluster();
    }

    /** The topology's logs (Patroni, PostgreSQL, etcd, HAProxy, the instances), kept beside the figures. */
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

    private record Measured(BalancerLoad load, Duration writesBack, String lastWriteError) {
    }

    private interface Fault {
        void inject() throws Exception;
    }

    /** 2 s of load, the fault, {@code after} more of load; then until writes work again (at most the failover bound). */
    private static Measured underLoad(Fault fault, Duration after) throws Exception {
        BalancerLoad load = BalancerLoad.start(HTTP, mixedReads(), key(), LOAD_THREADS);
        WriteProbe writes = WriteProbe.start(topology.get("PRIMARY_JDBC_URL"), topology.get("PG_USER"));
        Instant injected;
        try {
            Thread.sleep(2_000);
            injected = Instant.now();
            fault.inject();
            Thread.sleep(after.toMillis());
            awaitWrites(writes, injected);
        } finally {
            load.stop();
            writes.stop();
        }
        return new Measured(load, writes.writesBackAfter(injected).orElseThrow(), writes.lastError());
    }

    /** Probes writes until they work, after {@code since}: the leader is back. */
    private static void awaitWritesAfter(Instant since) throws InterruptedException {
        WriteProbe writes = WriteProbe.start(topology.get("PRIMARY_JDBC_URL"), topology.get("PG_USER"));
        try {
            awaitWrites(writes, since);
        } finally {
            writes.stop();
        }
    }

    private static void awaitWrites(WriteProbe writes, Instant since) throws InterruptedException {
        Instant deadline = since.plus(FAILOVER_BOUND).plusSeconds(5);
        while (writes.writesBackAfter(since).isEmpty()) {
            if (Instant.now().isAfter(deadline)) {
                fail("writes did not work again within %s of %s", FAILOVER_BOUND, since);
            }
            Thread.sleep(100);
        }
    }

    private static void report(String failure, BalancerLoad load, Duration writesBack) throws IOException {
        String line = String.format("%s: %d requests, %d answered 200, %d 5xx (%d without Retry-After), %d other failures, "
                        + "%d over 2 s, longest %.2f s; writes back after %.1f s",
                failure, load.total(), load.ok(), load.serverErrors(), load.unavailableWithoutRetryAfter(),
                load.failedOtherwiseThanUnavailable(), load.slowerThanTwoSeconds(), load.longest().toMillis() / 1000.0,
                writesBack.toMillis() / 1000.0);
        log.info("High availability: {} ({})", line, load);
        appendFigure(line);
    }

    private static void appendFigure(String line) throws IOException {
        Files.writeString(figures(), line + System.lineSeparator(), StandardCharsets.UTF_8,
                StandardOpenOption.CREATE, StandardOpenOption.APPEND);
    }

    private static Path figures() {
        return DIRECTORY.resolve("figures.txt");
    }

    /**
     * One request's status every second on a thread of its own, counted: slower than the
     * failed-authentication throttle's budget (30 a minute per address and instance), so that a
     * refused key is answered 401, not 429.
     */
    private static final class Sampler {

        private final Map<Integer, Integer> statuses = new java.util.concurrent.ConcurrentSkipListMap<>();
        private final String name;
        private volatile boolean running = true;
        private Thread thread;

        static Sampler start(String name, IntSupplier request) {
            Sampler sampler = new Sampler(name);
            sampler.thread = Thread.ofPlatform().name("sampler").start(() -> {
                while (sampler.running) {
                    sampler.statuses.merge(request.getAsInt(), 1, Integer::sum);
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

        Map<Integer, Integer> statuses() {
            return statuses;
        }

        void stop() throws InterruptedException {
            running = false;
            thread.join(15_000);
        }

        @Override
        public String toString() {
            return name + " " + statuses;
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
    private static void awaitHealthyCluster() throws InterruptedException {
        Instant deadline = Instant.now().plusSeconds(60);
        Map<String, String> members;
        while (!(members = members()).values().containsAll(List.of("leader running", "sync_standby running"))
                || members.size() != 3 || members.values().stream().anyMatch(state -> !state.endsWith(" running"))) {
            if (Instant.now().isAfter(deadline)) {
                fail("the cluster is not whole within 60 s: %s", members);
            }
            Thread.sleep(500);
        }
    }

    private static String leader() {
        return DEPLOY.script("ha", "leader").requireSuccess().stdout().strip();
    }

    /** Waits until the import's transaction has written and is still open on the leader. */
    private static void awaitWritingTransaction(Process importing) throws Exception {
        Instant deadline = Instant.now().plusSeconds(120);
        String writing = "select count(*) from pg_stat_activity where backend_xid is not null"
                + " and pid <> pg_backend_pid() and now() - xact_start > interval '300 milliseconds'";
        while (count(writing) == 0) {
            if (!importing.isAlive()) {
                fail("the import ended before it was seen writing: make its file larger");
            }
            if (Instant.now().isAfter(deadline)) {
                fail("the import was not seen writing within 120 s");
            }
            Thread.sleep(50);
        }
    }

    private static long companiesOf(UUID search) throws SQLException {
        return count("select count(*) from company where prospect_search_id = '" + search + "'");
    }

    private static long organizations(String id) throws SQLException {
        return count("select count(*) from organization where id = '" + id + "'");
    }

    private static long count(String sql) throws SQLException {
        try (Connection connection = DriverManager.getConnection(topology.get("PRIMARY_JDBC_URL"), topology.get("PG_USER"), null);
             Statement statement = connection.createStatement();
             ResultSet result = statement.executeQuery(sql)) {
            result.next();
            return result.getLong(1);
        }
    }

    /** A command on HAProxy's runtime API (its admin socket): what it answered. */
    private static String haproxy(String command) throws IOException {
        try (SocketChannel channel = SocketChannel.open(StandardProtocolFamily.UNIX)) {
            channel.connect(UnixDomainSocketAddress.of(topology.get("HAPROXY_SOCKET")));
            channel.write(ByteBuffer.wrap((command + "\n").getBytes(StandardCharsets.UTF_8)));
            ByteArrayOutputStream answer = new ByteArrayOutputStream();
            ByteBuffer buffer = ByteBuffer.allocate(4096);
            while (channel.read(buffer) > 0) {
                answer.write(buffer.array(), 0, buffer.position());
                buffer.clear();
            }
            return answer.toString(StandardCharsets.UTF_8);
        }
    }

    // --- Requests ---------------------------------------------------------------------------------

    /** The reads of a partner's sync: a company, its jobs, technologies and summaries, a page, the search. */
    private static List<String> mixedReads() {
        String company = "/api/v1/companies/" + companyId;
        return List.of(company, company + "/jobs", company + "/webtech-intel", company + "/jobs/summary",
                "/api/v1/companies/?prospect_search_id=" + topology.get("DEMO_SEARCH_ID") + "&limit=10",
                "/api/v1/prospect-searches/" + topology.get("DEMO_SEARCH_ID"))
                .stream().map(path -> balancer() + path).toList();
    }

    private static String companyPath() {
        return "/api/v1/companies/" + companyId;
    }

    private static HttpResponse<Void> throughBalancer(String key, String path) throws IOException, InterruptedException {
        HttpRequest request = HttpRequest.newBuilder(URI.create(balancer() + path)).timeout(Duration.ofSeconds(10))
                .header("Authorization", "Bearer " + key).GET().build();
        return HTTP.send(request, HttpResponse.BodyHandlers.discarding());
    }

    /** The status of a GET through the balancer; 0 when no answer came. */
    private static int status(String key, String path) {
        try {
            return throughBalancer(key, path).statusCode();
        } catch (IOException e) {
            return 0;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return 0;
        }
    }

    private static int awaitStatus(String key, String path, int wanted, Duration bound) throws InterruptedException {
        Instant deadline = Instant.now().plus(bound);
        int seen;
        while ((seen = status(key, path)) != wanted && Instant.now().isBefore(deadline)) {
            Thread.sleep(100);
        }
        return seen;
    }

    private static HttpResponse<Void> awaitUnavailable(Duration bound) throws Exception {
        Instant deadline = Instant.now().plus(bound);
        while (true) {
            HttpResponse<Void> response = throughBalancer(key(), companyPath());
            if (response.statusCode() == 503) {
                return response;
            }
            assertThat(response.statusCode()).as("before the replicas leave the rotation").isEqualTo(200);
            if (Instant.now().isAfter(deadline)) {
                return fail("reads were still served %s after the primary went out of reach", bound);
            }
            Thread.sleep(200);
        }
    }

    private static void awaitDirect(String instance, String key, int wanted, Duration bound) throws Exception {
        Instant deadline = Instant.now().plus(bound);
        while (true) {
            HttpRequest request = HttpRequest.newBuilder(URI.create(instance + companyPath())).timeout(Duration.ofSeconds(10))
                    .header("Authorization", "Bearer " + key).header("X-Forwarded-Proto", "https").GET().build();
            int seen = HTTP.send(request, HttpResponse.BodyHandlers.discarding()).statusCode();
            if (seen == wanted) {
                return;
            }
            if (Instant.now().isAfter(deadline)) {
                fail("%s answered %d, not %d, within %s", instance, seen, wanted, bound);
            }
            Thread.sleep(200);
        }
    }

    // --- Keys and imports -------------------------------------------------------------------------

    private record IssuedKey(String key, String id) {
    }

    private static IssuedKey issueKey() {
        String out = DEPLOY.script("cli", "keys", "issue", "--org", topology.get("DEMO_ORG"), "--tier", "enterprise",
                "--rate-limit", "1000000").requireSuccess().stdout();
        return new IssuedKey(field(out, "key"), field(out, "id"));
    }

    private static String field(String out, String name) {
        return out.lines().filter(line -> line.startsWith(name + ": ")).findFirst()
                .map(line -> line.substring(name.length() + 2).strip())
                .orElseThrow(() -> new IllegalStateException("no " + name + " in:\n" + out));
    }

    // --- Topology ---------------------------------------------------------------------------------

    private static String balancer() {
        return topology.get("BALANCER_URL");
    }

    private static String key() {
        return topology.get("API_KEY");
    }

    private static List<String> instanceUris() {
        return List.of(topology.get("INSTANCE_URLS").split(" "));
    }

    private static List<String> managementUris() {
        return List.of(topology.get("MANAGEMENT_PORTS").split(" ")).stream().map(port -> "http://127.0.0.1:" + port).toList();
    }

}
