package com.prospectdata.pipeline.parameters;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.prospectdata.pipeline.parameters.ValueRule.EnumRule;
import com.prospectdata.pipeline.parameters.ValueRule.IntegerRule;
import com.prospectdata.pipeline.parameters.ValueRule.ListRule;
import com.prospectdata.pipeline.parameters.ValueRule.NumberRule;
import com.prospectdata.pipeline.parameters.ValueRule.TextRule;
import com.prospectdata.pipeline.parameters.ValueRule.UuidRule;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class ValueRuleTest {

    private static final IntegerRule LIMIT = new IntegerRule(BigInteger.ONE, BigInteger.valueOf(100), false);
    private static final IntegerRule OFFSET = new IntegerRule(BigInteger.ZERO, BigInteger.valueOf(Integer.MAX_VALUE), false);
    private static final NumberRule SCORE = new NumberRule(BigDecimal.ZERO, BigDecimal.TEN);
    private static final EnumRule STATUS = new EnumRule(List.of("accepted", "rejected", "pending"));
    private static final ListRule STATUSES = new ListRule(STATUS, 1, 3);

    @Test
    void anIntegerIsAsciiDigitsWithAnOptionalMinusWithinItsBounds() throws InvalidValue {
        assertThat(LIMIT.read("1")).isEqualTo(1);
        assertThat(LIMIT.read("100")).isEqualTo(100);
        assertThat(LIMIT.read("0050")).isEqualTo(50);
        assertThat(OFFSET.read("2147483647")).isEqualTo(Integer.MAX_VALUE);
        assertThat(OFFSET.read("-0")).isEqualTo(0);
        assertThat(LIMIT.canonical("0050", 50)).isEqualTo("50");
        assertThat(LIMIT.expected()).isEqualTo("an integer between 1 and 100");
    }

    @ParameterizedTest
    @ValueSource(strings = {"", " ", "0", "101", "-1", "5 0", " 5", "5 ", "+5", "0x10", "#10", "010x", "1e1", "5.", ".5", "5.0",
            "١٠", "５", "9999999999999999999999999999999", "00000000000000000000000000000000000000000000000000101", "ten", "5\u0000"})
    void anythingElseIsNoLimit(String text) {
        assertThatThrownBy(() -> LIMIT.read(text)).as("%s", text).isInstanceOf(InvalidValue.class);
    }

    @Test
    void offsetBeyondInt32IsRefused() {
        assertThatThrownBy(() -> OFFSET.read("2147483648")).isInstanceOf(InvalidValue.class);
    }

    @Test
    void aNumberIsAJsonNumberWithinItsBounds() throws InvalidValue {
        assertThat(SCORE.read("0")).isEqualTo(0.0);
        assertThat(SCORE.read("-0")).isEqualTo(0.0);
        assertThat(SCORE.read("10")).isEqualTo(10.0);
        assertThat(SCORE.read("7.5")).isEqualTo(7.5);
        assertThat(SCORE.read("1E0")).isEqualTo(1.0);
        assertThat(SCORE.read("75e-1")).isEqualTo(7.5);
        assertThat(SCORE.read("0.00000000000000000000000000001")).isEqualTo(1e-29);
        assertThat(SCORE.canonical("7.50000000000000000000000", 7.5)).isEqualTo("7.5");
    }

    @ParameterizedTest
    @ValueSource(strings = {"", " ", "-0.1", "10.01", "1e400", "1e-99999999999", "NaN", "Infinity", "-Infinity", "0x1p3", "7.5d",
            "7.5f", ".5", "5.", "05", "+5", "9 .9", " 9.9", "7,5", "1e", "1.e1", "١", "high"})
    void anythingElseIsNoScore(String text) {
        assertThatThrownBy(() -> SCORE.read(text)).as("%s", text).isInstanceOf(InvalidValue.class);
    }

    @Test
    void anEnumValueIsOneOfTheListedValuesExactly() throws InvalidValue {
        assertThat(STATUS.read("accepted")).isEqualTo("accepted");
        for (String text : new String[] {"", " ", "ACCEPTED", "Accepted", " accepted", "accepted ", "accepted\u0000", "approved"}) {
            assertThatThrownBy(() -> STATUS.read(text)).as("%s", text).isInstanceOf(InvalidValue.class);
        }
    }

    @Test
    void aUuidIsTheCanonicalHexadecimalForm() throws InvalidValue {
        UUID id = UUID.fromString("3f2b8c1d-9e4a-4b7f-8a21-6d5c0e9f1a42");
        assertThat(new UuidRule().read("3f2b8c1d-9e4a-4b7f-8a21-6d5c0e9f1a42")).isEqualTo(id);
        assertThat(new UuidRule().read("3F2B8C1D-9E4A-4B7F-8A21-6D5C0E9F1A42")).isEqualTo(id);
        assertThat(new UuidRule().canonical("3F2B8C1D-9E4A-4B7F-8A21-6D5C0E9F1A42", id)).isEqualTo(id.toString());
        for (String text : new String[] {"", "1-2-3-4-5", "3f2b8c1d9e4a4b7f8a216d5c0e9f1a42", "{3f2b8c1d-9e4a-4b7f-8a21-6d5c0e9f1a42}",
                " 3f2b8c1d-9e4a-4b7f-8a21-6d5c0e9f1a42", "3f2b8c1d-9e4a-4b7f-8a21-6d5c0e9f1a42 ", "3f2b8c1d-9e4a-4b7f-8a21-6d5c0e9f1a4g",
                "3f2b8c1d-9e4a-4b7f-8a21-6d5c0e9f1a420", "3f2b8c1d-9e4a-4b7f-8a21-6d5c0e9f1a42;x=1", "3f2b8c1d_9e4a_4b7f_8a21_6d5c0e9f1a42"}) {
            assertThatThrownBy(() -> new UuidRule().read(text)).as("%s", text).isInstanceOf(InvalidValue.class);
        }
    }

    @Test
    void textIsAnyUnicodeWithinItsLengthInCodePointsButNeverNul() throws InvalidValue {
        TextRule search = new TextRule(200);
        assertThat(search.read("")).isEqualTo("");
        assertThat(search.read("  café %_\\ ")).isEqualTo("  café %_\\ ");
        assertThat(search.read("😀".repeat(200))).as("200 characters, 400 UTF-16 units").hasToString("😀".repeat(200));
        assertThatThrownBy(() -> search.read("😀".repeat(201))).isInstanceOf(InvalidValue.class)
                .satisfies(e -> assertThat(((InvalidValue) e).sentence("search", search)).isEqualTo("search must be at most 200 characters"));
        assertThatThrownBy(() -> search.read("a\u0000b")).isInstanceOf(InvalidValue.class)
                .satisfies(e -> assertThat(((InvalidValue) e).sentence("search", search)).contains("U+0000"));
        assertThatThrownBy(() -> search.read("a\uD800b")).isInstanceOf(InvalidValue.class);
        assertThatThrownBy(() -> search.read("a\uDC00")).isInstanceOf(InvalidValue.class);
    }

    @Test
    void aListIsRepeatedOrCommaSeparatedValuesWithinItsSize() throws InvalidValue {
        assertThat(STATUSES.readAll(new String[] {"accepted"})).containsExactly("accepted");
        assertThat(STATUSES.readAll(new String[] {"accepted", "pending"})).containsExactly("accepted", "pending");
        assertThat(STATUSES.readAll(new String[] {"accepted,pending"})).containsExactly("accepted", "pending");
        assertThat(STATUSES.readAll(new String[] {"accepted,pending", "rejected"})).containsExactly("accepted", "pending", "rejected");
        for (String[] given : List.of(new String[] {""}, new String[] {","}, new String[] {"accepted,"}, new String[] {",accepted"},
                new String[] {"accepted,,pending"}, new String[] {"accepted", ""}, new String[] {"accepted, pending"},
                new String[] {"accepted,pending,rejected,accepted"}, new String[] {"a", "b"}, new String[] {"ACCEPTED"})) {
            assertThatThrownBy(() -> STATUSES.readAll(given)).as("%s", List.of(given)).isInstanceOf(InvalidValue.class);
        }
        assertThat(STATUSES.expected()).isEqualTo("1 to 3 values, each one of accepted, rejected, pending"
                + " (repeat the parameter, or separate the values with commas)");
    }
}
