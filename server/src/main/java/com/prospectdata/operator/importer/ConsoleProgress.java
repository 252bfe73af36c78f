package com.prospectdata.operator.importer;

import java.io.PrintStream;
import java.util.Locale;
import java.util.function.LongSupplier;

/**
 * Progress on stderr, in one of two forms. On an interactive terminal, one line redrawn in place
 * with '\r' a few times a second. Anywhere else (a pipe, a log file, a CI job, cron, a
 * Kubernetes Job), where redraws would be noise, a plain line every {@link #LOG_EVERY_NANOS}
 * ({@code progress: loading companies: 8,000 of 20,000 companies (40%), ...}), and none at all
 * for work that ends sooner.
 */
public final class ConsoleProgress implements ImportProgress {

    static final long REDRAW_NANOS = 250_000_000L;
    static final long LOG_EVERY_NANOS = 5_000_000_000L;

    private final PrintStream out;
    private final boolean terminal;
    private final LongSupplier nanoTime;
    private String phase = "";
    private String unit = "";
    private long total = -1;
    private long phaseStarted;
    private long lastDrawn;
    private boolean started;
    private int drawnWidth;

    ConsoleProgress(PrintStream out, boolean terminal, LongSupplier nanoTime) {
        this.out = out;
        this.terminal = terminal;
        this.nanoTime = nanoTime;
    }

    /** Progress on stderr: redrawn in place on an interactive terminal, otherwise a line every few seconds. */
    public static ImportProgress forStderr() {
        return new ConsoleProgress(System.err, System.console() != null, System::nanoTime);
    }

    @Override
    public void start(String phase, String unit, long total) {
        long now = nanoTime.getAsLong();
        this.phase = phase;
        this.unit = unit;
        this.total = total;
        this.phaseStarted = now;
        if (terminal) {
            this.lastDrawn = now - REDRAW_NANOS;
        } else if (!started) {
            // Log lines are spaced across phases, so quick work prints none however many phases it has.
            this.lastDrawn = now;
        }
        started = true;
    }

    @Override
    public void update(long done, long records) {
        long now = nanoTime.getAsLong();
        if (now - lastDrawn < (terminal ? REDRAW_NANOS : LOG_EVERY_NANOS)) {
            return;
        }
        lastDrawn = now;
        double seconds = Math.max(1e-3, (now - phaseStarted) / 1e9);
        String text = total > 0
                ? String.format(Locale.ROOT, "%s: %,d of %,d %s (%d%%), %,d records, %,.0f records/s",
                        phase, done, total, unit, done * 100 / total, records, records / seconds)
                : String.format(Locale.ROOT, "%s: %,d %s, %,d records, %,.0f records/s",
                        phase, done, unit, records, records / seconds);
        if (terminal) {
            draw(text);
        } else {
            out.println("progress: " + text);
            out.flush();
        }
    }

    @Override
    public void finish() {
        if (terminal) {
            draw("");
        }
    }

    private void draw(String text) {
        StringBuilder line = new StringBuilder("\r").append(text);
        for (int i = text.length(); i < drawnWidth; i++) {
            line.append(' ');
        }
        if (text.isEmpty()) {
            line.append('\r');
        }
        out.print(line);
        out.flush();
        drawnWidth = text.length();
    }
}
