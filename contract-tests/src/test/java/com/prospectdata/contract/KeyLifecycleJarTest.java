package com.prospectdata.contract;

import static com.prospectdata.contract.support.Api.givenInvalidKey;
import static com.prospectdata.contract.support.Api.givenKey;
import static com.prospectdata.contract.support.Api.json;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.prospectdata.contract.support.ContractTest;
import com.prospectdata.contract.support.FixtureKey;
import com.prospectdata.contract.support.ServerClock;
import com.prospectdata.contract.support.ServerJar;
import com.prospectdata.contract.support.ServerProcess;
import com.prospectdata.contract.support.TimeFactor;
import com.prospectdata.testing.Fixture;
import com.prospectdata.testing.Json;
import io.restassured.response.Response;
import io.restassured.specification.RequestSpecification;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;
import java.util.function.Supplier;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;
import tools.jackson.databind.JsonNode;

/**
 * Keys that expire and keys rolled over (docs/SECURITY.md, "Key lifecycle"), on two instances
 * sharing one database: the shared server and one of this class's own. Both cache validated keys
 * (30 s by default), and every key below is used, so cached, on both before its time comes: an
 * expiry set at issue must still end the key at its instant, while an expiry set later by
 * {@code keys rotate} may take up to the cache's TTL, at most 60 s, to reach an instance.
 *
 * <p>Runs beside the other test classes: it spends most of its time waiting, on keys of its own.
 */
@Execution(ExecutionMode.CONCURRENT)
@Order(1) // started first, the longest first (junit-platform.properties)
class KeyLifecycleJarTest extends ContractTest {

    private static final String EXPIRATION = "API-Key-Expiration";
    private static final String COMPANY = "/api/v1/companies/" + Fixture.COMPANY_NORDLICHT;
    /**
     * How long an instance may keep serving a key whose expiry was set after it cached the key: a
     * rule, read on the instance's clock (the time of its access lines).
     */
    private static final Duration PROPAGATION = Duration.ofSeconds(60);
    /** What a machine shared with the other classes of the run may add to the wait for the refusal. */
    private static final Duration TOLERANCE = Duration.ofSeconds(30);
    /**
     * How far ahead the expiring key's time is set, tried in turn: issuing runs the jar (a JVM and a
     * Spring context), which takes a few seconds on an idle machine and half a minute on a busy one.
     */
    private static final List<Duration> EXPIRY_MARGINS =
            List.of(Duration.ofSeconds(20), Duration.ofSeconds(45), Duration.ofSeconds(90), Duration.ofSeconds(180));

    @RegisterExtension
    static final ServerProcess.PerClass second = ServerProcess.perClass(() -> ServerProcess.onSharedDatabase("key-lifecycle"));

    private record Instance(String name, Supplier<ServerProcess> server, Function<String, RequestSpecification> valid,
                            Function<String, RequestSpecification> invalid) {
    }

    private static List<Instance> bothInstances() {
        return List.of(
                new Instance("shared instance", () -> environment().server(), key -> givenKey(key), key -> givenInvalidKey(key)),
                new Instance("second instance", second::server,
                        key -> second.server().validRequest().header("Authorization", "Bearer " + key),
                        key -> second.server().request().header("Authorization", "Bearer " + key)));
    }

    private static ServerJar.Result keys(String... arguments) {
        return environment().operatorCommands().run(arguments).requireSuccess();
    }

    private static ServerJar.Result issueEnterprise(String... more) {
        List<String> arguments = new ArrayList<>(List.of("keys", "issue", "--org", Fixture.ORG_OURS,
                "--tier", "enterprise", "--rate-limit", "5000"));
        arguments.addAll(List.of(more));
        return keys(arguments.toArray(String[]::new));
    }

    private static void assertExpiredRefusal(Response response, String where) {
        assertThat(response.statusCode()).as("%s: %s", where, response.asString()).isEqualTo(401);
        assertThat(json(response).get("error").stringValue()).isEqualTo("UNAUTHORIZED");
        assertThat(json(response).get("message").stringValue()).as(where).isEqualTo("The API key has expired.");
        assertThat(response.header(EXPIRATION)).as("a refused key is not the caller: no expiry header").isNull();
    }

