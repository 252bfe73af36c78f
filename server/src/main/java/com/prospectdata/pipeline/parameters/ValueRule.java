package com.prospectdata.pipeline.parameters;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.regex.Pattern;

/**
 * What one parameter's schema in api/openapi.yaml allows, read exactly as the schema says and
 * no more leniently: the reading a partner's generated client and our contract tests assume.
 * Each rule turns the text of a value into the typed value the delegates receive.
 */
sealed interface ValueRule {

    /** The value this text stands for; {@link InvalidValue} when the rule refuses it. */
    Object read(String text) throws InvalidValue;

    /** What a valid value is, as a message ends: "an integer between 1 and 100". */
    String expected();

    /**
     * The value written back into a URL (a page link) in a form this rule reads as the same
     * value, and no longer than the rule allows whatever the caller sent (leading zeros and
     * long fractions do not survive).
     */
    default String canonical(String text, Object value) {
        return value.toString();
    }

    /** {@code type: integer}: ASCII digits with an optional minus, within the bounds and the format's range. */
    record IntegerRule(BigInteger minimum, BigInteger maximum, boolean int64) implements ValueRule {

        private static final Pattern DIGITS = Pattern.compile("-?[0-9]+");
        /** More digits than any int64 has, once leading zeros are gone: out of range without parsing. */
        private static final int MAX_SIGNIFICANT_DIGITS = 20;

        @Override
        public Object read(String text) throws InvalidValue {
            if (!DIGITS.matcher(text).matches()) {
                throw new InvalidValue();
            }
            String digits = text.replaceFirst("^(-?)0+(?=[0-9])", "$1");
            if (digits.length() > MAX_SIGNIFICANT_DIGITS) {
                throw new InvalidValue();
            }
            BigInteger value = new BigInteger(digits);
            if (value.compareTo(minimum) < 0 || value.compareTo(maximum) > 0) {
                throw new InvalidValue();
            }
            return int64 ? (Object) value.longValueExact() : (Object) value.intValueExact();
        }

        @Override
        public String expected() {
            return "an integer between " + minimum + " and " + maximum;
        }
    }

    /** {@code type: number}: the JSON number grammar, within the bounds. */
    record NumberRule(BigDecimal minimum, BigDecimal maximum) implements ValueRule {

        private static final Pattern JSON_NUMBER = Pattern.compile("-?(?:0|[1-9][0-9]*)(?:\\.[0-9]+)?(?:[eE][+-]?[0-9]+)?");

        @Override
        public Object read(String text) throws InvalidValue {
            if (!JSON_NUMBER.matcher(text).matches()) {
                throw new InvalidValue();
            }
            BigDecimal exact;
            try {
                exact = new BigDecimal(text);
            } catch (NumberFormatException | ArithmeticException exponentBeyondRange) {
                throw new InvalidValue();
            }
            if ((minimum != null && exact.compareTo(minimum) < 0) || (maximum != null && exact.compareTo(maximum) > 0)) {
                throw new InvalidValue();
            }
            double value = exact.doubleValue();
            // -0 is 0: one spelling for the same bound.
            return value == 0 ? 0.0 : value;
        }

        @Override
        public String expected() {
            String bounds = minimum != null && maximum != null
                    ? " between " + minimum.toPlainString() + " and " + maximum.toPlainString()
                    : minimum != null ? " of at least " + minimum.toPlainString()
                    : maximum != null ? " of at most " + maximum.toPlainString() : "";
            return "a number" + bounds + " (digits, an optional fraction and exponent, as in JSON)";
        }
    }

    /** {@code type: string} with {@code enum}: one of the listed values, exactly. */
    record EnumRule(List<String> values) implements ValueRule {

        @Override
        public Object read(String text) throws InvalidValue {
            if (!values.contains(text)) {
                throw new InvalidValue();
            }
            return text;
        }

        @Override
        public String expected() {
            return "one of " + String.join(", ", values);
        }
    }

    /** {@code format: uuid}: the canonical 8-4-4-4-12 hexadecimal form. */
    record UuidRule() implements ValueRule {

        private static final Pattern CANONICAL =
                Pattern.compile("[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}");

