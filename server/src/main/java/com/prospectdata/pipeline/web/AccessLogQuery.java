package com.prospectdata.pipeline.web;

import java.net.URLDecoder;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.StringJoiner;

/**
 * The query string as the access log shows it (docs/OPERATIONS.md, "Logs"): as the client sent
 * it, printable ASCII, at most {@value #MAX_LENGTH} characters, except that each value of
 * {@code search} keeps only its first {@value #SEARCH_KEPT} characters followed by "…": a
 * free-text search can name a person and be long, and the log needs only enough of it to tell
 * two requests apart.
 */
final class AccessLogQuery {

    static final int MAX_LENGTH = 512;
    static final int SEARCH_KEPT = 3;
    private static final String SHORTENED = "search";

    private AccessLogQuery() {
    }

    /** The query to log, or null when the request has none. */
    static String shortened(String rawQuery) {
        if (rawQuery == null || rawQuery.isEmpty()) {
            return null;
        }
        StringJoiner parameters = new StringJoiner("&");
        for (String parameter : rawQuery.split("&", -1)) {
            int equals = parameter.indexOf('=');
            String name = equals < 0 ? parameter : parameter.substring(0, equals);
            parameters.add(equals >= 0 && SHORTENED.equals(name)
                    ? name + "=" + shortenedValue(parameter.substring(equals + 1)) : parameter);
        }
        return printable(parameters.toString(), MAX_LENGTH);
    }

    private static String shortenedValue(String encoded) {
        String value;
        try {
            value = URLDecoder.decode(encoded, StandardCharsets.UTF_8);
        } catch (IllegalArgumentException malformed) {
            return "…";
        }
        if (value.codePointCount(0, value.length()) <= SEARCH_KEPT) {
            return encoded;
        }
        String kept = value.substring(0, value.offsetByCodePoints(0, SEARCH_KEPT));
        return URLEncoder.encode(kept, StandardCharsets.UTF_8) + "…";
    }

    /** At most {@code limit} code points, each outside printable ASCII (and not "…") as {@code ?}. */
    static String printable(String value, int limit) {
        return value.codePoints().limit(limit)
                .map(c -> (c >= 0x20 && c < 0x7f) || c == '…' ? c : '?')
                .collect(StringBuilder::new, StringBuilder::appendCodePoint, StringBuilder::append).toString();
    }
}
