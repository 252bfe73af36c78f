package com.prospectdata.contract;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.prospectdata.contract.support.Api;
import com.prospectdata.contract.support.ContractTest;
import com.prospectdata.contract.support.KeySecrets;
import com.prospectdata.contract.support.RawHttp;
import com.prospectdata.contract.support.RunsBesideOthers;
import com.prospectdata.contract.support.ServerJar;
import com.prospectdata.contract.support.ServerProcess;
import com.prospectdata.contract.support.TimeFactor;
import com.prospectdata.testing.ApiKeys;
import com.prospectdata.testing.Fixture;
import io.restassured.response.Response;
import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * A full key appears once, when it is issued, and never in logs (docs/api-rules.md §6), nor
 * in an error body. A server of its own ({@code target/contract/log-secrecy.log}) sees a key of
 * its own used, refused in every way (403, 404, 400, its budget of 4 spent, sent over plain
 * HTTP), revoked with {@code keys revoke} and then refused; and wrong keys, one a character off
 * the real one. Its log must name the key by its id and hold no secret part of any of these
 * keys: not the key, not any 8 characters in a row of what follows {@code cpd_test_}
 * ({@link KeySecrets}). The operator commands may show the hint, nothing more, except
 * {@code keys issue}, once.
 *
 * <p>The server caches validated keys for one second ({@code --app.auth.cache-ttl=1s}), so the
 * revocation shows at once, and throttles failed authentications at 3 a minute, which the wrong
 * keys reach from an address of their own (127.0.0.2). Everything it looks at is its own (server,
 * log, keys), so it runs beside the sequence.
 */
@RunsBesideOthers
@Order(12) // after the longest of those that run beside the sequence (junit-platform.properties)
class LogSecrecyJarTest extends ContractTest {

    private static final String COMPANY = "/api/v1/companies/" + Fixture.COMPANY_NORDLICHT;
    private static final String LIST = "/api/v1/companies/?prospect_search_id=" + Fixture.SEARCH_MAIN;
    /** The revocation bound (RevocationJarTest reads it on the server's clock): here the wait for the 401. */
    private static final Duration REVOCATION_BOUND = Duration.ofSeconds(60);

    private static ServerProcess server;
    private static ServerJar.Result issued;
    private static String key;
    private static String keyId;

    @BeforeAll
    static void startServerAndIssueAKey() {
        ServerProcess launched = ServerProcess.onSharedDatabase("log-secrecy")
                .argument("--app.auth.cache-ttl=1s")
                .argument("--app.auth.failed-attempts-per-minute=3")
                .plainHttpListener()
                .launch();
        server = launched;
        // While the server starts: an enterprise key with a budget of 4 requests an hour.
        issued = operatorCommands().run("keys", "issue", "--org", Fixture.ORG_OURS, "--tier", "enterprise",
                "--rate-limit", "4", "--label", "log secrecy").requireSuccess();
        key = issued.field("key");
        keyId = issued.field("id");
        launched.awaitHealthy();
    }

    @AfterAll
    static void stopServer() {
        if (server != null) {
            server.close();
        }
    }

    private static ServerJar operatorCommands() {
        return environment().operatorCommands();
    }

    @Test
    @Timeout(value = 120, unit = TimeUnit.SECONDS)
    void aKeyUsedRefusedAndRevokedIsNamedByItsIdAndNeverByItsSecret() throws IOException, InterruptedException {
        Map<String, String> bodies = new LinkedHashMap<>();

        Response used = call("log-secrecy-used", COMPANY);
        assertThat(used.statusCode()).as("%s", used.asString()).isEqualTo(200);
        bodies.put("403", expect(403, call("log-secrecy-other-organization", "/api/v1/companies/" + Fixture.COMPANY_OTHER_ORG)));
        bodies.put("404", expect(404, call("log-secrecy-unknown", "/api/v1/companies/c0000000-0000-4000-8000-0000000000ff")));
        bodies.put("400", expect(400, call("log-secrecy-invalid", LIST + "&limit=0")));
        bodies.put("429", expect(429, call("log-secrecy-budget-spent", COMPANY)));
        RawHttp.Response plain = RawHttp.getPlain(server.plainHttpPort(), COMPANY, "Authorization: Bearer " + key,
                "X-Request-Id: log-secrecy-plain-http");
        assertThat(plain.status()).as("%s", plain).isEqualTo(403);
        bodies.put("403 over plain HTTP", plain.body());

        ServerJar.Result revoke = operatorCommands().run("keys", "revoke", keyId).requireSuccess();
        AtomicInteger attempts = new AtomicInteger();
        String lastRequestId = await("the revoked key refused")
                .atMost(TimeFactor.within(REVOCATION_BOUND, Duration.ofSeconds(30))).pollInterval(Duration.ofMillis(500))
                .until(() -> {
                    String requestId = "log-secrecy-revoked-" + attempts.incrementAndGet();
                    Response response = call(requestId, COMPANY);
                    if (response.statusCode() == 401) {
                        bodies.put("401 revoked", response.asString());
                        return Optional.of(requestId);
                    }
                    assertThat(response.statusCode()).as("until the revocation shows, the budget is still spent").isEqualTo(429);
                    return Optional.<String>empty();
                }, Optional::isPresent)
                .orElseThrow();

        String log = awaitInLog(lastRequestId);
        assertThat(log).as("the log names the key by its id (%s)", server.log()).contains("key_id=" + keyId);
        assertThat(KeySecrets.foundIn(log, key)).as("parts of the key %s in %s", key, server.log()).isEmpty();
        bodies.forEach((what, body) -> assertThat(KeySecrets.foundIn(body, key)).as("the %s body %s", what, body).isEmpty());
        assertThat(KeySecrets.foundIn(revoke.stdout() + revoke.stderr(), key)).as("keys revoke: %s", revoke).isEmpty();
    }

