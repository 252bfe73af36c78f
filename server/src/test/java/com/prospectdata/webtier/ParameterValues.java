package com.prospectdata.webtier;

import static org.quicktheories.generators.SourceDSL.lists;

import com.prospectdata.webtier.DocumentParameters.DocumentParameter;
import com.prospectdata.webtier.DocumentParameters.Kind;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.math.RoundingMode;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.quicktheories.api.Pair;
import org.quicktheories.core.Gen;
import org.quicktheories.generators.Generate;

/**
 * Values of a parameter generated from its schema in the document: those the schema allows,
 * and, for each class of mistake, those it does not. A value is a list of the parameter's
 * occurrences in the request (one, except for lists and repeats), each as text before
 * percent-encoding.
 */
public final class ParameterValues {

    /** The classes of values a schema does not allow, each the way a client gets it wrong. */
    public enum Malformation {
        /** U+0000 anywhere in the value, which PostgreSQL's text cannot hold. */
        NUL,
        /** An empty value of a typed parameter: not the same as leaving it out. */
        EMPTY,
        /** Only whitespace. */
        BLANK,
        /** A valid value with whitespace before, after or inside it. */
        PADDED,
        /** The same value in a notation the schema does not use: hexadecimal, other digits, other case... */
        NOTATION,
        /** Well-formed, but beyond the schema's bounds or the format's range. */
        OUT_OF_RANGE,
        /** A single-valued parameter given twice. */
        REPEATED,
        /** A list with an empty element. */
        EMPTY_ELEMENT
    }

    private static final List<String> BLANKS = List.of(" ", "  ", "\t", " \t ", "\u3000");
    private static final char[] OTHER_ZEROS = {'\u0660', '\u06F0', '\u0966', '\uFF10', '\u0E50'};

    private final Map<String, List<String>> knownIds;

    /**
     * @param knownIds ids of existing resources by parameter name, so that a valid id is
     *                 sometimes found (200) and sometimes not (404)
     */
    public ParameterValues(Map<String, List<String>> knownIds) {
        this.knownIds = knownIds;
    }

    // ------------------------------------------------------------------ allowed values

    /** Values the schema allows, as the parameter's occurrences. */
    public Gen<List<String>> valid(DocumentParameter parameter) {
        if (parameter.kind() == Kind.ENUM_LIST) {
            Gen<List<String>> items = lists().of(Generate.pick(parameter.values()))
                    .ofSizeBetween(Math.max(1, parameter.minItems()), Math.min(parameter.maxItems(), 3));
            return Generate.booleans().zip(items, (repeated, values) -> repeated ? values : List.of(String.join(",", values)));
        }
        return one(parameter).map(ParameterValues::single);
    }

    /** One value the schema allows, for a single-valued parameter. */
    public Gen<String> one(DocumentParameter parameter) {
        return switch (parameter.kind()) {
            case INTEGER -> integers(parameter.minimum().toBigIntegerExact(), parameter.maximum().toBigIntegerExact())
                    .zip(Generate.range(0, 2), (value, zeros) -> value.signum() < 0 ? value.toString() : "0".repeat(zeros) + value);
            case NUMBER -> numbers(parameter.minimum(), parameter.maximum());
            case ENUM -> Generate.pick(parameter.values());
            case UUID -> uuids(knownIds.getOrDefault(parameter.name(), List.of()));
            case DATE_TIME -> dateTimes();
            case TEXT -> text(0, parameter.maxLength() == null ? 300 : parameter.maxLength());
            case ENUM_LIST -> throw new IllegalArgumentException("a list has several values");
        };
    }

    private static Gen<BigInteger> integers(BigInteger minimum, BigInteger maximum) {
        Gen<BigInteger> anywhere = Generate.longRange(minimum.longValueExact(), maximum.longValueExact()).map(BigInteger::valueOf);
        return Generate.frequency(Pair.of(4, anywhere), Pair.of(1, Generate.pick(List.of(minimum, maximum))));
    }

    /** A number within the bounds in the JSON grammar: plain ({@code 7.50}) or with an exponent ({@code 750e-2}). */
    private static Gen<String> numbers(BigDecimal minimum, BigDecimal maximum) {
        BigDecimal low = minimum == null ? BigDecimal.valueOf(-1_000_000) : minimum;
        BigDecimal high = maximum == null ? BigDecimal.valueOf(1_000_000) : maximum;
        return Generate.range(0, 4).flatMap(scale -> Generate.longRange(
                        low.movePointRight(scale).setScale(0, RoundingMode.CEILING).longValueExact(),
                        high.movePointRight(scale).setScale(0, RoundingMode.FLOOR).longValueExact())
                .map(unscaled -> BigDecimal.valueOf(unscaled, scale)))
                .zip(Generate.range(0, 2), (value, form) -> switch (form) {
                    case 0 -> value.toPlainString();
                    case 1 -> value.unscaledValue() + "e-" + value.scale();
                    default -> value.unscaledValue() + "E" + (value.scale() == 0 ? "+0" : "-" + value.scale());
                });
    }

