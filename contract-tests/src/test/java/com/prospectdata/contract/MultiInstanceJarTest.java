package com.prospectdata.contract;

import static com.prospectdata.contract.support.Api.json;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.fail;

import com.prospectdata.contract.support.DatabaseServer;
import com.prospectdata.contract.support.Deployment;
import com.prospectdata.contract.support.Management;
import com.prospectdata.contract.support.RedisProcess;
import com.prospectdata.contract.support.RunsBesideOthers;
import com.prospectdata.contract.support.ServerJar;
import com.prospectdata.contract.support.ServerProcess;
import com.prospectdata.contract.support.TlsCertificates;
import com.prospectdata.testing.Fixture;
import io.restassured.response.Response;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.cert.X509Certificate;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.Timeout;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Several servers on one database (docs/OPERATIONS.md, "Several instances"): two {@code serve} processes, instance A and
 * instance B, on a PostgreSQL database of their own with the fixture imported and keys issued
 * through the operator commands, sharing their rate limits through a redis-server of this
 * test's own ({@code --app.rate-limit.store=redis}, {@code SPRING_DATA_REDIS_URL}). They cache
 * validated keys for 5 seconds ({@code --app.auth.cache-ttl=5s}) so a revocation shows quickly,
 * and share one data directory, so B reuses the self-signed certificate A made.
 *
 * <p>Shown: a free key's 100 requests, alternating between the instances, are served and the
 * 101st is refused with 429 by either; a key revoked with {@code keys revoke} is refused by both
 * within the cache TTL; {@code last_used_at} is written once, not once per instance or request;
 * an import through the command line is served by both instances once {@code app.data-version.max-age}
 * (1 s) has passed, even to a validator from before it; with Redis killed mid-test both instances
 * keep answering 200 or 429, never 5xx, log the outage once, and use Redis again by themselves
 * once it is back on the same port.
 *
 * <p>The methods run in order: the outage comes last.
 */
@Tag(DatabaseServer.TAG)
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
@RunsBesideOthers
@Order(5) // started first, the longest first (junit-platform.properties)
class MultiInstanceJarTest {

    private static final Logger log = LoggerFactory.getLogger(MultiInstanceJarTest.class);
    private static final String COMPANY = "/api/v1/companies/" + Fixture.COMPANY_NORDLICHT;
    private static final String NORDLICHT_SEARCHED = "/api/v1/companies/?prospect_search_id=" + Fixture.SEARCH_MAIN + "&search=nordlicht";
    private static final String RATE_LIMIT_KEY_PREFIX = "cpd:rate-limit:";
    private static final String OUTAGE_WARNING = "Redis is unreachable for rate limiting";
    /** How often an instance logs a Redis outage at most (pipeline/ratelimit/RedisRateLimitStore). */
    private static final Duration OUTAGE_LOG_EVERY = Duration.ofMinutes(1);
    /** Every instance refuses a revoked key within 60 seconds (docs/api-rules.md §6); the bound of the polling. */
    private static final Duration REVOCATION_BOUND = Duration.ofSeconds(60);
    /** A free bucket refills one request every 36 seconds. */
    private static final long FREE_REFILL_SECONDS = 36;

    private static RedisProcess redis;
    private static Deployment deployment;
    private static ServerProcess a;
    private static ServerProcess b;
    private static IssuedKey freeKey;
    private static IssuedKey revocationKey;
    private static IssuedKey steadyKey;
    private static IssuedKey recoveryKey;

    private record IssuedKey(String key, String id) {
    }

