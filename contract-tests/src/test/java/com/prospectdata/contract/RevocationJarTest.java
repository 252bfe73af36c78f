package com.prospectdata.contract;

import static com.prospectdata.contract.support.Api.givenInvalidKey;
import static com.prospectdata.contract.support.Api.givenKey;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.prospectdata.contract.support.ContractTest;
import com.prospectdata.contract.support.FixtureKey;
import com.prospectdata.contract.support.ServerClock;
import com.prospectdata.contract.support.TimeFactor;
import com.prospectdata.testing.Fixture;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;

/**
 * A key revoked while the server knows it (it may cache validated keys) is refused on every
 * instance within 60 seconds (docs/api-rules.md §6), by the server's clock: the time of its
 * access lines. The key revoked before the server ever saw it is in the server module's
 * api/AuthenticationWebTest.
 *
 * <p>Runs beside the other test classes: it spends most of its time waiting, and no other test
 * uses its key.
 */
@Execution(ExecutionMode.CONCURRENT)
@Order(3) // started first, the longest first (junit-platform.properties)
class RevocationJarTest extends ContractTest {

    private static final String COMPANY = "/api/v1/companies/" + Fixture.COMPANY_NORDLICHT;
    /** The rule, read on the server's clock: no request with the key is accepted later than this after its revocation. */
    private static final Duration PROPAGATION = Duration.ofSeconds(60);
    /** What a machine shared with the other classes of the run may add to the wait for the first refusal. */
    private static final Duration TOLERANCE = Duration.ofSeconds(30);

    @Test
    @Timeout(value = 180, unit = TimeUnit.SECONDS)
    void aKeyRevokedWhileInUseIsRefusedWithin60Seconds() {
        // An enterprise key of its own, so no other test depends on it (and every tier is served).
        String key = environment().key(FixtureKey.of(Fixture.ORG_OURS).enterprise(5000)).key();
        assertThat(givenKey(key).get(COMPANY).statusCode()).isEqualTo(200);
        assertThat(givenKey(key).get(COMPANY).statusCode()).isEqualTo(200);

        // By its hint, first 8 + "..." + last 8, as an account manager would.
        environment().operatorCommands()
                .run("keys", "revoke", key.substring(0, 8) + "..." + key.substring(key.length() - 8))
                .requireSuccess();
        Instant revoked = Instant.now();

        List<String> acceptedAfterRevocation = new ArrayList<>();
        await("the revoked key refused").atMost(TimeFactor.within(PROPAGATION, TOLERANCE)).pollInterval(Duration.ofSeconds(1))
                .until(() -> {
                    String requestId = ServerClock.newRequestId();
                    int status = givenInvalidKey(key).header(ServerClock.REQUEST_ID_HEADER, requestId).get(COMPANY).statusCode();
                    if (status == 401) {
                        return true;
                    }
                    assertThat(status).as("before the revocation reaches the server, the key still works").isEqualTo(200);
                    acceptedAfterRevocation.add(requestId);
                    return false;
                });
        Instant refusedFrom = revoked.plus(PROPAGATION);
        assertThat(acceptedAfterRevocation).as("accepted, by the server's clock, more than %s after the revocation at %s",
                        PROPAGATION, revoked)
                .filteredOn(requestId -> ServerClock.answeredAt(environment().server(), requestId).isAfter(refusedFrom))
                .isEmpty();
    }
}
