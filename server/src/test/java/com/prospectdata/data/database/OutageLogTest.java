package com.prospectdata.data.database;

import static org.assertj.core.api.Assertions.assertThat;

import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.read.ListAppender;
import com.prospectdata.testing.SettableClock;
import java.net.ConnectException;
import java.sql.SQLTransientConnectionException;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.slf4j.LoggerFactory;

class OutageLogTest {

    private final ListAppender<ILoggingEvent> lines = new ListAppender<>();
    private final SettableClock clock = new SettableClock(Instant.parse("2026-11-24T03:00:00Z"));
    private OutageLog outages;

    @BeforeEach
    void captureTheLog() {
        Logger logger = (Logger) LoggerFactory.getLogger("outage-log-test-" + System.nanoTime());
        lines.start();
        logger.addAppender(lines);
        outages = new OutageLog(logger, Duration.ofMinutes(1), clock);
    }

    private List<String> messages() {
        return lines.list.stream().map(ILoggingEvent::getFormattedMessage).toList();
    }

    @Test
    void aThousandFailuresOfOneKindInAMinuteAreOneLineAndTheNextLineCountsTheRest() {
        for (int request = 0; request < 1000; request++) {
            outages.warn("Database unreachable", new RuntimeException("wrapped", new ConnectException("Connection refused")));
            clock.advance(Duration.ofMillis(50));
        }

        assertThat(messages()).hasSize(1);
        assertThat(messages().getFirst()).isEqualTo("Database unreachable: java.net.ConnectException: Connection refused");
        assertThat(lines.list.getFirst().getThrowableProxy()).as("no stack trace").isNull();

        // 1000 × 50 ms is 50 s: still the first minute. Past it, the next failure is a line again.
        clock.advance(Duration.ofSeconds(11));
        outages.warn("Database unreachable", new ConnectException("Connection refused"));
        assertThat(messages()).hasSize(2);
        assertThat(messages().get(1)).endsWith("(and 999 more like it since the last such line, not logged)");
    }

    @Test
    void eachKindHasItsOwnLineAndNumbersDoNotMakeANewKind() {
        outages.warn("Database unreachable", new ConnectException("Connection refused"));
        outages.warn("Database unreachable", new SQLTransientConnectionException("pool - request timed out after 3000ms"));
        outages.warn("Database unreachable", new SQLTransientConnectionException("pool - request timed out after 3001ms"));
        outages.warn("Database unreachable", new ConnectException("Connection refused"));

        assertThat(messages()).hasSize(2);
        assertThat(messages().get(1)).contains("SQLTransientConnectionException", "3000ms");
    }
}