    @BeforeAll
    static void startTwoInstancesOnOneDatabaseAndOneRedis() throws Exception {
        Path directory = Path.of(System.getProperty("basedir", ".")).toAbsolutePath()
                .resolve("target").resolve("contract").resolve("multi-instance");
        redis = RedisProcess.start(directory.resolve("redis"));
        deployment = Deployment.create("multi-instance", Map.of("SPRING_DATA_REDIS_URL", redis.url()));
        // The self-signed certificate is made by the first instance; a fresh directory shows that the second reuses it.
        Path tls = deployment.directory().resolve("data").resolve("tls");
        deleteIfPresent(tls.resolve("certificate.pem"), tls.resolve("private-key.pem"));

        ExecutorService executor = Executors.newFixedThreadPool(2);
        try {
            CompletableFuture<IssuedKey> free = CompletableFuture.supplyAsync(() -> issue("free", null), executor);
            CompletableFuture<IssuedKey> revocation = CompletableFuture.supplyAsync(() -> issue("enterprise", 5000), executor);
            a = instance("instance-a").launch();
            awaitFiles(tls.resolve("certificate.pem"), tls.resolve("private-key.pem"));
            b = instance("instance-b").launch();
            CompletableFuture<IssuedKey> steady = free.thenApplyAsync(ignored -> issue("enterprise", 5000), executor);
            CompletableFuture<IssuedKey> recovery = revocation.thenApplyAsync(ignored -> issue("enterprise", 10), executor);
            a.awaitHealthy();
            b.awaitHealthy();
            freeKey = free.join();
            revocationKey = revocation.join();
            steadyKey = steady.join();
            recoveryKey = recovery.join();
        } catch (CompletionException e) {
            throw e.getCause() instanceof Exception cause ? cause : e;
        } finally {
            executor.shutdownNow();
        }
    }

    @AfterAll
    static void stopEverything() throws Exception {
        for (AutoCloseable resource : new AutoCloseable[] {a, b, redis, deployment}) {
            if (resource != null) {
                try {
                    resource.close();
                } catch (Exception e) {
                    log.warn("Could not clean up {}: {}", resource, e.toString());
                }
            }
        }
    }

    private static ServerProcess.Builder instance(String name) {
        return deployment.server(name)
                .argument("--app.rate-limit.store=redis")
                // The sharing is the subject, not the wait: on a 2-core machine busy with the whole run
                // a connection to Redis has taken longer than the default 500 ms, and each instance then
                // counted alone for a while. A killed Redis refuses at once, whatever the timeout.
                .argument("--app.rate-limit.redis-timeout=5s")
                .argument("--app.auth.cache-ttl=5s");
    }

    private static IssuedKey issue(String tier, Integer rateLimit) {
        List<String> arguments = new ArrayList<>(List.of("keys", "issue", "--org", Fixture.ORG_OURS, "--tier", tier));
        if (rateLimit != null) {
            arguments.addAll(List.of("--rate-limit", rateLimit.toString()));
        }
        ServerJar.Result issued = deployment.operatorCommands().run(arguments.toArray(String[]::new)).requireSuccess();
        return new IssuedKey(issued.field("key"), issued.field("id"));
    }

    private static Response get(ServerProcess instance, IssuedKey key) {
        return instance.request().header("Authorization", "Bearer " + key.key()).get(COMPANY);
    }

    private static String bucketOf(IssuedKey key, int limit) {
        return RATE_LIMIT_KEY_PREFIX + key.id() + ":" + limit;
    }

    @Test
    @Order(1)
    void bothInstancesServeTheOneDatabaseWithTheOneCertificate() {
        X509Certificate first = TlsCertificates.presentedOn(a.port());
        X509Certificate second = TlsCertificates.presentedOn(b.port());
        Path certificate = deployment.directory().resolve("data").resolve("tls").resolve("certificate.pem");

        assertThat(a.isHttps()).isTrue();
        assertThat(b.isHttps()).isTrue();
        assertThat(second).as("instance B reused the self-signed certificate instance A made").isEqualTo(first);
        assertThat(first).isEqualTo(TlsCertificates.readPem(certificate));
        for (ServerProcess instance : List.of(a, b)) {
            Response response = instance.validRequest().header("Authorization", "Bearer " + revocationKey.key())
                    .get("/api/v1/companies/?prospect_search_id=" + Fixture.SEARCH_MAIN);
            assertThat(response.statusCode()).as("%s: %s", instance.name(), response.asString()).isEqualTo(200);
            assertThat(json(response).get("total").intValue())
                    .isEqualTo(deployment.fixture().companiesOf(Fixture.SEARCH_MAIN).size());
        }
    }