    private static Gen<String> uuids(List<String> known) {
        Gen<String> random = Generate.longRange(Long.MIN_VALUE, Long.MAX_VALUE)
                .zip(Generate.longRange(Long.MIN_VALUE, Long.MAX_VALUE), (high, low) -> new UUID(high, low).toString());
        Gen<String> ids = known.isEmpty() ? random : Generate.frequency(Pair.of(2, Generate.pick(known)), Pair.of(1, random));
        return ids.zip(Generate.booleans(), (id, upper) -> upper ? id.toUpperCase(Locale.ROOT) : id);
    }

    /** RFC 3339 date-times with a four-digit year, any offset RFC 3339 allows, up to nine fractional digits. */
    private static Gen<String> dateTimes() {
        Gen<LocalDate> days = Generate.longRange(LocalDate.of(0, 1, 1).toEpochDay(), LocalDate.of(9999, 12, 31).toEpochDay())
                .map(LocalDate::ofEpochDay);
        Gen<String> times = Generate.range(0, 23).zip(Generate.range(0, 59), Generate.range(0, 59),
                (hour, minute, second) -> "%02d:%02d:%02d".formatted(hour, minute, second));
        Gen<String> fractions = Generate.range(0, 9).zip(Generate.longRange(0, 999_999_999L),
                (digits, value) -> digits == 0 ? "" : "." + "%09d".formatted(value).substring(0, digits));
        Gen<String> offsets = Generate.frequency(
                Pair.of(2, Generate.pick(List.of("Z", "z"))),
                Pair.of(3, Generate.pick(List.of("+", "-")).zip(Generate.range(0, 23), Generate.range(0, 59),
                        (sign, hours, minutes) -> sign + "%02d:%02d".formatted(hours, minutes))));
        return days.zip(Generate.pick(List.of("T", "t")), times, fractions.zip(offsets, String::concat),
                (day, separator, time, rest) -> "%04d-%02d-%02d".formatted(day.getYear(), day.getMonthValue(), day.getDayOfMonth())
                        + separator + time + rest);
    }

    /** Unicode text of {@code min} to {@code max} code points, never U+0000 (mostly ASCII, with every plane represented). */
    private static Gen<String> text(int min, int max) {
        Gen<Integer> codePoints = Generate.frequency(
                Pair.of(12, Generate.range(0x20, 0x7E)),
                Pair.of(1, Generate.range(0x01, 0x1F)),
                Pair.of(2, Generate.range(0xA0, 0xD7FF)),
                Pair.of(1, Generate.range(0xE000, 0xFFFD)),
                Pair.of(2, Generate.range(0x10000, 0x10FFFF)));
        Gen<Integer> lengths = Generate.frequency(Pair.of(5, Generate.range(min, Math.min(max, min + 12))),
                Pair.of(1, Generate.range(min, max)), Pair.of(1, Generate.constant(max)));
        return lengths.flatMap(length -> lists().of(codePoints).ofSize(length))
                .map(points -> points.stream().collect(StringBuilder::new, StringBuilder::appendCodePoint, StringBuilder::append).toString());
    }

    // ------------------------------------------------------------------ values the schema does not allow

    /** Values of this class of mistake for the parameter; empty when the class does not apply to it. */
    public Optional<Gen<List<String>>> malformed(DocumentParameter parameter, Malformation malformation) {
        boolean text = parameter.kind() == Kind.TEXT;
        boolean list = parameter.kind() == Kind.ENUM_LIST;
        return switch (malformation) {
            case NUL -> Optional.of(valid(parameter).zip(Generate.range(0, 10_000), Generate.range(0, 10_000),
                    (values, which, where) -> withNul(values, which, where)));
            case EMPTY -> text || parameter.inPath() ? Optional.empty() : Optional.of(Generate.constant(List.of("")));
            case BLANK -> text ? Optional.empty() : Optional.of(Generate.pick(BLANKS).map(ParameterValues::single));
            case PADDED -> text || list ? Optional.empty() : Optional.of(one(parameter)
                    .zip(Generate.pick(BLANKS), Generate.range(0, 2), ParameterValues::padded).map(ParameterValues::single));
            case NOTATION -> notations(parameter).map(gen -> gen.map(ParameterValues::single));
            case OUT_OF_RANGE -> outOfRange(parameter);
            case REPEATED -> list || parameter.inPath() ? Optional.empty()
                    : Optional.of(one(parameter).zip(one(parameter), List::of));
            case EMPTY_ELEMENT -> list ? Optional.of(emptyElements(parameter)) : Optional.empty();
        };
    }

