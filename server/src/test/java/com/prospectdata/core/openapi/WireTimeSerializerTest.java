package com.prospectdata.core.openapi;

import static org.assertj.core.api.Assertions.assertThat;
import static org.quicktheories.QuickTheory.qt;

import com.prospectdata.testing.Ranges;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.List;
import java.util.TimeZone;
import org.junit.jupiter.api.Test;
import org.quicktheories.api.Pair;
import org.quicktheories.core.Gen;
import org.quicktheories.generators.Generate;
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

    @Test
    void writesWhatJacksonsOwnSerializerWrites() {
        qt().withExamples(2000).forAll(timestamps()).checkAssert(value ->
                assertThat(WITH.writeValueAsString(value)).isEqualTo(WITHOUT.writeValueAsString(value)));
    }

    @Test
    void aMapperInAnotherTimeZoneStillWritesWhatJacksonWrites() {
        qt().withExamples(1000).forAll(wireTimes()).checkAssert(value ->
                assertThat(WITH_IN_BERLIN.writeValueAsString(value))
                        .isEqualTo(WITHOUT_IN_BERLIN.writeValueAsString(value)));
    }

    @Test
    void writesEveryWireTimeAsTheDocumentsForm() {
        qt().withExamples(2000).forAll(wireTimes()).checkAssert(value ->
                assertThat(WITH.writeValueAsString(value)).matches("\"\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}Z\"")
                        .isEqualTo(WITHOUT.writeValueAsString(value))
                        .isEqualTo("\"" + DateTimeFormatter.ISO_OFFSET_DATE_TIME.format(value) + "\""));
    }

    @Test
    void edgesOfTheFastPath() {
        for (String text : new String[] {"0000-01-01T00:00:00Z", "9999-12-31T23:59:59Z", "2026-11-21T10:15:30Z",
                "2024-02-29T00:00:00Z", "1970-01-01T00:00:00Z"}) {
            OffsetDateTime value = OffsetDateTime.parse(text);
            assertThat(WITH.writeValueAsString(value)).isEqualTo("\"" + text + "\"");
        }
        OffsetDateTime beyond = OffsetDateTime.of(10_000, 1, 1, 0, 0, 0, 0, ZoneOffset.UTC);
        assertThat(WITH.writeValueAsString(beyond)).isEqualTo(WITHOUT.writeValueAsString(beyond));
    }

    private static Gen<OffsetDateTime> timestamps() {
        Gen<Long> seconds = Ranges.longs(-200_000_000_000L, 300_000_000_000L);
        Gen<Integer> nanos = Generate.frequency(Pair.of(1, Generate.constant(0)),
                Pair.of(1, Ranges.integers(0, 999_999_999)),
                Pair.of(1, Generate.pick(List.of(1_000_000, 500_000_000, 1_000))));
        Gen<ZoneOffset> offsets = Generate.frequency(Pair.of(1, Generate.constant(ZoneOffset.UTC)),
                Pair.of(1, Ranges.integers(-18 * 3600, 18 * 3600).map(ZoneOffset::ofTotalSeconds)));
        return seconds.zip(nanos, offsets, (s, n, o) -> Instant.ofEpochSecond(s, n).atOffset(o));
    }

    private static Gen<OffsetDateTime> wireTimes() {
        return Ranges.longs(Instant.parse("0000-01-01T00:00:00Z").getEpochSecond(),
                        Instant.parse("9999-12-31T23:59:59Z").getEpochSecond())
                .map(s -> WireTime.of(Instant.ofEpochSecond(s)));
    }
}
