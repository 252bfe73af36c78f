package com.prospectdata.core.openapi;

import java.time.OffsetDateTime;
import java.time.format.DateTimeFormatter;
import java.util.TimeZone;
import tools.jackson.core.JsonGenerator;
import tools.jackson.databind.SerializationContext;
import tools.jackson.databind.ext.javatime.ser.OffsetDateTimeSerializer;
import tools.jackson.databind.ser.std.StdSerializer;

/**
 * Writes the timestamps of the answers ({@link WireTime}: UTC, whole seconds,
 * {@code 2026-11-21T10:15:30Z}) as Jackson's own serializer does, without running
 * {@link DateTimeFormatter#ISO_OFFSET_DATE_TIME} for them: a page of 50 companies has 100
 * timestamps, and the formatter's general machinery showed in the companies list's profile
 * (bench/notes/performance.md, "Timestamps written by hand"). Any other value (another offset,
 * a fraction of a second, a year outside 0 to 9999), or a mapper whose time zone is not UTC, goes
 * to Jackson's own serializer, so the text is always Jackson's.
 */
final class WireTimeSerializer extends StdSerializer<OffsetDateTime> {

    public WireTimeSerializer() {
        super(OffsetDateTime.class);
    }

    @Override
    public void serialize(OffsetDateTime value, JsonGenerator generator, SerializationContext context) {
        if (isWireTime(value) && isUtc(context.getTimeZone())) {
            char[] text = new char[20];
            write(value, text);
            generator.writeString(text, 0, text.length);
        } else {
            OffsetDateTimeSerializer.INSTANCE.serialize(value, generator, context);
        }
    }

    /** Jackson writes an {@code OffsetDateTime} in its mapper's time zone, UTC unless set otherwise. */
    private static boolean isUtc(TimeZone zone) {
        return "UTC".equals(zone.getID()) || "GMT".equals(zone.getID());
    }

    private static boolean isWireTime(OffsetDateTime value) {
        return value.getOffset().getTotalSeconds() == 0 && value.getNano() == 0
                && value.getYear() >= 0 && value.getYear() <= 9999;
    }

    /** {@code yyyy-MM-ddTHH:mm:ssZ}: what the formatter writes for a whole second in UTC (seconds always shown). */
    private static void write(OffsetDateTime value, char[] text) {
        digits(value.getYear(), text, 0, 4);
        text[4] = '-';
        digits(value.getMonthValue(), text, 5, 2);
        text[7] = '-';
        digits(value.getDayOfMonth(), text, 8, 2);
        text[10] = 'T';
        digits(value.getHour(), text, 11, 2);
        text[13] = ':';
        digits(value.getMinute(), text, 14, 2);
        text[16] = ':';
        digits(value.getSecond(), text, 17, 2);
        text[19] = 'Z';
    }

    private static void digits(int number, char[] text, int at, int width) {
        for (int i = at + width - 1; i >= at; i--) {
            text[i] = (char) ('0' + number % 10);
            number /= 10;
        }
    }
}
