package com.prospectdata.pipeline.parameters;

import jakarta.servlet.http.HttpServletRequest;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.springframework.web.util.UriUtils;

/**
 * The parameters of one request, read strictly from the document: the typed value of each one
 * (its default when absent), and the same request written canonically, from what was read, for
 * links to neighbouring pages. Built once per request by {@link ParameterReader}, which keeps it
 * on the request between the handler's arguments, each resolved on its own; later code reaches
 * it through the request's context (pipeline/RequestContext).
 */
public final class ReadParameters {

    private static final String ATTRIBUTE = ReadParameters.class.getName();

    /** One {@code name=value} of the canonical query, in document order. */
    record QueryPair(String name, String value) {
    }

    /** Whose origin a link names, found only when one is written: most answers have no link. */
    private final HttpServletRequest request;
    private final Map<String, Object> values;
    private final String canonicalPath;
    private final List<QueryPair> canonicalQuery;

    ReadParameters(HttpServletRequest request, Map<String, Object> values, String canonicalPath,
                   List<QueryPair> canonicalQuery) {
        this.request = request;
        this.values = values;
        this.canonicalPath = canonicalPath;
        this.canonicalQuery = List.copyOf(canonicalQuery);
    }

    /** What was read for the current request; present on every request that reached an operation. */
    public static ReadParameters of(HttpServletRequest request) {
        Object read = request.getAttribute(ATTRIBUTE);
        if (read instanceof ReadParameters parameters) {
            return parameters;
        }
        throw new IllegalStateException("The parameters of " + request.getRequestURI() + " were not read");
    }

    void attachTo(HttpServletRequest request) {
        request.setAttribute(ATTRIBUTE, this);
    }

    static ReadParameters attachedTo(HttpServletRequest request) {
        return (ReadParameters) request.getAttribute(ATTRIBUTE);
    }

    /** The typed value of a parameter (its default when absent), or null when it has neither. */
    Object value(String name) {
        return values.get(name);
    }

    /** Whether the caller gave the parameter (a default does not count). */
    public boolean given(String name) {
        return canonicalQuery.stream().anyMatch(pair -> pair.name().equals(name));
    }

    /**
     * The request as a text that names its operation's path and every parameter the caller gave
     * but those in {@code leftOut}, canonically: two requests with the same text ask for the same
     * items. A cursor is bound to it (paging/Cursors), so that the page after a cursor's lists
     * what the cursor's walk listed.
     */
    public String canonicalWithout(Set<String> leftOut) {
        StringBuilder text = new StringBuilder(canonicalPath);
        for (QueryPair pair : canonicalQuery) {
            if (!leftOut.contains(pair.name())) {
                text.append('&').append(encode(pair.name())).append('=').append(encode(pair.value()));
            }
        }
        return text.toString();
    }

    /**
     * The scheme, host and port the request named ({@code https://api.example.com}; behind a
     * trusted proxy, those it forwarded), for a URL of this API when no public base URL is set.
     */
    public String requestOrigin() {
        String url = request.getRequestURL().toString();
        return url.substring(0, url.length() - request.getRequestURI().length());
    }

    /**
     * This request's path and query as the API read them, with {@code name} set to
     * {@code value}: the parameters the caller gave, each written canonically and
     * percent-encoded, in document order; unknown parameters are left out.
     */
    public String pathAndQueryWith(String name, String value) {
        List<String> pairs = new ArrayList<>();
        for (QueryPair pair : canonicalQuery) {
            if (!pair.name().equals(name)) {
                pairs.add(encode(pair.name()) + "=" + encode(pair.value()));
            }
        }
        pairs.add(encode(name) + "=" + encode(value));
        return canonicalPath + "?" + String.join("&", pairs);
    }

    private static String encode(String text) {
        return UriUtils.encode(text, StandardCharsets.UTF_8);
    }
}
