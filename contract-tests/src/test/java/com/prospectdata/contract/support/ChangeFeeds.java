package com.prospectdata.contract.support;

import io.restassured.response.Response;
import java.time.Instant;
import java.util.UUID;

/** A prospect search's change feed (docs/api-rules.md §15) as the contract tests ask for it. */
public final class ChangeFeeds {

    private ChangeFeeds() {
    }

    /** The feed's page of at most {@code limit} changes after {@code cursor}. */
    public static String changesPath(UUID search, String cursor, int limit) {
        return "/api/v1/prospect-searches/" + search + "/changes?cursor=" + cursor + "&limit=" + limit;
    }

    /**
     * Asks for the changes after {@code cursor} until the answer is no longer 200 (retention runs
     * every second in the contract tests' server), for at most 30 s; the last answer.
     */
    public static Response afterRetentionPasses(String key, UUID search, String cursor) throws InterruptedException {
        Instant deadline = Instant.now().plusSeconds(30);
        Response answer = Api.givenKey(key).get(changesPath(search, cursor, 10));
        while (answer.statusCode() == 200 && Instant.now().isBefore(deadline)) {
            Thread.sleep(200);
            answer = Api.givenKey(key).get(changesPath(search, cursor, 10));
        }
        return answer;
    }
}
