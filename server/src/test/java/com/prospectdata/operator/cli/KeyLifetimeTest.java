package com.prospectdata.operator.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.time.Instant;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;
import picocli.CommandLine.TypeConversionException;

/** How --expires-in, --grace and --expires-at read what an operator types. */
class KeyLifetimeTest {

    @ParameterizedTest
    @CsvSource({
            "90d,    PT2160H",
            "1d,     PT24H",
            "12h,    PT12H",
            "1h,     PT1H",
            "30min,  PT30M",
            "36500d, PT876000H",
            "007d,   PT168H"
    })
    void aSpanIsAWholeNumberOfDaysHoursOrMinutes(String text, Duration expected) {
        assertThat(KeyLifetime.span(text, false)).isEqualTo(expected);
        assertThat(KeyLifetime.span(text, true)).isEqualTo(expected);
    }

    @ParameterizedTest
    @ValueSource(strings = {"90", "d", "-1d", "+1d", "1.5d", "90 d", " 90d", "90d ", "90D", "12H", "1w", "1y", "P90D",
            "PT12H", "90days", "12hours", "90dd", "1d12h", "", "0x10d", "١٢h", "9999999999d"})
    void anythingElseIsRefusedWithTheFormsThatAreRead(String text) {
        assertThatThrownBy(() -> KeyLifetime.span(text, false))
                .isInstanceOf(TypeConversionException.class)
                .hasMessageContaining("90d, 12h or 30min");
    }

    @ParameterizedTest
    @ValueSource(strings = {"3m", "90m"})
    void aBareMIsRefusedRatherThanReadAsMinutesOrMonths(String text) {
        assertThatThrownBy(() -> KeyLifetime.span(text, true))
                .isInstanceOf(TypeConversionException.class)
                .hasMessageContaining("min for minutes or d for days");
    }

    @ParameterizedTest
    @ValueSource(strings = {"0", "0d", "0h", "0min"})
    void aZeroSpanIsAnExpiryOfNowRefusedForANewKey(String text) {
        assertThatThrownBy(() -> KeyLifetime.span(text, false)).isInstanceOf(TypeConversionException.class);
    }

    @ParameterizedTest
    @ValueSource(strings = {"0", "0d", "0h", "0min"})
    void aZeroGraceEndsTheOldKeyNow(String text) {
        assertThat(KeyLifetime.span(text, true)).isZero();
    }

    @ParameterizedTest
    @ValueSource(strings = {"36501d", "876001h", "52560001min"})
    void moreThanAHundredYearsIsRefused(String text) {
        assertThatThrownBy(() -> KeyLifetime.span(text, false))
                .isInstanceOf(TypeConversionException.class)
                .hasMessageContaining("longer than 36500d");
    }

    @ParameterizedTest
    @CsvSource({
            "2027-01-31T00:00:00Z,      2027-01-31T00:00:00Z",
            "2027-01-31t00:00:00z,      2027-01-31T00:00:00Z",
            "2027-01-31T01:00:00+01:00, 2027-01-31T00:00:00Z",
            "2027-01-30T19:00:00-05:00, 2027-01-31T00:00:00Z",
            "2027-01-31T00:00:00.000Z,  2027-01-31T00:00:00Z"
    })
    void anExpiryTimeIsRfc3339WithItsOffset(String text, Instant expected) {
        assertThat(KeyLifetime.instant(text)).isEqualTo(expected);
    }

    @ParameterizedTest
    @ValueSource(strings = {"2027-01-31", "2027-01-31T00:00:00", "2027-01-31 00:00:00Z", "2027-01-31T00:00Z",
            "2027-02-30T00:00:00Z", "27-01-31T00:00:00Z", "tomorrow", "1798675200", ""})
    void anythingElseIsNotATime(String text) {
        assertThatThrownBy(() -> KeyLifetime.instant(text))
                .isInstanceOf(TypeConversionException.class)
                .hasMessageContaining("not an RFC 3339 time");
    }

    @ParameterizedTest
    @ValueSource(strings = {"2027-01-31T00:00:00.5Z", "2027-01-31T00:00:00.000001Z"})
    void aFractionOfASecondIsRefusedSinceTheHeaderIsToTheSecond(String text) {
        assertThatThrownBy(() -> KeyLifetime.instant(text))
                .isInstanceOf(TypeConversionException.class)
                .hasMessageContaining("whole seconds");
    }
}
