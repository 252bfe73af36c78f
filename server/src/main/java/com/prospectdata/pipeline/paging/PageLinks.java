package com.prospectdata.pipeline.paging;

import com.prospectdata.pipeline.RequestContext;
import com.prospectdata.pipeline.parameters.ReadParameters;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.BiFunction;
import org.jspecify.annotations.Nullable;
import org.springframework.http.HttpHeaders;
import org.springframework.http.ResponseEntity;
import org.springframework.stereotype.Component;

/**
 * The {@code Link} header of a list response (RFC 8288): {@code rel="next"} when more items
 * follow, {@code rel="prev"} when the page does not start at 0. Each target is this request's
 * URL rebuilt from what the API read: the operation's own parameters as the caller gave them,
 * written canonically, with only {@code offset} changed, after {@code app.public-base-url} or,
 * without it, the scheme, host and port the request named. Unknown parameters are not copied, so
 * the header's length is bounded by the document's own limits, whatever the request carried.
 */
@Component
public class PageLinks {

    private static final String OFFSET = "offset";
    private static final String CURSOR = "cursor";

    /** Null when the links start with each request's own origin. */
    private final @Nullable String publicBaseUrl;
    private final Cursors cursors;

    PageLinks(LinkProperties settings, Cursors cursors) {
        this.publicBaseUrl = settings.origin().orElse(null);
        this.cursors = cursors;
    }

    /**
     * A 200 for the request's page, with its {@code Link} header when it has neighbours, and the
     * list's envelope as the body: {@code envelope} is given the page and its {@code next_cursor}
     * (null when nothing follows).
     */
    public <T, B> ResponseEntity<B> ok(RequestContext request, Page<T> page, BiFunction<Page<T>, @Nullable String, B> envelope) {
        ResponseEntity.BodyBuilder ok = ResponseEntity.ok();
        ReadParameters parameters = request.parameters();
        @Nullable String next = page.hasMore() ? cursors.next(request, page) : null;
        of(publicBaseUrl != null ? publicBaseUrl : parameters.requestOrigin(), parameters, page, next)
                .ifPresent(links -> ok.header(HttpHeaders.LINK, links));
        return ok.body(envelope.apply(page, next));
    }

    static Optional<String> of(String origin, ReadParameters parameters, Page<?> page, @Nullable String nextCursor) {
        List<String> links = new ArrayList<>(2);
        if (page.hasMore() && nextCursor != null) {
            links.add(page.request().cursorPosition().isPresent()
                    ? link(origin, parameters, CURSOR, nextCursor, "next")
                    : link(origin, parameters, OFFSET, Long.toString((long) page.offset() + page.limit()), "next"));
        }
        if (page.hasPrevious()) {
            links.add(link(origin, parameters, OFFSET, Long.toString(Math.max(0, page.offset() - page.limit())), "prev"));
        }
        return links.isEmpty() ? Optional.empty() : Optional.of(String.join(", ", links));
    }

    private static String link(String origin, ReadParameters parameters, String name, String value, String relation) {
        return "<" + origin + parameters.pathAndQueryWith(name, value) + ">; rel=\"" + relation + "\"";
    }
}
