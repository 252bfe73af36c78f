package com.prospectdata.testing;

import java.nio.charset.StandardCharsets;
import java.util.Collections;
import java.util.Map;
import java.util.TreeMap;
import org.jspecify.annotations.Nullable;

/**
 * A request and the response it got, as the checks both tiers share see them
 * ({@link ContractInvariants}, {@link DeclaredStatusCoverage}): each tier builds one from its own
 * client's types, the web tier from MockMvc's, the jar tier from REST Assured's.
 *
 * @param method  the request's method, e.g. {@code GET}
 * @param rawPath the request's path as sent, still percent-encoded
 * @param rawQuery the request's query as sent, or null when it has none
 * @param status  the response's status
 * @param headers the first value of each response header; looked up whatever the case of the name
 * @param body    the body as a client reads it: a gzip-encoded one unzipped
 */
public record Exchange(String method, String rawPath, @Nullable String rawQuery, int status, Map<String, String> headers,
                       byte[] body) {

    public Exchange {
        Map<String, String> caseInsensitive = new TreeMap<>(String.CASE_INSENSITIVE_ORDER);
        caseInsensitive.putAll(headers);
        headers = Collections.unmodifiableMap(caseInsensitive);
    }

    /** The header's first value, or null when the response has none. */
    public @Nullable String header(String name) {
        return headers.get(name);
    }

    public String bodyText() {
        return new String(body, StandardCharsets.UTF_8);
    }

    /** {@code GET /api/v1/companies/x?limit=5 -> 404}: what a failure message names. */
    public String describe() {
        return method + " " + rawPath + (rawQuery == null ? "" : "?" + rawQuery) + " -> " + status;
    }

    @Override
    public String toString() {
        return describe();
    }
}
