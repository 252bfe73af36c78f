package com.prospectdata.pipeline.parameters;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Instant;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

class Rfc3339Test {

    @ParameterizedTest(name = "{0} is {1}")
    @CsvSource({
            "2026-11-21T10:15:30Z, 2026-11-21T10:15:30Z",
            "2026-11-21t10:15:30z, 2026-11-21T10:15:30Z",
            "2026-11-21T10:15:30+01:00, 2026-11-21T09:15:30Z",
            "2026-11-21T10:15:30-00:30, 2026-11-21T10:45:30Z",
            "2026-11-21T10:15:30.5Z, 2026-11-21T10:15:30.500Z",
            "2026-11-21T10:15:30.123456789Z, 2026-11-21T10:15:30.123456789Z",
            "2026-11-21T00:00:00+23:59, 2026-11-20T00:01:00Z",
            "2026-11-21T23:59:59-23:59, 2026-11-22T23:58:59Z",
            "0000-01-01T00:00:00Z, 0000-01-01T00:00:00Z",
            "9999-12-31T23:59:59-23:59, +10000-01-01T23:58:59Z",
            "2024-02-29T12:00:00Z, 2024-02-29T12:00:00Z",
            // A leap second is the last second of a UTC day, read as java.time reads it.
            "2016-12-31T23:59:60Z, 2016-12-31T23:59:59Z",
            "2016-12-31T18:59:60-05:00, 2016-12-31T23:59:59Z",
    })
    void anRfc3339DateTimeIsReadAsItsInstant(String text, String instant) {
        assertThat(Rfc3339.parse(text)).hasValueSatisfying(read -> assertThat(read.toInstant()).isEqualTo(Instant.parse(instant)));
    }

    @ParameterizedTest
    @ValueSource(strings = {
            "", " ", "yesterday", "2026-11-21", "2026-11-21T10:15Z", "2026-11-21T10:15:30", "2026-11-21 10:15:30Z",
            "2026-11-21T10:15:30.Z", "2026-11-21T10:15:30.1234567890Z", "+2026-11-21T10:15:30Z", "-0001-01-01T00:00:00Z",
            "+10000-01-01T00:00:00Z", "10000-01-01T00:00:00Z", "-4713-01-01T00:00:00Z", "+294277-01-01T00:00:00Z",
            "26-11-21T10:15:30Z", "2026-1-21T10:15:30Z", "2026-13-01T00:00:00Z", "2026-00-01T00:00:00Z",
            "2026-11-31T00:00:00Z", "2026-02-29T00:00:00Z", "2026-11-00T00:00:00Z", "2026-11-21T24:00:00Z",
            "2026-11-21T10:60:00Z", "2026-11-21T10:15:61Z", "2016-12-31T22:59:60Z", "2016-06-30T12:00:60Z",
            "2026-11-21T10:15:30+24:00", "2026-11-21T10:15:30+01:60", "2026-11-21T10:15:30+0100", "2026-11-21T10:15:30+01",
            "2026-11-21T10:15:30 01:00", "2026-11-21T10:15:30Z ", " 2026-11-21T10:15:30Z", "2026-11-21T10:15:30ZZ",
            "２０２６-11-21T10:15:30Z", "2026-11-21T10:15:30UTC", "2026-11-21T10:15:30+01:00[Europe/Paris]",
            "2026-11-21T10:15:30\u0000Z",
    })
    void anythingElseIsRefused(String text) {
        assertThat(Rfc3339.parse(text)).as("%s", text).isEmpty();
    }
}