    private static List<String> withNul(List<String> values, int which, int where) {
        List<String> changed = new ArrayList<>(values);
        int index = which % changed.size();
        String value = changed.get(index);
        int codePoints = value.codePointCount(0, value.length());
        int at = value.offsetByCodePoints(0, where % (codePoints + 1));
        changed.set(index, value.substring(0, at) + '\0' + value.substring(at));
        return changed;
    }

    private static String padded(String value, String blank, int where) {
        return switch (where) {
            case 0 -> blank + value;
            case 1 -> value + blank;
            default -> value.length() < 2 ? value + blank + value : value.substring(0, value.length() / 2) + blank
                    + value.substring(value.length() / 2);
        };
    }

    private Optional<Gen<String>> notations(DocumentParameter parameter) {
        return switch (parameter.kind()) {
            case INTEGER -> Optional.of(integers(parameter.minimum().toBigIntegerExact(), parameter.maximum().toBigIntegerExact())
                    .zip(Generate.range(0, 9), ParameterValues::integerNotation));
            case NUMBER -> Optional.of(numbers(parameter.minimum(), parameter.maximum())
                    .zip(Generate.range(0, 11), ParameterValues::numberNotation));
            case ENUM -> Optional.of(Generate.pick(parameter.values()).zip(Generate.range(0, 3), (value, form) -> switch (form) {
                case 0 -> value.toUpperCase(Locale.ROOT);
                case 1 -> Character.toUpperCase(value.charAt(0)) + value.substring(1);
                case 2 -> value + "s";
                default -> value.substring(0, value.length() - 1);
            }));
            case UUID -> Optional.of(uuids(knownIds.getOrDefault(parameter.name(), List.of()))
                    .zip(Generate.range(0, 7), ParameterValues::uuidNotation));
            case DATE_TIME -> Optional.of(dateTimes().map(ParameterValues::withSecondsAndUtc)
                    .zip(Generate.range(0, 13), ParameterValues::dateTimeNotation));
            case TEXT, ENUM_LIST -> Optional.empty();
        };
    }

    private static String integerNotation(BigInteger value, int form) {
        String digits = value.abs().toString();
        String sign = value.signum() < 0 ? "-" : "";
        return switch (form) {
            case 0 -> sign + "0x" + value.abs().toString(16);
            case 1 -> "+" + value;
            case 2 -> value + ".0";
            case 3 -> value + "e0";
            case 4 -> value + "L";
            case 5 -> sign + (digits.length() < 2 ? "_" + digits : digits.charAt(0) + "_" + digits.substring(1));
            default -> sign + otherDigits(digits, OTHER_ZEROS[form - 6]);
        };
    }

    private static String numberNotation(String json, int form) {
        BigDecimal value = new BigDecimal(json);
        String plain = value.toPlainString();
        String integerPart = value.setScale(0, RoundingMode.DOWN).toPlainString();
        return switch (form) {
            case 0 -> plain.startsWith("0.") ? plain.substring(1) : "." + plain.replace("-", "").replace(".", "");
            case 1 -> integerPart + ".";
            case 2 -> "+" + plain;
            case 3 -> (plain.startsWith("-") ? "-0" + plain.substring(1) : "0" + plain);
            case 4 -> Double.toHexString(value.doubleValue());
            case 5 -> plain + "d";
            case 6 -> plain + "f";
            case 7 -> plain.contains(".") ? plain.replace('.', ',') : plain + ",5";
            case 8 -> plain + "e";
            case 9 -> List.of("NaN", "Infinity", "-Infinity").get(Math.abs(plain.hashCode()) % 3);
            case 10 -> plain + "e+";
            default -> otherDigits(plain, OTHER_ZEROS[Math.abs(plain.hashCode()) % OTHER_ZEROS.length]);
        };
    }

    private static String uuidNotation(String uuid, int form) {
        return switch (form) {
            case 0 -> uuid.replace("-", "");
            case 1 -> "{" + uuid + "}";
            case 2 -> "urn:uuid:" + uuid;
            case 3 -> uuid.substring(0, 7) + "-" + uuid.charAt(7) + uuid.substring(9);
            case 4 -> uuid.substring(0, 35) + "g";
            case 5 -> uuid + "0";
            case 6 -> uuid + ";x=1";
            default -> Integer.parseInt(uuid.substring(0, 1), 16) + "-2-3-4-5";
        };
    }

