package com.prospectdata.paging;

import jakarta.servlet.http.HttpServletRequest;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.springframework.http.HttpHeaders;
import org.springframework.http.ResponseEntity;
import org.springframework.web.context.request.RequestContextHolder;
import org.springframework.web.context.request.ServletRequestAttributes;

/**
 * The {@code Link} header of a list response (RFC 8288): {@code rel="next"} when more items
 * follow, {@code rel="prev"} when the page does not start at 0. Each target is the request's own
 * URL with only {@code offset} changed; the caller's other parameters are kept byte for byte, as
 * they were encoded, so following a link repeats exactly the same query.
 */
public final class PageLinks {

    private PageLinks() {
    }

    /** A 200 for the current request's page, with its {@code Link} header when it has neighbours. */
    public static ResponseEntity.BodyBuilder ok(PageRequest page, int returned, long total) {
        HttpServletRequest request = ((ServletRequestAttributes) RequestContextHolder.currentRequestAttributes()).getRequest();
        ResponseEntity.BodyBuilder ok = ResponseEntity.ok();
        of(request, page, returned, total).ifPresent(links -> ok.header(HttpHeaders.LINK, links));
        return ok;
    }

    static Optional<String> of(HttpServletRequest request, PageRequest page, int returned, long total) {
        List<String> links = new ArrayList<>(2);
        if (page.hasMore(returned, total)) {
            links.add(link(request, (long) page.offset() + page.limit(), "next"));
        }
        if (page.offset() > 0) {
            links.add(link(request, Math.max(0, page.offset() - page.limit()), "prev"));
        }
        return links.isEmpty() ? Optional.empty() : Optional.of(String.join(", ", links));
    }

    private static String link(HttpServletRequest request, long offset, String relation) {
        StringBuilder target = new StringBuilder(request.getRequestURL()).append('?');
        String query = request.getQueryString();
        if (query != null) {
            for (String pair : query.split("&")) {
                if (!pair.isEmpty() && !isOffset(pair)) {
                    target.append(pair).append('&');
                }
            }
        }
        target.append("offset=").append(offset);
        return "<" + target + ">; rel=\"" + relation + "\"";
    }

    private static boolean isOffset(String pair) {
        String name = pair.split("=", 2)[0];
        try {
            return URLDecoder.decode(name, StandardCharsets.UTF_8).equals("offset");
        } catch (IllegalArgumentException malformedEscape) {
            return false; // not the offset Spring read either
        }
    }
}