    @Test
    @Order(2)
    void aFreeKeysHundredAndFirstRequestAcrossBothInstancesIsRefused() {
        Instant first = Instant.now();
        for (int request = 1; request <= 100; request++) {
            ServerProcess instance = request % 2 == 1 ? a : b;
            Response response = get(instance, freeKey);
            assertThat(response.statusCode()).as("request %d, on %s: %s", request, instance.name(), response.asString())
                    .isEqualTo(200);
            assertThat(response.header("X-RateLimit-Limit")).isEqualTo("100");
        }
        // A free bucket gains one request every 36 seconds; on a slow machine the 100 may have
        // taken that long. Then a few more are served, as many as were refilled, and no more.
        long refilled = Duration.between(first, Instant.now()).toSeconds() / FREE_REFILL_SECONDS;
        Response refused = null;
        for (int extra = 0; extra <= refilled; extra++) {
            Response response = get(extra % 2 == 0 ? a : b, freeKey);
            if (response.statusCode() == 429) {
                refused = response;
                break;
            }
            assertThat(response.statusCode()).as("%s", response.asString()).isEqualTo(200);
        }
        assertThat(refused).as("the free key was still served after 100 + %d requests: the instances do not share"
                + " one bucket", refilled).isNotNull();
        assertRateLimited(refused, "100");
        for (ServerProcess instance : List.of(a, b)) {
            assertRateLimited(get(instance, freeKey), "100");
        }
        assertThat(redis.exists(bucketOf(freeKey, 100))).as("the bucket is kept in Redis").isTrue();
    }

    @Test
    @Order(3)
    @Timeout(value = 180, unit = TimeUnit.SECONDS)
    void aKeyRevokedThroughTheCommandLineIsRefusedByBothInstances() throws InterruptedException {
        // Both instances have seen the key (first method and now), so both may have it in their caches.
        assertThat(get(a, revocationKey).statusCode()).isEqualTo(200);
        assertThat(get(b, revocationKey).statusCode()).isEqualTo(200);

        deployment.operatorCommands().run("keys", "revoke", revocationKey.id()).requireSuccess();
        Instant revoked = Instant.now();

        List<ServerProcess> accepting = new ArrayList<>(List.of(a, b));
        while (!accepting.isEmpty()) {
            for (ServerProcess instance : List.copyOf(accepting)) {
                Response response = get(instance, revocationKey);
                if (response.statusCode() == 401) {
                    log.info("{} refused the revoked key {} ms after keys revoke returned", instance.name(),
                            Duration.between(revoked, Instant.now()).toMillis());
                    accepting.remove(instance);
                } else {
                    assertThat(response.statusCode()).as("%s before the revocation reaches it: %s", instance.name(),
                            response.asString()).isEqualTo(200);
                }
            }
            if (!accepting.isEmpty() && Duration.between(revoked, Instant.now()).compareTo(REVOCATION_BOUND) > 0) {
                fail("The key revoked at %s was still accepted by %s at %s", revoked,
                        accepting.stream().map(ServerProcess::name).toList(), Instant.now());
            }
            Thread.sleep(500);
        }
        // And it stays refused.
        assertThat(get(a, revocationKey).statusCode()).isEqualTo(401);
        assertThat(get(b, revocationKey).statusCode()).isEqualTo(401);
    }

    @Test
    @Order(4)
    void lastUsedAtIsWrittenOnceAMinuteNotPerRequestNorPerInstance() throws InterruptedException {
        assertThat(deployment.lastUsedAt(steadyKey.id())).as("last_used_at of a key never used").isEmpty();
        assertThat(get(a, steadyKey).statusCode()).isEqualTo(200);
        Optional<Instant> written = Optional.empty();
        Instant deadline = Instant.now().plusSeconds(10);
        while (written.isEmpty() && Instant.now().isBefore(deadline)) {
            written = deployment.lastUsedAt(steadyKey.id());
            Thread.sleep(100);
        }
        assertThat(written).as("last_used_at of a key in use").isPresent();
        Instant firstWrite = written.get();

        // Instance B's first use, and more on both, within the same minute.
        for (int request = 0; request < 10; request++) {
            assertThat(get(request % 2 == 0 ? a : b, steadyKey).statusCode()).isEqualTo(200);
        }
        // The write is made off the request path: give a write that should not happen the time to.
        Thread.sleep(2_000);
        assertThat(deployment.lastUsedAt(steadyKey.id())).as("last_used_at after 10 more requests within the minute")
                .contains(firstWrite);
    }

