package com.prospectdata.contract.support;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A server's access lines (docs/OPERATIONS.md, "Logs", the text format) read back from its log:
 * for durations measured by the server's own clock rather than a client's.
 */
public final class AccessLog {

    private static final Pattern ACCESS = Pattern.compile(
            "^(\\S+) +INFO \\[[^]]*] \\[[^]]*] access +: .*\\bkey_id=(\\S+) .*\\bstatus=(\\d+) duration_ms=(\\d+) .*$");

    private AccessLog() {
    }

    /**
     * One access line: the instant the server logged it, once the exchange was over (answered, or
     * abandoned by its client); the request began {@code duration} before, by the same clock.
     */
    public record Line(Instant logged, String keyId, int status, Duration duration) {

        /** When the request began, by the server's clock. */
        public Instant began() {
            return logged.minus(duration);
        }
    }

    /** The access lines of a log's text, in order. */
    public static List<Line> lines(String log) {
        return log.lines().map(ACCESS::matcher).filter(Matcher::matches)
                .map(access -> new Line(Instant.parse(access.group(1)), access.group(2), Integer.parseInt(access.group(3)),
                        Duration.ofMillis(Long.parseLong(access.group(4)))))
                .toList();
    }
}
