package com.prospectdata.contract;

import static com.prospectdata.contract.support.Api.givenInvalidKey;
import static com.prospectdata.contract.support.Api.givenKey;
import static com.prospectdata.contract.support.Api.json;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.fail;

import com.prospectdata.contract.support.ContractTest;
import com.prospectdata.contract.support.FixtureKey;
import com.prospectdata.contract.support.RunsBesideOthers;
import com.prospectdata.testing.Fixture;
import com.prospectdata.testing.Operation;
import io.restassured.response.Response;
import java.time.Instant;
import java.util.UUID;
import java.util.function.Supplier;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.assertj.core.api.SoftAssertions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.params.provider.MethodSource;
import tools.jackson.databind.JsonNode;

/**
 * The rate limit of docs/api-rules.md §6: per key, a token bucket of capacity = the hourly
 * limit, refilled evenly over the hour, told by the X-RateLimit-* and RateLimit-Policy/RateLimit
 * headers on every authenticated response, and 429 RATE_LIMIT_EXCEEDED with Retry-After when
 * the bucket is empty; the rate limit is checked after authentication and before scope,
 * parameters, existence and ownership (§2).
 *
 * <p>Every key here is this class's own, written as {@code keys issue} writes it (the shared keys
 * must not run out of budget), so the class runs beside the other classes; its methods run one
 * after the other, in order, since they share the buckets. An enterprise key of
 * {@value #LIMIT} requests an hour gets one token back every 600 s, far longer than this class
 * runs: what it spends stays spent.
 */
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
@RunsBesideOthers
@Order(4) // started first, the longest first (junit-platform.properties)
class RateLimitJarTest extends ContractTest {

    /** One request of each operation that takes a token empties the bucket. */
    private static final int LIMIT = (int) java.util.Arrays.stream(Operation.values()).filter(Operation::costsAToken).count();
    private static final long WINDOW = 3600;
    private static final Pattern RATE_LIMIT = Pattern.compile("\"hourly\";r=(\\d+);t=(\\d+)");
    private static final String COMPANY = "/api/v1/companies/" + Fixture.COMPANY_NORDLICHT;

    /** Enterprise, {@value #LIMIT} requests an hour; spent by the countdown, then answered 429. */
    private static IssuedKey limited;
    /** Enterprise, 1 request an hour, no scope. */
    private static IssuedKey limitedWithoutScope;
    private static IssuedKey free;
    private static IssuedKey pro;
    private static volatile boolean limitedIsEmpty;

    /** A key of this class and when it was first sent (its bucket starts full then). */
    private static final class IssuedKey {
        private final String key;
        private long firstSentEpochSecond = Long.MAX_VALUE;

        IssuedKey(String key) {
            this.key = key;
        }

        String key() {
            return key;
        }

        synchronized void aboutToSend() {
            firstSentEpochSecond = Math.min(firstSentEpochSecond, Instant.now().getEpochSecond());
        }

        /** Whole seconds since the key was first sent, rounded up. */
        synchronized long secondsSinceFirstSent() {
            return firstSentEpochSecond == Long.MAX_VALUE ? 0 : Instant.now().getEpochSecond() - firstSentEpochSecond + 1;
        }
    }

    @BeforeAll
    static void issueKeys() {
        limited = new IssuedKey(environment().key(FixtureKey.of(Fixture.ORG_OURS).enterprise(LIMIT).label("RateLimitJarTest")).key());
        limitedWithoutScope = new IssuedKey(environment().key(FixtureKey.of(Fixture.ORG_OURS).enterprise(1).noScopes()
                .label("RateLimitJarTest no scope")).key());
        free = new IssuedKey(environment().key(FixtureKey.of(Fixture.ORG_OURS).tier("free").label("RateLimitJarTest free")).key());
        pro = new IssuedKey(environment().key(FixtureKey.of(Fixture.ORG_OURS).label("RateLimitJarTest pro")).key());
    }

    /**
     * A response and when it was answered: not before {@code notBefore} nor after {@code notAfter}
     * (Unix seconds; the server runs on this machine's clock), {@code secondsSinceFirstSent}
     * after its key was first sent.
     */
    private record Exchange(String what, Response response, long notBefore, long notAfter, long secondsSinceFirstSent) {
    }

    private static Exchange send(IssuedKey key, String what, Supplier<Response> request) {
        key.aboutToSend();
        long notBefore = Instant.now().getEpochSecond();
        Response response = request.get();
        long notAfter = Instant.now().getEpochSecond() + 1;
        return new Exchange(what, response, notBefore, notAfter, key.secondsSinceFirstSent());
    }

