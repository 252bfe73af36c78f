package com.prospectdata.operator.importer;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/** Progress where nobody watches a terminal: a plain line every few seconds, none for quick work. */
class ConsoleProgressTest {

    private final ByteArrayOutputStream written = new ByteArrayOutputStream();
    private long now = TimeUnit.HOURS.toNanos(1);

    private ConsoleProgress progress(boolean terminal) {
        return new ConsoleProgress(new PrintStream(written, true, StandardCharsets.UTF_8), terminal, () -> now);
    }

    private void advance(long seconds) {
        now += TimeUnit.SECONDS.toNanos(seconds);
    }

    private String output() {
        return written.toString(StandardCharsets.UTF_8);
    }

    @Test
    void withoutATerminalALineEveryFiveSecondsWithCountsAndRate() {
        ConsoleProgress progress = progress(false);
        progress.start("loading companies", "companies", 20_000);
        advance(1);
        progress.update(1_000, 24_000);
        advance(3);
        progress.update(4_000, 96_000);
        advance(1);
        progress.update(8_000, 123_456);
        advance(2);
        progress.update(10_000, 150_000);
        advance(3);
        progress.update(12_000, 200_000);
        progress.finish();

        assertThat(output().lines()).containsExactly(
                "progress: loading companies: 8,000 of 20,000 companies (40%), 123,456 records, 24,691 records/s",
                "progress: loading companies: 12,000 of 20,000 companies (60%), 200,000 records, 20,000 records/s");
        assertThat(output()).doesNotContain("\r");
    }

    @Test
    void withoutATerminalQuickWorkPrintsNothingHoweverManyPhases() {
        ConsoleProgress progress = progress(false);
        for (String phase : new String[] {"reading", "writing", "vacuuming"}) {
            progress.start(phase, "lines", -1);
            advance(1);
            progress.update(10, 10);
        }
        progress.finish();

        assertThat(output()).isEmpty();
    }

    @Test
    void withoutATerminalTheIntervalRunsAcrossPhasesAndAnUnknownTotalIsLeftOut() {
        ConsoleProgress progress = progress(false);
        progress.start("reading", "lines", -1);
        advance(4);
        progress.update(4_000, 4_000);
        progress.start("writing", "rows", -1);
        advance(1);
        progress.update(500, 1_000);

        assertThat(output().lines()).containsExactly("progress: writing: 500 rows, 1,000 records, 1,000 records/s");
    }

    @Test
    void onATerminalTheLineIsRedrawnInPlaceAndClearedAtTheEnd() {
        ConsoleProgress progress = progress(true);
        progress.start("reading", "lines", 10);
        progress.update(1, 1);
        advance(1);
        progress.update(5, 5);
        progress.finish();

        assertThat(output()).startsWith("\rreading: 1 of 10 lines (10%)").contains("\rreading: 5 of 10 lines (50%)")
                .endsWith("\r").doesNotContain("\n", "progress:");
    }
}