    private static void sleepUntil(Instant instant) throws InterruptedException {
        long millis = Duration.between(Instant.now(), instant).toMillis();
        if (millis > 0) {
            Thread.sleep(millis);
        }
    }

    private record ExpiringKey(String key, Instant expiry) {
    }

    /** A key whose expiry is seconds ahead once it is issued, with half its margin still to go. */
    private static ExpiringKey issueExpiringSoon() {
        for (Duration margin : EXPIRY_MARGINS) {
            Instant expiry = Instant.now().truncatedTo(ChronoUnit.SECONDS).plus(margin);
            ServerJar.Result issued = environment().operatorCommands().run("keys", "issue", "--org", Fixture.ORG_OURS,
                    "--tier", "enterprise", "--rate-limit", "5000", "--expires-at", expiry.toString());
            if (issued.exitStatus() == 0 && Instant.now().plus(margin.dividedBy(2)).isBefore(expiry)) {
                return new ExpiringKey(issued.field("key"), expiry);
            }
            if (issued.exitStatus() != 0) {
                assertThat(issued.stderr()).as("refused only for being late").contains("not in the future");
            }
        }
        throw new AssertionError("issuing a key took longer than " + EXPIRY_MARGINS.getLast().dividedBy(2) + " every time");
    }

    /**
     * The keys most tests use are written into the database as {@code keys issue} writes them
     * (support/FixtureKey), without a JVM each: such a key must be one the command could have
     * issued. The two, given the same options, are listed alike and served alike.
     */
    @Test
    void aFixtureKeyIsListedAndServedAsTheKeyTheCommandIssuesWithTheSameOptions() {
        String label = "fixture check " + System.nanoTime();
        ServerJar.Result issued = keys("keys", "issue", "--org", Fixture.ORG_OURS, "--tier", "enterprise", "--rate-limit", "77",
                "--label", label);
        FixtureKey written = environment().key(FixtureKey.of(Fixture.ORG_OURS).enterprise(77).label(label));

        JsonNode listed = Json.parse(keys("keys", "list", "--org", Fixture.ORG_OURS, "--output", "json").stdout());
        Map<String, JsonNode> byId = new HashMap<>();
        listed.forEach(key -> byId.put(key.get("id").asString(), key));
        JsonNode byCommand = byId.get(issued.field("id"));
        JsonNode byFixture = byId.get(written.id());
        assertThat(byCommand).as("the command's key in %s", listed).isNotNull();
        assertThat(byFixture).as("the fixture key in %s", listed).isNotNull();
        List<String> fields = new ArrayList<>();
        byCommand.propertyNames().forEach(fields::add);
        assertThat(byFixture.propertyNames()).containsExactlyInAnyOrderElementsOf(fields);
        for (String field : fields) {
            if (!List.of("id", "hint", "created_at").contains(field)) {
                assertThat(byFixture.get(field)).as(field).isEqualTo(byCommand.get(field));
            }
        }
        String key = written.key();
        assertThat(byFixture.get("hint").asString()).isEqualTo(key.substring(0, 8) + "..." + key.substring(key.length() - 8));
        for (String served : List.of(issued.field("key"), key)) {
            Response response = givenKey(served).get(COMPANY);
            assertThat(response.statusCode()).as("%s", response.asString()).isEqualTo(200);
        }
    }