    @Test
    @Order(5)
    void anImportIsServedByBothInstancesOnceOneSecondHasPassedAndNeverTheDataBeforeIt() throws Exception {
        // Both instances read the same data version, so they hand out the same validator.
        String before = awaitTheSameValidatorOnBoth();
        // And both keep this page of the list at that version (docs/api-rules.md §1).
        for (ServerProcess instance : List.of(a, b, a, b)) {
            Response page = instance.request().header("Authorization", "Bearer " + steadyKey.key()).get(NORDLICHT_SEARCHED);
            assertThat(page.jsonPath().getList("items.name")).as("%s before the import", instance).contains("Nordlicht Logistik GmbH");
        }
        var renamed = deployment.fixture().company(Fixture.COMPANY_NORDLICHT).deepCopy();
        renamed.put("name", "Nordlicht Logistik, renamed");
        Path change = deployment.directory().resolve("rename-nordlicht.jsonl");
        Files.writeString(change, renamed + "\n");
        deployment.operatorCommands().run("import", change.toString()).requireSuccess();
        Instant committed = Instant.now();

        // app.data-version.max-age: from here on, no instance may answer from the version before.
        Thread.sleep(1000);
        for (ServerProcess instance : List.of(a, b, a, b)) {
            Response answer = instance.request().header("Authorization", "Bearer " + steadyKey.key())
                    .header("If-None-Match", before).get(COMPANY);
            assertThat(answer.statusCode()).as("%s, %s after the import", instance, Duration.between(committed, Instant.now()))
                    .isEqualTo(200);
            assertThat(answer.jsonPath().getString("name")).isEqualTo("Nordlicht Logistik, renamed");
            assertThat(answer.header("ETag")).isNotEqualTo(before);
            Response page = instance.request().header("Authorization", "Bearer " + steadyKey.key()).get(NORDLICHT_SEARCHED);
            assertThat(page.jsonPath().getList("items.name")).as("%s: the kept page is not served after the import", instance)
                    .contains("Nordlicht Logistik, renamed").doesNotContain("Nordlicht Logistik GmbH");
        }
    }

    private static String awaitTheSameValidatorOnBoth() throws InterruptedException {
        Instant deadline = Instant.now().plusSeconds(10);
        while (true) {
            String onA = get(a, steadyKey).header("ETag");
            String onB = get(b, steadyKey).header("ETag");
            if (onA != null && onA.equals(onB)) {
                return onA;
            }
            if (Instant.now().isAfter(deadline)) {
                return fail("the instances did not agree on a validator within 10 s: " + onA + " and " + onB);
            }
            Thread.sleep(100);
        }
    }

