package com.prospectdata.pipeline.parameters;

import java.time.DateTimeException;
import java.time.LocalDate;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * RFC 3339's {@code date-time} (section 5.6), read exactly: a four-digit year, {@code T} and
 * {@code Z} in either case, seconds always, at most nine fractional digits (the resolution the
 * server keeps), and an offset from -23:59 to +23:59. Java's own ISO parsers are looser in some
 * places (omitted seconds, signed and longer years) and stricter in others (offsets beyond
 * 18 hours), so the grammar is checked here and the instant computed from its fields.
 */
public final class Rfc3339 {

    private static final Pattern DATE_TIME = Pattern.compile(
            "(\\d{4})-(\\d{2})-(\\d{2})[Tt](\\d{2}):(\\d{2}):(\\d{2})(?:\\.(\\d{1,9}))?(?:([Zz])|([+-])(\\d{2}):(\\d{2}))");

    private Rfc3339() {
    }

    /** The instant the text names, in UTC; empty when it is not an RFC 3339 date-time. */
    public static Optional<OffsetDateTime> parse(String text) {
        Matcher m = DATE_TIME.matcher(text);
        if (!m.matches()) {
            return Optional.empty();
        }
        int hour = Integer.parseInt(m.group(4));
        int minute = Integer.parseInt(m.group(5));
        int second = Integer.parseInt(m.group(6));
        int nanos = m.group(7) == null ? 0 : Integer.parseInt((m.group(7) + "00000000").substring(0, 9));
        int offsetSeconds = 0;
        if (m.group(8) == null) {
            int offsetHours = Integer.parseInt(m.group(10));
            int offsetMinutes = Integer.parseInt(m.group(11));
            if (offsetHours > 23 || offsetMinutes > 59) {
                return Optional.empty();
            }
            offsetSeconds = (offsetHours * 3600 + offsetMinutes * 60) * ("-".equals(m.group(9)) ? -1 : 1);
        }
        if (hour > 23 || minute > 59 || second > 60) {
            return Optional.empty();
        }
        LocalDate date;
        try {
            date = LocalDate.of(Integer.parseInt(m.group(1)), Integer.parseInt(m.group(2)), Integer.parseInt(m.group(3)));
        } catch (DateTimeException notADay) {
            return Optional.empty();
        }
        long localSeconds = date.toEpochDay() * 86_400L + hour * 3600L + minute * 60L + Math.min(second, 59);
        long utcSeconds = localSeconds - offsetSeconds;
        if (second == 60 && Math.floorMod(utcSeconds, 86_400L) != 86_399L) {
            // A leap second exists only as the last second of a UTC day; it is read as that
            // day's 23:59:59, as java.time reads it.
            return Optional.empty();
        }
        return Optional.of(OffsetDateTime.ofInstant(java.time.Instant.ofEpochSecond(utcSeconds, nanos), ZoneOffset.UTC));
    }
}