    @Test
    @Timeout(value = 420, unit = TimeUnit.SECONDS)
    void aKeyIssuedToExpireSecondsAheadWorksUntilItsTimeAndIsRefusedRightAfterOnBothInstances() throws Exception {
        ExpiringKey expiring = issueExpiringSoon();
        String key = expiring.key();
        Instant expiry = expiring.expiry();

        for (Instance instance : bothInstances()) {
            String requestId = ServerClock.newRequestId();
            Response served = instance.valid().apply(key).header(ServerClock.REQUEST_ID_HEADER, requestId).get(COMPANY);
            assertThat(served.statusCode()).as("%s: %s", instance.name(), served.asString()).isEqualTo(200);
            assertThat(served.header(EXPIRATION)).as("%s: the time given at issue", instance.name()).isEqualTo(expiry.toString());
            assertThat(ServerClock.answeredAt(instance.server().get(), requestId))
                    .as("%s served the key before its expiry, by its clock", instance.name()).isBefore(expiry);
        }

        sleepUntil(expiry.plusMillis(100));
        for (Instance instance : bothInstances()) {
            assertExpiredRefusal(instance.invalid().apply(key).get(COMPANY), instance.name());
        }
    }

    @Test
    @Timeout(value = 240, unit = TimeUnit.SECONDS) // two keys issued through the jar, each a JVM start
    void theExpiryComesWithEveryResponseToTheKeyAndWithNoneToAKeyWithoutOne() {
        // Given with an offset; the header says the same instant in UTC.
        String key = issueEnterprise("--expires-at", "2099-01-31T01:00:00+01:00").field("key");
        String limited = keys("keys", "issue", "--org", Fixture.ORG_OURS, "--tier", "enterprise", "--rate-limit", "1",
                "--expires-in", "3650d").field("key");
        String expected = "2099-01-31T00:00:00Z";

        List<Response> responses = new ArrayList<>();
        for (String path : List.of("/api/v1/companies/?prospect_search_id=" + Fixture.SEARCH_MAIN, COMPANY,
                COMPANY + "/jobs", COMPANY + "/jobs/summary", COMPANY + "/webtech-intel", COMPANY + "/webtech-intel/summary")) {
            responses.add(givenKey(key).get(path));
        }
        Response first = responses.getFirst();
        responses.add(givenKey(key).header("If-None-Match", first.header("ETag"))
                .get("/api/v1/companies/?prospect_search_id=" + Fixture.SEARCH_MAIN));
        responses.add(givenInvalidKey(key).get("/api/v1/companies/?prospect_search_id=" + Fixture.SEARCH_MAIN + "&limit=0"));
        responses.add(givenInvalidKey(key).get("/api/v1/companies/c0000000-0000-4000-8000-0000000000ff"));
        responses.add(givenInvalidKey(key).get("/api/v1/companies/" + Fixture.COMPANY_OTHER_ORG));

        assertThat(responses).extracting(Response::statusCode).containsExactly(200, 200, 200, 200, 200, 200, 304, 400, 404, 403);
        assertThat(responses).allSatisfy(response -> assertThat(response.header(EXPIRATION)).isEqualTo(expected));

        assertThat(givenKey(limited).get(COMPANY).statusCode()).isEqualTo(200);
        Response throttled = givenInvalidKey(limited).get(COMPANY);
        assertThat(throttled.statusCode()).isEqualTo(429);
        assertThat(Instant.parse(throttled.header(EXPIRATION))).isAfter(Instant.now().plus(Duration.ofDays(3649)));

        assertThat(given().get(COMPANY).header(EXPIRATION)).as("the main key has no expiry").isNull();
    }

    private static RequestSpecification given() {
        return givenKey(keys().main());
    }

