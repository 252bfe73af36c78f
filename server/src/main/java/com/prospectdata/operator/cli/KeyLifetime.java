package com.prospectdata.operator.cli;

import com.prospectdata.pipeline.parameters.Rfc3339;
import java.time.Duration;
import java.time.Instant;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.TypeConversionException;

/**
 * How the key commands read a time: a span such as {@code 90d}, {@code 12h} or {@code 30min}
 * ({@code --expires-in}, {@code --grace}) and an instant in RFC 3339 ({@code --expires-at}).
 * A bare {@code m} is refused rather than guessed: an operator who meant three months must not
 * get a key that dies in three minutes.
 */
final class KeyLifetime {

    /** A hundred years: long enough for any policy, short enough that no instant overflows. */
    static final Duration LONGEST = Duration.ofDays(36_500);

    private static final Pattern SPAN = Pattern.compile("(\\d{1,9})(d|h|min)");

    private KeyLifetime() {
    }

    /** A span of whole days, hours or minutes, from 1 minute to {@link #LONGEST}; {@code 0} only where a zero is meaningful. */
    static Duration span(String text, boolean zeroAllowed) {
        if (zeroAllowed && text.equals("0")) {
            return Duration.ZERO;
        }
        Matcher matcher = SPAN.matcher(text);
        if (!matcher.matches()) {
            String hint = text.matches("\\d+m") ? "; a bare m is ambiguous: write min for minutes or d for days" : "";
            throw new TypeConversionException("'" + text + "' is not a span of time: write a whole number of days, hours"
                    + " or minutes, e.g. 90d, 12h or 30min" + (zeroAllowed ? ", or 0" : "") + hint);
        }
        long amount = Long.parseLong(matcher.group(1));
        Duration span = switch (matcher.group(2)) {
            case "d" -> Duration.ofDays(amount);
            case "h" -> Duration.ofHours(amount);
            default -> Duration.ofMinutes(amount);
        };
        if (span.isZero() && !zeroAllowed) {
            throw new TypeConversionException("'" + text + "' is no time at all: a key must live at least 1min");
        }
        if (span.compareTo(LONGEST) > 0) {
            throw new TypeConversionException("'" + text + "' is longer than " + LONGEST.toDays() + "d");
        }
        return span;
    }

    /** An instant in RFC 3339 with its offset, to the second, e.g. 2027-01-31T00:00:00Z. */
    static Instant instant(String text) {
        Instant instant = Rfc3339.parse(text)
                .orElseThrow(() -> new TypeConversionException("'" + text + "' is not an RFC 3339 time with an offset,"
                        + " e.g. 2027-01-31T00:00:00Z"))
                .toInstant();
        if (instant.getNano() != 0) {
            // The API writes times to the second; the expiry header must equal what was asked for.
            throw new TypeConversionException("'" + text + "' has a fraction of a second: give the time in whole seconds");
        }
        return instant;
    }

    static final class ExpiresIn implements ITypeConverter<Duration> {
        @Override
        public Duration convert(String text) {
            return span(text, false);
        }
    }

    static final class Grace implements ITypeConverter<Duration> {
        @Override
        public Duration convert(String text) {
            return span(text, true);
        }
    }

    static final class ExpiresAt implements ITypeConverter<Instant> {
        @Override
        public Instant convert(String text) {
            return instant(text);
        }
    }
}
