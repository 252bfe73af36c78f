package com.prospectdata.contract;

import static com.prospectdata.contract.support.Api.givenInvalidKey;
import static com.prospectdata.contract.support.Api.givenKey;
import static com.prospectdata.contract.support.Api.json;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.fail;

import com.prospectdata.contract.support.ContractTest;
import com.prospectdata.contract.support.DedicatedServer;
import com.prospectdata.contract.support.Fixture;
import com.prospectdata.contract.support.ServerJar;
import io.restassured.response.Response;
import io.restassured.specification.RequestSpecification;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;

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
class KeyLifecycleTest extends ContractTest {

    private static final String EXPIRATION = "API-Key-Expiration";
    private static final String COMPANY = "/api/v1/companies/" + Fixture.COMPANY_NORDLICHT;
    /** How long an instance may keep serving a key whose expiry was set after it cached the key. */
    private static final Duration PROPAGATION = Duration.ofSeconds(60);
    /** Time to issue a key with the jar (a JVM and a Spring context) on a busy machine, and then some. */
    private static final Duration ISSUE_MARGIN = Duration.ofSeconds(25);

    private static DedicatedServer second;

    private record Instance(String name, Function<String, RequestSpecification> valid,
                            Function<String, RequestSpecification> invalid) {
    }

    @BeforeAll
    static void startTheSecondInstance() {
        second = DedicatedServer.onSharedDatabase("key-lifecycle").start();
    }

    @AfterAll
    static void stopTheSecondInstance() {
        if (second != null) {
            second.close();
        }
    }

    private static List<Instance> bothInstances() {
        return List.of(
                new Instance("shared instance", key -> givenKey(key), key -> givenInvalidKey(key)),
                new Instance("second instance",
                        key -> second.validRequest().header("Authorization", "Bearer " + key),
                        key -> second.request().header("Authorization", "Bearer " + key)));
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
        assertThat(json(response).get("message").stringValue()).as(where).contains("has expired");
        assertThat(response.header(EXPIRATION)).as("a refused key is not the caller: no expiry header").isNull();
    }

    private static void sleepUntil(Instant instant) throws InterruptedException {
        long millis = Duration.between(Instant.now(), instant).toMillis();
        if (millis > 0) {
            Thread.sleep(millis);
        }
    }

    @Test
    @Timeout(value = 120, unit = TimeUnit.SECONDS)
    void aKeyIssuedToExpireSecondsAheadWorksUntilItsTimeAndIsRefusedRightAfterOnBothInstances() throws Exception {
        Instant expiry = Instant.now().truncatedTo(ChronoUnit.SECONDS).plus(ISSUE_MARGIN);
        String key = issueEnterprise("--expires-at", expiry.toString()).field("key");

        for (Instance instance : bothInstances()) {
            Response served = instance.valid().apply(key).get(COMPANY);
            assertThat(served.statusCode()).as("%s: %s", instance.name(), served.asString()).isEqualTo(200);
            assertThat(served.header(EXPIRATION)).as("%s: the time given at issue", instance.name()).isEqualTo(expiry.toString());
        }
        assertThat(Instant.now()).as("the key was used on both instances before its expiry").isBefore(expiry);

        sleepUntil(expiry.plusMillis(100));
        for (Instance instance : bothInstances()) {
            assertExpiredRefusal(instance.invalid().apply(key).get(COMPANY), instance.name());
        }
    }

    @Test
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
            Response fresh = instance.valid().apply(newKey).get(COMPANY);
            assertThat(fresh.statusCode()).as("%s: the new key works at once", instance.name()).isEqualTo(200);
            assertThat(fresh.header(EXPIRATION)).as("the new key has no expiry of its own").isNull();
            assertThat(fresh.header("X-RateLimit-Remaining")).as("its own bucket").isEqualTo("4999");
        }
        assertThat(Instant.now()).as("the requests above ran within the grace period").isBefore(graceEnds);

        // Until the grace period ends the old key is served (and, once an instance has read its new
        // expiry, says when it ends); after, it is refused, on each instance within the cache bound.
        for (Instance instance : bothInstances()) {
            while (true) {
                Instant asked = Instant.now();
                Response response = instance.invalid().apply(oldKey).get(COMPANY);
                if (response.statusCode() == 401) {
                    assertThat(asked.plusSeconds(1)).as("%s: refused before the grace period ended", instance.name())
                            .isAfterOrEqualTo(graceEnds);
                    assertExpiredRefusal(response, instance.name());
                    break;
                }
                assertThat(response.statusCode()).as("%s: %s", instance.name(), response.asString()).isEqualTo(200);
                String announced = response.header(EXPIRATION);
                assertThat(announced == null || announced.equals(graceEnds.toString()))
                        .as("%s: %s is the end of the grace period or absent", instance.name(), announced).isTrue();
                if (asked.isAfter(graceEnds.plus(PROPAGATION))) {
                    fail("%s still served the old key at %s, after its grace period ended at %s", instance.name(), asked, graceEnds);
                }
                Thread.sleep(1_000);
            }
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

        String newKey = keys("keys", "rotate", oldKey.substring(0, 8) + "..." + oldKey.substring(oldKey.length() - 8),
                "--grace", "0").field("key");
        Instant rotated = Instant.now();

        for (Instance instance : bothInstances()) {
            assertThat(instance.valid().apply(newKey).get(COMPANY).statusCode()).as(instance.name()).isEqualTo(200);
            while (true) {
                Response response = instance.invalid().apply(oldKey).get(COMPANY);
                if (response.statusCode() == 401) {
                    assertExpiredRefusal(response, instance.name());
                    break;
                }
                assertThat(response.statusCode()).as("%s: %s", instance.name(), response.asString()).isEqualTo(200);
                if (Duration.between(rotated, Instant.now()).compareTo(PROPAGATION) > 0) {
                    fail("%s still served the key rotated with no grace at %s", instance.name(), Instant.now());
                }
                Thread.sleep(1_000);
            }
        }
    }
}