    @Test
    @Timeout(value = 240, unit = TimeUnit.SECONDS)
    void aRotatedKeyWorksThroughItsGracePeriodBesideItsSuccessorAndIsRefusedAfter() throws Exception {
        ServerJar.Result old = issueEnterprise();
        String oldKey = old.field("key");
        for (Instance instance : bothInstances()) {
            assertThat(instance.valid().apply(oldKey).get(COMPANY).statusCode()).as(instance.name()).isEqualTo(200);
        }

        ServerJar.Result rotated = keys("keys", "rotate", old.field("id"), "--grace", "1min");
        Instant graceEnds = Instant.parse(rotated.field("replaced key expires"));
        String newKey = rotated.field("key");

        assertThat(rotated.field("replaces")).isEqualTo(old.field("id"));
        for (Instance instance : bothInstances()) {
            String requestId = ServerClock.newRequestId();
            Response fresh = instance.valid().apply(newKey).header(ServerClock.REQUEST_ID_HEADER, requestId).get(COMPANY);
            assertThat(fresh.statusCode()).as("%s: the new key works at once", instance.name()).isEqualTo(200);
            assertThat(fresh.header(EXPIRATION)).as("the new key has no expiry of its own").isNull();
            assertThat(fresh.header("X-RateLimit-Remaining")).as("its own bucket").isEqualTo("4999");
            assertThat(ServerClock.answeredAt(instance.server().get(), requestId))
                    .as("%s: the new key served within the old one's grace period, by its clock", instance.name()).isBefore(graceEnds);
        }

        // Until the grace period ends the old key is served (and, once an instance has read its new
        // expiry, says when it ends); after, it is refused, on each instance within the cache bound.
        for (Instance instance : bothInstances()) {
            awaitExpiredRefusal(instance, oldKey, graceEnds, graceEnds.plus(PROPAGATION));
        }
        for (Instance instance : bothInstances()) {
            assertThat(instance.valid().apply(newKey).get(COMPANY).statusCode()).as(instance.name()).isEqualTo(200);
        }
    }

    @Test
    @Timeout(value = 180, unit = TimeUnit.SECONDS)
    void aZeroGraceEndsTheOldKeyWithinTheRevocationBound() throws Exception {
        ServerJar.Result old = issueEnterprise();
        String oldKey = old.field("key");
        for (Instance instance : bothInstances()) {
            assertThat(instance.valid().apply(oldKey).get(COMPANY).statusCode()).as(instance.name()).isEqualTo(200);
        }

        ServerJar.Result rotated = keys("keys", "rotate", oldKey.substring(0, 8) + "..." + oldKey.substring(oldKey.length() - 8),
                "--grace", "0");
        Instant ended = Instant.parse(rotated.field("replaced key expires"));

        assertThat(ended).isBeforeOrEqualTo(Instant.now());
        for (Instance instance : bothInstances()) {
            assertThat(instance.valid().apply(rotated.field("key")).get(COMPANY).statusCode()).as(instance.name()).isEqualTo(200);
            awaitExpiredRefusal(instance, oldKey, ended, ended.plus(PROPAGATION));
        }
    }

    /**
     * Asks the instance for a company with the key once a second until it is refused as expired,
     * which must happen at {@code ends} or later; until then the key is served, with no expiry
     * header or with {@code ends} in it, and, by the instance's clock, never after {@code deadline}.
     */
    private static void awaitExpiredRefusal(Instance instance, String key, Instant ends, Instant deadline) {
        List<String> served = new ArrayList<>();
        Duration left = Duration.between(Instant.now(), deadline.plus(TimeFactor.tolerance(TOLERANCE)));
        await(instance.name() + " refuses the expired key").atMost(left.isNegative() || left.isZero() ? Duration.ofMillis(1) : left)
                .pollInterval(Duration.ofSeconds(1))
                .until(() -> {
                    Instant asked = Instant.now();
                    String requestId = ServerClock.newRequestId();
                    Response response = instance.invalid().apply(key).header(ServerClock.REQUEST_ID_HEADER, requestId).get(COMPANY);
                    if (response.statusCode() == 401) {
                        assertThat(asked.plusSeconds(1)).as("%s: refused before the key's end", instance.name()).isAfterOrEqualTo(ends);
                        assertExpiredRefusal(response, instance.name());
                        return true;
                    }
                    assertThat(response.statusCode()).as("%s: %s", instance.name(), response.asString()).isEqualTo(200);
                    String announced = response.header(EXPIRATION);
                    assertThat(announced == null || announced.equals(ends.toString()))
                            .as("%s: %s is the key's end or absent", instance.name(), announced).isTrue();
                    served.add(requestId);
                    return false;
                });
        assertThat(served).as("%s served the key, by its clock, after %s; it ended at %s", instance.name(), deadline, ends)
                .filteredOn(requestId -> ServerClock.answeredAt(instance.server().get(), requestId).isAfter(deadline))
                .isEmpty();
    }
}