    /**
     * The five rate-limit headers of docs/api-rules.md §6 for a bucket of {@code limit} with
     * {@code remaining} tokens. Refilled evenly over the hour, such a bucket is full again after
     * (limit - remaining) * 3600 / limit seconds, less what has trickled back in since its key was
     * first sent (less than a token here); X-RateLimit-Reset is that many seconds after the
     * moment of the response, in Unix seconds.
     */
    private static void assertRateLimitHeaders(SoftAssertions softly, Exchange exchange, int limit, int remaining) {
        Response response = exchange.response();
        String what = exchange.what();
        softly.assertThat(response.header("X-RateLimit-Limit")).as("%s: X-RateLimit-Limit", what)
                .isEqualTo(Integer.toString(limit));
        softly.assertThat(response.header("X-RateLimit-Remaining")).as("%s: X-RateLimit-Remaining", what)
                .isEqualTo(Integer.toString(remaining));
        softly.assertThat(response.header("RateLimit-Policy")).as("%s: RateLimit-Policy", what)
                .isEqualTo("\"hourly\";q=" + limit + ";w=" + WINDOW);
        String state = response.header("RateLimit");
        Matcher matcher = state == null ? null : RATE_LIMIT.matcher(state);
        if (matcher == null || !matcher.matches()) {
            softly.fail("%s: RateLimit is %s, expected \"hourly\";r=%d;t=<seconds until full>", what, state, remaining);
            return;
        }
        softly.assertThat(Integer.parseInt(matcher.group(1))).as("%s: RateLimit r", what).isEqualTo(remaining);
        long secondsUntilFull = Long.parseLong(matcher.group(2));
        double untilFull = (limit - remaining) * (double) WINDOW / limit;
        softly.assertThat(secondsUntilFull)
                .as("%s: RateLimit t, a bucket of %d with %d left is full in %s s", what, limit, remaining, untilFull)
                .isBetween((long) Math.floor(untilFull) - exchange.secondsSinceFirstSent() - 1, (long) Math.ceil(untilFull) + 1);
        String reset = response.header("X-RateLimit-Reset");
        softly.assertThat(reset).as("%s: X-RateLimit-Reset", what).isNotNull().matches("\\d+");
        if (reset != null && reset.matches("\\d+")) {
            long resetAt = Long.parseLong(reset);
            softly.assertThat(resetAt)
                    .as("%s: X-RateLimit-Reset, the Unix second when the bucket is full, %d s after the response", what,
                            secondsUntilFull)
                    .isBetween(exchange.notBefore() + secondsUntilFull - 1, exchange.notAfter() + secondsUntilFull + 1)
                    .isGreaterThan(exchange.notAfter());
        }
    }

    /** 429 RATE_LIMIT_EXCEEDED as docs/api-rules.md §2 and §6 word it, for an empty bucket of {@code limit}. */
    private static void assertRateLimited(Exchange exchange, int limit) {
        Response response = exchange.response();
        String what = exchange.what();
        assertThat(response.statusCode()).as("%s: %s", what, response.asString()).isEqualTo(429);
        JsonNode body = json(response);
        SoftAssertions softly = new SoftAssertions();
        softly.assertThat(body.path("error").asString("")).as("%s: error", what).isEqualTo("RATE_LIMIT_EXCEEDED");
        softly.assertThat(body.path("retry_after").isIntegralNumber()).as("%s: retry_after is an integer: %s", what, body)
                .isTrue();
        long retryAfter = body.path("retry_after").asLong();
        // One token comes back every 3600 / limit seconds, less what has trickled back in already.
        double perToken = (double) WINDOW / limit;
        softly.assertThat(retryAfter).as("%s: retry_after, the seconds until one of %s s per token is back", what, perToken)
                .isBetween(Math.max(1, (long) Math.floor(perToken) - exchange.secondsSinceFirstSent() - 1),
                        (long) Math.ceil(perToken) + 1);
        softly.assertThat(response.header("Retry-After")).as("%s: Retry-After", what).isEqualTo(Long.toString(retryAfter));
        softly.assertThat(body.path("message").asString("")).as("%s: message", what)
                .isEqualTo("Rate limit exceeded. Retry after " + retryAfter + " seconds.");
        assertRateLimitHeaders(softly, exchange, limit, 0);
        softly.assertAll();
    }

    /** The limited key with an empty bucket: spends what the countdown left, if it did not run. */
    private static String emptyLimitedKey() {
        synchronized (RateLimitJarTest.class) {
            for (int request = 0; !limitedIsEmpty && request <= LIMIT; request++) {
                Response response = send(limited, "spending the bucket", () -> givenKey(limited.key()).get(COMPANY)).response();
                assertThat(response.statusCode()).as("spending the bucket: %s", response.asString()).isIn(200, 429);
                limitedIsEmpty = response.statusCode() == 429;
            }
            if (!limitedIsEmpty) {
                fail("A key of %d requests an hour was still served after %d requests", LIMIT, LIMIT + 1);
            }
        }
        return limited.key();
    }

