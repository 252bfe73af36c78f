package com.prospectdata.openapi;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.TimeZone;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.Example;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.module.SimpleModule;

/** The hand-written timestamps are, character for character, what the formatter writes. */
class WireTimeSerializerTest {

    private static final JsonMapper WITH = JsonMapper.builder()
            .addModule(new SimpleModule().addSerializer(OffsetDateTime.class, new WireTimeSerializer()))
            .build();
    private static final JsonMapper WITHOUT = JsonMapper.builder().build();
    private static final TimeZone BERLIN = TimeZone.getTimeZone("Europe/Berlin");
    private static final JsonMapper WITH_IN_BERLIN = WITH.rebuild().defaultTimeZone(BERLIN).build();
    private static final JsonMapper WITHOUT_IN_BERLIN = WITHOUT.rebuild().defaultTimeZone(BERLIN).build();

    @Property(tries = 2000)
    void writesWhatJacksonsOwnSerializerWrites(@ForAll("timestamps") OffsetDateTime value) {
        assertThat(WITH.writeValueAsString(value)).isEqualTo(WITHOUT.writeValueAsString(value));
    }

    @Property(tries = 1000)
    void aMapperInAnotherTimeZoneStillWritesWhatJacksonWrites(@ForAll("wireTimes") OffsetDateTime value) {
        assertThat(WITH_IN_BERLIN.writeValueAsString(value)).isEqualTo(WITHOUT_IN_BERLIN.writeValueAsString(value));
    }

    @Property(tries = 2000)
    void writesEveryWireTimeAsTheDocumentsForm(@ForAll("wireTimes") OffsetDateTime value) {
        assertThat(WITH.writeValueAsString(value)).matches("\"\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}Z\"")
                .isEqualTo(WITHOUT.writeValueAsString(value))
                .isEqualTo("\"" + DateTimeFormatter.ISO_OFFSET_DATE_TIME.format(value) + "\"");
    }

    @Example
    void edgesOfTheFastPath() {
        for (String text : new String[] {"0000-01-01T00:00:00Z", "9999-12-31T23:59:59Z", "2026-11-21T10:15:30Z",
                "2024-02-29T00:00:00Z", "1970-01-01T00:00:00Z"}) {
            OffsetDateTime value = OffsetDateTime.parse(text);
            assertThat(WITH.writeValueAsString(value)).isEqualTo("\"" + text + "\"");
        }
        OffsetDateTime beyond = OffsetDateTime.of(10_000, 1, 1, 0, 0, 0, 0, ZoneOffset.UTC);
        assertThat(WITH.writeValueAsString(beyond)).isEqualTo(WITHOUT.writeValueAsString(beyond));
    }

    @Provide
    Arbitrary<OffsetDateTime> timestamps() {
        Arbitrary<Long> seconds = Arbitraries.longs().between(-200_000_000_000L, 300_000_000_000L);
        Arbitrary<Integer> nanos = Arbitraries.oneOf(Arbitraries.just(0), Arbitraries.integers().between(0, 999_999_999),
                Arbitraries.of(1_000_000, 500_000_000, 1_000));
        Arbitrary<ZoneOffset> offsets = Arbitraries.oneOf(Arbitraries.just(ZoneOffset.UTC),
                Arbitraries.integers().between(-18 * 3600, 18 * 3600).map(ZoneOffset::ofTotalSeconds));
        return Combinators.combine(seconds, nanos, offsets)
                .as((s, n, o) -> Instant.ofEpochSecond(s, n).atOffset(o));
    }

    @Provide
    Arbitrary<OffsetDateTime> wireTimes() {
        return Arbitraries.longs().between(Instant.parse("0000-01-01T00:00:00Z").getEpochSecond(),
                        Instant.parse("9999-12-31T23:59:59Z").getEpochSecond())
                .map(s -> WireTime.of(Instant.ofEpochSecond(s)));
    }
}