    /** A valid date-time reduced to whole seconds in UTC, whose parts the notations below rearrange. */
    private static String withSecondsAndUtc(String dateTime) {
        return dateTime.substring(0, 19).replace('t', 'T') + "Z";
    }

    private static String dateTimeNotation(String utc, int form) {
        String date = utc.substring(0, 10);
        String time = utc.substring(11, 19);
        return switch (form) {
            case 0 -> date;
            case 1 -> date + "T" + time.substring(0, 5) + "Z";
            case 2 -> date + " " + time + "Z";
            case 3 -> date + "T" + time;
            case 4 -> date + "T" + time + "+0100";
            case 5 -> date + "T" + time + "+01";
            case 6 -> "0" + utc;
            case 7 -> "+" + utc;
            case 8 -> Long.toString(LocalDate.parse(date).toEpochDay() * 86_400L);
            case 9 -> date + "T" + time + ".1234567890Z";
            case 10 -> date.substring(0, 5) + "13" + date.substring(7) + "T" + time + "Z";
            case 11 -> date + "T24" + time.substring(2) + "Z";
            case 12 -> date + "T" + time + "+24:00";
            default -> date + "T" + time + "Z[UTC]";
        };
    }

    private Optional<Gen<List<String>>> outOfRange(DocumentParameter parameter) {
        return switch (parameter.kind()) {
            case INTEGER -> {
                BigInteger min = parameter.minimum().toBigIntegerExact();
                BigInteger max = parameter.maximum().toBigIntegerExact();
                Gen<BigInteger> below = Generate.longRange(1, 1_000).map(distance -> min.subtract(BigInteger.valueOf(distance)));
                Gen<BigInteger> above = Generate.longRange(1, 1_000).map(distance -> max.add(BigInteger.valueOf(distance)));
                Gen<BigInteger> huge = Generate.range(20, 60).map(digits -> new BigInteger("9".repeat(digits)));
                yield Optional.of(Generate.oneOf(below, above, huge, huge.map(BigInteger::negate)).map(value -> List.of(value.toString())));
            }
            case NUMBER -> {
                List<Gen<String>> beyond = new ArrayList<>(List.of(Generate.pick(List.of("1e400", "-1e400", "1e99999"))));
                if (parameter.minimum() != null) {
                    beyond.add(Generate.range(1, 1_000).map(distance -> parameter.minimum().subtract(BigDecimal.valueOf(distance, 3)).toPlainString()));
                }
                if (parameter.maximum() != null) {
                    beyond.add(Generate.range(1, 1_000).map(distance -> parameter.maximum().add(BigDecimal.valueOf(distance, 3)).toPlainString()));
                }
                yield Optional.of(Generate.pick(beyond).flatMap(Function.identity()).map(ParameterValues::single));
            }
            case TEXT -> parameter.maxLength() == null ? Optional.empty()
                    : Optional.of(text(parameter.maxLength() + 1, parameter.maxLength() + 40).map(ParameterValues::single));
            case DATE_TIME -> Optional.of(Generate.oneOf(
                            Generate.range(10_000, 300_000).map(year -> "+" + year),
                            Generate.range(10_000, 300_000).map(Object::toString),
                            Generate.range(1, 5_000).map(year -> "-%04d".formatted(year)))
                    .zip(dateTimes(), (year, valid) -> year + valid.substring(4)).map(ParameterValues::single));
            case ENUM_LIST -> parameter.maxItems() == Integer.MAX_VALUE ? Optional.empty()
                    : Optional.of(lists().of(Generate.pick(parameter.values()))
                            .ofSizeBetween(parameter.maxItems() + 1, parameter.maxItems() + 3)
                            .zip(Generate.booleans(), (values, repeated) -> repeated ? values : List.of(String.join(",", values))));
            case ENUM, UUID -> Optional.empty();
        };
    }

    private static Gen<List<String>> emptyElements(DocumentParameter parameter) {
        Gen<String> value = Generate.pick(parameter.values());
        return value.zip(value, Generate.range(0, 4), (first, second, form) -> switch (form) {
            case 0 -> List.of(first + ",");
            case 1 -> List.of("," + first);
            case 2 -> List.of(first + ",," + second);
            case 3 -> List.of(",");
            default -> List.of(first, "");
        });
    }

    private static List<String> single(String value) {
        return List.of(value);
    }

    private static String otherDigits(String text, char zero) {
        return text.chars().mapToObj(c -> Character.isDigit(c) && c < 128 ? String.valueOf((char) (zero + (c - '0'))) : String.valueOf((char) c))
                .collect(Collectors.joining());
    }
}