    @Test
    @Execution(ExecutionMode.SAME_THREAD)
    @Order(1)
    void everyOperationSpendsOneTokenAndTellsWhatIsLeft() {
        SoftAssertions softly = new SoftAssertions();
        int remaining = LIMIT;
        for (Operation operation : Operation.values()) {
            Exchange exchange = send(limited, operation.operationId(), () -> givenKey(limited.key()).get(operation.validRequest()));
            assertThat(exchange.response().statusCode()).as("%s: %s", operation, exchange.response().asString()).isEqualTo(200);
            if (operation.costsAToken()) {
                remaining--;
            }
            assertRateLimitHeaders(softly, exchange, LIMIT, remaining);
        }
        softly.assertAll();
    }

    @ParameterizedTest(name = "{0}")
    @Execution(ExecutionMode.SAME_THREAD)
    @EnumSource(Operation.class)
    @Order(2)
    void everyOperationAnswers429WhenTheBucketIsEmpty(Operation operation) {
        String key = emptyLimitedKey();

        Exchange exchange = send(limited, operation.operationId(), () -> givenKey(key).get(operation.validRequest()));
        if (operation.costsAToken()) {
            assertRateLimited(exchange, LIMIT);
        } else {
            // A free operation is answered with the bucket empty, and says so.
            assertThat(exchange.response().statusCode()).as("%s", exchange.response().asString()).isEqualTo(200);
            assertThat(exchange.response().header("X-RateLimit-Remaining")).isEqualTo("0");
            assertThat(json(exchange.response()).path("remaining").asInt(-1)).isZero();
        }
    }

    /** An export is one request against the budget like any other (docs/api-rules.md §14). */
    @Test
    @Execution(ExecutionMode.SAME_THREAD)
    @Order(2)
    void theExportAnswers429WhenTheBucketIsEmpty() {
        String key = emptyLimitedKey();

        assertRateLimited(send(limited, "exportProspectSearchCompanies",
                () -> givenKey(key).get("/api/v1/prospect-searches/" + Fixture.SEARCH_MAIN + "/companies/export")), LIMIT);
    }

    static Stream<String> requestsThatWouldFailALaterCheck() {
        String company = "/api/v1/companies/";
        String list = "/api/v1/companies/?prospect_search_id=";
        return Stream.of(
                // 400
                list + Fixture.SEARCH_MAIN + "&limit=0",
                company,
                company + "not-a-uuid/jobs",
                COMPANY + "/webtech-intel?min_confidence=101",
                // 404
                company + UUID.randomUUID(),
                list + UUID.randomUUID(),
                company + Fixture.COMPANY_NORDLICHT + "/contacts",
                // 403, another organization's
                company + Fixture.COMPANY_OTHER_ORG + "/jobs/summary",
                list + Fixture.SEARCH_OTHER_ORG);
    }

    @ParameterizedTest(name = "{0}")
    @Execution(ExecutionMode.SAME_THREAD)
    @MethodSource("requestsThatWouldFailALaterCheck")
    @Order(3)
    void theRateLimitIsCheckedBeforeParametersExistenceAndOwnership(String request) {
        String key = emptyLimitedKey();

        assertRateLimited(send(limited, request, () -> givenInvalidKey(key).get(request)), LIMIT);
    }

    @Test
    @Execution(ExecutionMode.SAME_THREAD)
    @Order(4)
    void theRateLimitIsCheckedBeforeTheScope() {
        Exchange first = send(limitedWithoutScope, "first request", () -> givenInvalidKey(limitedWithoutScope.key()).get(COMPANY));
        assertThat(first.response().statusCode()).as("%s", first.response().asString()).isEqualTo(403);
        SoftAssertions softly = new SoftAssertions();
        softly.assertThat(json(first.response()).path("message").asString(""))
                .isEqualTo("Insufficient scopes. Required: companies:read");
        // Authenticated, so the response tells the budget, which the refused request has spent.
        assertRateLimitHeaders(softly, first, 1, 0);
        softly.assertAll();

        assertRateLimited(send(limitedWithoutScope, "second request",
                () -> givenInvalidKey(limitedWithoutScope.key()).get(COMPANY)), 1);
    }

    @Test
    @Execution(ExecutionMode.SAME_THREAD)
    void aFreeKeyHas100RequestsAnHour() {
        Exchange exchange = send(free, "free key", () -> givenKey(free.key()).get(COMPANY));

        assertThat(exchange.response().statusCode()).isEqualTo(200);
        SoftAssertions softly = new SoftAssertions();
        assertRateLimitHeaders(softly, exchange, 100, 99);
        softly.assertAll();
    }

    @Test
    @Execution(ExecutionMode.SAME_THREAD)
    void aProKeyHas1000RequestsAnHour() {
        Exchange exchange = send(pro, "pro key", () -> givenKey(pro.key()).get(COMPANY));

        assertThat(exchange.response().statusCode()).isEqualTo(200);
        SoftAssertions softly = new SoftAssertions();
        assertRateLimitHeaders(softly, exchange, 1000, 999);
        softly.assertAll();
    }
}