    @Test
    @Order(10)
    @Timeout(value = 180, unit = TimeUnit.SECONDS)
    void withRedisKilledBothInstancesKeepAnsweringAndUseRedisAgainWhenItIsBack() throws InterruptedException {
        assertThat(redis.exists(bucketOf(steadyKey, 5000))).as("before the outage the steady key's bucket is in Redis").isTrue();
        // A command that timed out earlier (a busy machine) was an outage of its own, logged then.
        Map<ServerProcess, Integer> warnedBefore = Map.of(a, count(a.logText()), b, count(b.logText()));
        Instant killed = Instant.now();
        redis.kill();

        // Nothing fails: each instance counts on its own buckets. The free key is spent in Redis
        // but has a fresh local bucket, so 200 and 429 are both right for it.
        for (int round = 0; round < 10; round++) {
            for (ServerProcess instance : List.of(a, b)) {
                Response steady = get(instance, steadyKey);
                assertThat(steady.statusCode()).as("%s without Redis: %s", instance.name(), steady.asString()).isEqualTo(200);
                Response free = get(instance, freeKey);
                assertThat(free.statusCode()).as("%s without Redis: %s", instance.name(), free.asString()).isIn(200, 429);
                assertThat(instance.request().get("/health").statusCode()).isEqualTo(200);
            }
        }
        for (ServerProcess instance : List.of(a, b)) {
            // Once a minute: the kill is logged, unless a warning less than a minute before it
            // (an earlier timeout) already covers it; either way it adds at most one.
            int added = awaitOutageWarnings(instance, warnedBefore.get(instance), killed);
            assertThat(added).as("%s logs the outage once a minute: at most once", instance.name()).isLessThanOrEqualTo(1);
            assertThat(lastOutageWarning(instance.logText()))
                    .as("%s has a warning of the outage logged at most a minute before the kill, or after it", instance.name())
                    .hasValueSatisfying(logged -> assertThat(logged).isAfter(killed.minus(OUTAGE_LOG_EVERY)));
            get(instance, steadyKey);
            assertThat(Management.of(instance).scrape().sum("api_rate_limit_redis_fallback", Map.of()))
                    .as("%s says it counts on its own buckets", instance.name()).isEqualTo(1);
        }

        redis.restart();
        // Each instance writes one key's bucket to the new, empty Redis once it uses Redis again.
        Instant restarted = Instant.now();
        boolean aBack = false;
        boolean bBack = false;
        while (!(aBack && bBack)) {
            if (Duration.between(restarted, Instant.now()).toSeconds() > 90) {
                fail("90 s after Redis came back, instance A %s and instance B %s it", aBack ? "uses" : "does not use",
                        bBack ? "uses" : "does not use");
            }
            Response fromA = get(a, freeKey);
            assertThat(fromA.statusCode()).as("instance A: %s", fromA.asString()).isIn(200, 429);
            Response fromB = get(b, steadyKey);
            assertThat(fromB.statusCode()).as("instance B: %s", fromB.asString()).isEqualTo(200);
            aBack = redis.exists(bucketOf(freeKey, 100));
            bBack = redis.exists(bucketOf(steadyKey, 5000));
            if (!(aBack && bBack)) {
                Thread.sleep(1_000);
            }
        }
        log.info("Both instances use Redis again {} ms after it restarted", Duration.between(restarted, Instant.now()).toMillis());
        for (ServerProcess instance : List.of(a, b)) {
            get(instance, steadyKey);
            assertThat(Management.of(instance).scrape().sum("api_rate_limit_redis_fallback", Map.of()))
                    .as("%s counts in Redis again", instance.name()).isEqualTo(0);
        }

        // One limit again: a fresh key of 10 requests an hour gets 10, not 10 per instance.
        for (int request = 1; request <= 10; request++) {
            ServerProcess instance = request % 2 == 1 ? a : b;
            Response response = get(instance, recoveryKey);
            assertThat(response.statusCode()).as("request %d on %s: %s", request, instance.name(), response.asString())
                    .isEqualTo(200);
        }
        assertRateLimited(get(a, recoveryKey), "10");
        assertRateLimited(get(b, recoveryKey), "10");

        for (ServerProcess instance : List.of(a, b)) {
            assertThat(instance.logText()).as("%s's log", instance.name()).doesNotContain(" ERROR ");
        }
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

    /** The number of outage warnings in the instance's log, once there is at least one (bounded wait). */
    /**
     * The outage warnings the instance logged after it had logged {@code before}, once one has
     * come or none needs to: an earlier warning less than a minute before {@code killed} covers it.
     */
    private static int awaitOutageWarnings(ServerProcess instance, int before, Instant killed) throws InterruptedException {
        Instant deadline = Instant.now().plusSeconds(10);
        int count = count(instance.logText()) - before;
        boolean covered = lastOutageWarning(instance.logText()).filter(logged -> logged.isAfter(killed.minus(OUTAGE_LOG_EVERY))).isPresent();
        while (count == 0 && !covered && Instant.now().isBefore(deadline)) {
            Thread.sleep(100);
            count = count(instance.logText()) - before;
            covered = lastOutageWarning(instance.logText()).filter(logged -> logged.isAfter(killed.minus(OUTAGE_LOG_EVERY))).isPresent();
        }
        return count;
    }

    /** When the last outage warning was logged: each log line starts with its instant. */
    private static java.util.Optional<Instant> lastOutageWarning(String log) {
        return log.lines().filter(line -> line.contains(OUTAGE_WARNING)).reduce((first, second) -> second)
                .map(line -> Instant.parse(line.substring(0, line.indexOf(' '))));
    }

    private static int count(String log) {
        Matcher matcher = Pattern.compile(Pattern.quote(OUTAGE_WARNING)).matcher(log);
        int count = 0;
        while (matcher.find()) {
            count++;
        }
        return count;
    }

    private static void awaitFiles(Path... files) throws InterruptedException {
        Instant deadline = Instant.now().plusSeconds(60);
        while (!java.util.Arrays.stream(files).allMatch(Files::isRegularFile)) {
            if (Instant.now().isAfter(deadline)) {
                throw new IllegalStateException("Instance A made no certificate within 60 s: " + List.of(files)
                        + "; see " + a.log());
            }
            if (!a.isAlive()) {
                throw new IllegalStateException("Instance A exited; see " + a.log());
            }
            Thread.sleep(100);
        }
    }

    private static void deleteIfPresent(Path... files) throws java.io.IOException {
        for (Path file : files) {
            Files.deleteIfExists(file);
        }
    }
}
