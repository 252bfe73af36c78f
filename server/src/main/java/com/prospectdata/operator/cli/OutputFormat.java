package com.prospectdata.operator.cli;

import com.prospectdata.operator.importer.ImportCounts;
import java.io.PrintStream;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import org.jspecify.annotations.Nullable;
import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.Option;
import picocli.CommandLine.TypeConversionException;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.SerializationFeature;
import tools.jackson.databind.json.JsonMapper;

/**
 * {@code -o}/{@code --output text|json}, as kubectl and gh have it: {@code text} (the default)
 * for people, {@code json} for scripts: one JSON document on stdout (an object, or an array for a
 * list), keys in snake_case, times in RFC 3339 UTC to the second, {@code null} where there is
 * none. Failures stay one line on stderr either way (docs/OPERATIONS.md, "The command line for
 * scripts").
 */
final class OutputFormat {

    enum Format { TEXT, JSON }

    @Option(names = {"-o", "--output"}, paramLabel = "FORMAT", defaultValue = "text", converter = FormatConverter.class,
            description = "text (the default) or json: one JSON document on stdout, for scripts.")
    Format format = Format.TEXT;

    boolean json() {
        return format == Format.JSON;
    }

    /** Writes one document to stdout: maps, lists, strings, numbers, booleans and nulls. */
    static void print(Object document) {
        PrintStream out = System.out;
        try {
            out.println(JsonMapper.builder().enable(SerializationFeature.INDENT_OUTPUT).build().writeValueAsString(document));
        } catch (JacksonException e) {
            throw new IllegalStateException("could not write the JSON output: " + e.getOriginalMessage(), e);
        }
        out.flush();
    }

    /** An object of the JSON output from its keys and values in turn, in that order; a value may be null. */
    static Map<String, @Nullable Object> object(@Nullable Object... keysAndValues) {
        Map<String, @Nullable Object> object = new LinkedHashMap<>();
        for (int i = 0; i < keysAndValues.length; i += 2) {
            object.put(String.valueOf(keysAndValues[i]), keysAndValues[i + 1]);
        }
        return object;
    }

    /** Rows written, by table, and their total: what an import or a demo load reports. */
    static Map<String, @Nullable Object> counts(ImportCounts counts) {
        return object("total", counts.total(), "organizations", counts.organizations(),
                "prospect_searches", counts.prospectSearches(), "companies", counts.companies(),
                "contacts", counts.contacts(), "jobs", counts.jobs(), "webtech_scans", counts.webtechScans(),
                "technologies", counts.technologies(), "removed_companies", counts.removedCompanies());
    }

    /** A duration in seconds, to the millisecond. */
    static double seconds(Duration duration) {
        return duration.toMillis() / 1000.0;
    }

    /** A time as the JSON output writes it: RFC 3339, UTC, whole seconds; null for none. */
    static @Nullable String time(@Nullable Instant instant) {
        return instant == null ? null : instant.truncatedTo(ChronoUnit.SECONDS).toString();
    }

    static Format parse(String text) {
        return named(text).orElseThrow(
                () -> new TypeConversionException("'" + text + "' is not an output format: write text or json"));
    }

    /** The format this names, in any case; empty for any other text. */
    static Optional<Format> named(String text) {
        return switch (text.toLowerCase(Locale.ROOT)) {
            case "text" -> Optional.of(Format.TEXT);
            case "json" -> Optional.of(Format.JSON);
            default -> Optional.empty();
        };
    }

    static final class FormatConverter implements ITypeConverter<Format> {
        @Override
        public Format convert(String text) {
            return parse(text);
        }
    }
}