    @Test
    void wrongKeysLeaveNoSecretInTheLogNorInErrorBodies() {
        String address = "127.0.0.2";
        List<String> wrongKeys = List.of(
                ApiKeys.neverIssued("test"),
                // One character off the real key: all but the checksum's last character is the real secret.
                ApiKeys.withWrongChecksum(key),
                keys().live());
        List<String> bodies = new ArrayList<>();
        for (int i = 0; i < wrongKeys.size(); i++) {
            Response response = server.requestFrom(address).header("X-Request-Id", "log-secrecy-wrong-" + i)
                    .header("Authorization", "Bearer " + wrongKeys.get(i)).get(COMPANY);
            assertThat(response.statusCode()).as("%s", response.asString()).isEqualTo(401);
            bodies.add(response.asString());
        }
        Response throttled = server.requestFrom(address).header("X-Request-Id", "log-secrecy-throttled")
                .header("Authorization", "Bearer " + ApiKeys.neverIssued("test")).get(COMPANY);
        assertThat(throttled.statusCode()).as("%s", throttled.asString()).isEqualTo(429);
        bodies.add(throttled.asString());

        String log = awaitInLog("log-secrecy-throttled");
        for (String wrong : wrongKeys) {
            assertThat(KeySecrets.foundIn(log, wrong)).as("parts of %s in %s", wrong, server.log()).isEmpty();
            for (String body : bodies) {
                assertThat(KeySecrets.foundIn(body, wrong)).as("parts of %s in the body %s", wrong, body).isEmpty();
            }
        }
    }

    @Test
    void theOperatorCommandsShowTheKeyOnceWhenIssuedAndOtherwiseOnlyItsHint() {
        assertThat(issued.stdout().split(key, -1)).as("keys issue prints the key once: %s", issued.stdout()).hasSize(2);
        assertThat(KeySecrets.foundIn(issued.stderr(), key)).as("keys issue, stderr: %s", issued.stderr()).isEmpty();

        ServerJar.Result list = operatorCommands().run("keys", "list", "--org", Fixture.ORG_OURS).requireSuccess();
        String output = list.stdout() + list.stderr();
        assertThat(list.stdout()).contains(keyId).contains(KeySecrets.hint(key));
        for (String listed : List.of(key, keys().main(), keys().noScope(), keys().live(), keys().revoked())) {
            assertThat(KeySecrets.foundIn(output, listed, Set.of(KeySecrets.hintSuffix(listed))))
                    .as("keys list shows only the hint of %s:%n%s", listed, output).isEmpty();
        }
    }

    /** A key sent to the shared server, accepted, revoked, or without its Bearer scheme, is not in its log. */
    @Test
    void aKeySentToTheSharedServerInEveryFormIsNotInItsLog() {
        Api.given().get(COMPANY);
        Api.givenAuthorization("Bearer " + keys().revoked()).get(COMPANY);
        Api.givenAuthorization(keys().main()).get(COMPANY);

        assertThat(environment().serverLogText()).doesNotContain(keys().main(), keys().revoked());
    }

    @Test
    void theSharedServersLogHoldsNoSecretOfTheSharedKeys() {
        // Whatever the classes that ran before this one sent: the keys of the shared environment.
        String log = environment().serverLogText();
        for (String shared : List.of(keys().main(), keys().noScope(), keys().live(), keys().revoked(), keys().otherOrganization())) {
            assertThat(KeySecrets.foundIn(log, shared)).as("parts of %s in %s", shared, environment().serverLog()).isEmpty();
        }
    }

    private static Response call(String requestId, String path) {
        return server.request().header("X-Request-Id", requestId).header("Authorization", "Bearer " + key).get(path);
    }

    private static String expect(int status, Response response) {
        assertThat(response.statusCode()).as("%s", response.asString()).isEqualTo(status);
        return response.asString();
    }

    /** The server's log once the request's access line is in it (the log is written as requests end). */
    private static String awaitInLog(String requestId) {
        return await("the access line of " + requestId + " in " + server.log())
                .atMost(TimeFactor.tolerance(Duration.ofSeconds(10))).pollInterval(Duration.ofMillis(100))
                .until(server::logText, log -> log.contains("request_id=" + requestId));
    }
}
