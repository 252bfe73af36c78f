package com.prospectdata.operator.importer;

import java.io.PrintStream;
import java.util.Locale;

/**
 * A one-line progress display, redrawn in place with '\r'. Meant for stderr on an interactive
 * terminal only: in a pipe or a log file the redraws would be noise, so {@link #forTerminal}
 * gives {@link ImportProgress#NONE} there.
 */
public final class ConsoleProgress implements ImportProgress {

    private static final long REDRAW_NANOS = 250_000_000L;

    private final PrintStream out;
    private String phase = "";
    private String unit = "";
    private long total = -1;
    private long phaseStarted;
    private long lastDrawn;
    private int drawnWidth;

    ConsoleProgress(PrintStream out) {
        this.out = out;
    }

    /** Progress on stderr when this process runs on an interactive terminal, otherwise none. */
    public static ImportProgress forTerminal() {
        return System.console() != null ? new ConsoleProgress(System.err) : ImportProgress.NONE;
    }

    @Override
    public void start(String phase, String unit, long total) {
        this.phase = phase;
        this.unit = unit;
        this.total = total;
        this.phaseStarted = System.nanoTime();
        this.lastDrawn = 0;
    }

    @Override
    public void update(long done, long records) {
        long now = System.nanoTime();
        if (now - lastDrawn < REDRAW_NANOS) {
            return;
        }
        lastDrawn = now;
        double seconds = Math.max(1e-3, (now - phaseStarted) / 1e9);
        String text = total > 0
                ? String.format(Locale.ROOT, "%s: %,d of %,d %s (%d%%), %,d records, %,.0f records/s",
                        phase, done, total, unit, done * 100 / total, records, records / seconds)
                : String.format(Locale.ROOT, "%s: %,d %s, %,d records, %,.0f records/s",
                        phase, done, unit, records, records / seconds);
        draw(text);
    }

    @Override
    public void finish() {
        draw("");
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
