package com.prospectdata.pipeline.paging;

import com.prospectdata.pipeline.RequestContext;
import com.prospectdata.pipeline.parameters.ReadParameters;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.Function;
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

    private final Optional<String> publicBaseUrl;

    PageLinks(LinkProperties settings) {
        this.publicBaseUrl = settings.origin();
    }

    /** A 200 for the request's page, with its {@code Link} header when it has neighbours, and the list's envelope as the body. */
    public <T, B> ResponseEntity<B> ok(RequestContext request, Page<T> page, Function<Page<T>, B> envelope) {
        ResponseEntity.BodyBuilder ok = ResponseEntity.ok();
        ReadParameters parameters = request.parameters();
        of(publicBaseUrl.orElseGet(parameters::requestOrigin), parameters, page)
                .ifPresent(links -> ok.header(HttpHeaders.LINK, links));
        return ok.body(envelope.apply(page));
    }

    static Optional<String> of(String origin, ReadParameters parameters, Page<?> page) {
        List<String> links = new ArrayList<>(2);
        if (page.hasMore()) {
            links.add(link(origin, parameters, (long) page.offset() + page.limit(), "next"));
        }
        if (page.hasPrevious()) {
            links.add(link(origin, parameters, Math.max(0, page.offset() - page.limit()), "prev"));
        }
        return links.isEmpty() ? Optional.empty() : Optional.of(String.join(", ", links));
    }

    private static String link(String origin, ReadParameters parameters, long offset, String relation) {
        return "<" + origin + parameters.pathAndQueryWith(OFFSET, Long.toString(offset)) + ">; rel=\"" + relation + "\"";
    }
}