        @Override
        public Object read(String text) throws InvalidValue {
            if (!CANONICAL.matcher(text).matches()) {
                throw new InvalidValue();
            }
            return UUID.fromString(text);
        }

        @Override
        public String expected() {
            return "a UUID in its 8-4-4-4-12 hexadecimal form, e.g. 3f2b8c1d-9e4a-4b7f-8a21-6d5c0e9f1a42";
        }
    }

    /** {@code format: date-time}: RFC 3339 (see {@link Rfc3339}), read as an instant in UTC. */
    record DateTimeRule() implements ValueRule {

        @Override
        public Object read(String text) throws InvalidValue {
            return Rfc3339.parse(text).orElseThrow(InvalidValue::new);
        }

        @Override
        public String expected() {
            return "an RFC 3339 date-time such as 2026-11-21T10:15:30Z: a four-digit year, seconds, at most"
                    + " 9 fractional digits, and Z or an offset such as %2B01:00 (a + must be encoded)";
        }

        /** As sent: the grammar bounds its length, and java.time would write years beyond 9999 with a sign. */
        @Override
        public String canonical(String text, Object value) {
            return text;
        }
    }

    /**
     * {@code type: string}: any text within {@code maxLength} characters (Unicode code points,
     * as JSON Schema counts them) that PostgreSQL's text can hold, so never U+0000.
     */
    record TextRule(Integer maxLength) implements ValueRule {

        @Override
        public Object read(String text) throws InvalidValue {
            if (text.indexOf('\0') >= 0) {
                throw new InvalidValue("must not contain the character U+0000 (NUL)");
            }
            for (int i = 0; i < text.length(); i++) {
                char c = text.charAt(i);
                boolean paired = Character.isHighSurrogate(c) && i + 1 < text.length() && Character.isLowSurrogate(text.charAt(i + 1));
                if (paired) {
                    i++;
                } else if (Character.isSurrogate(c)) {
                    throw new InvalidValue("must be Unicode text (percent-encoded UTF-8)");
                }
            }
            if (maxLength != null && text.codePointCount(0, text.length()) > maxLength) {
                throw new InvalidValue("must be at most " + maxLength + " characters");
            }
            return text;
        }

        @Override
        public String expected() {
            return maxLength == null ? "text without U+0000" : "text of at most " + maxLength + " characters, without U+0000";
        }
    }

    /**
     * {@code type: string} with a {@code pattern}: a token whose whole text matches it (the
     * document anchors its patterns, and a line break before the end does not pass), within {@code minLength}
     * and {@code maxLength} characters. A cursor is one.
     */
    record TokenRule(int minLength, int maxLength, Pattern pattern) implements ValueRule {

        @Override
        public Object read(String text) throws InvalidValue {
            if (text.length() < minLength || text.length() > maxLength) {
                throw new InvalidValue("must be " + minLength + " to " + maxLength + " characters");
            }
            if (!pattern.matcher(text).matches()) {
                throw new InvalidValue("must match " + pattern.pattern());
            }
            return text;
        }

        @Override
        public String expected() {
            return "text of " + minLength + " to " + maxLength + " characters matching " + pattern.pattern();
        }
    }

    /**
     * {@code type: array}, {@code style: form}, {@code explode: true}: the parameter repeated
     * once per value; a single comma-separated value is read as its parts too. Items are never
     * empty, so {@code accepted,} is refused rather than read as one value.
     */
    record ListRule(ValueRule items, int minItems, int maxItems) implements ValueRule {

        @Override
        public Object read(String text) throws InvalidValue {
            return readAll(new String[] {text});
        }

        List<Object> readAll(String[] given) throws InvalidValue {
            List<Object> values = new ArrayList<>();
            for (String text : given) {
                for (String part : text.split(",", -1)) {
                    values.add(items.read(part));
                }
            }
            if (values.size() < minItems || values.size() > maxItems) {
                throw new InvalidValue();
            }
            return List.copyOf(values);
        }

        @Override
        public String expected() {
            String count = minItems == maxItems ? Integer.toString(minItems) : minItems + " to " + maxItems;
            return count + " values, each " + items.expected()
                    + " (repeat the parameter, or separate the values with commas)";
        }

        @Override
        public String canonical(String text, Object value) {
            throw new UnsupportedOperationException("a list is written one parameter per value");
        }
    }
}
