package com.prospectdata.pipeline.web;

import com.prospectdata.core.openapi.OpenApiDocument;
import java.util.List;
import java.util.Optional;
import org.springframework.http.server.PathContainer;
import org.springframework.stereotype.Component;
import org.springframework.web.util.pattern.PathPattern;
import org.springframework.web.util.pattern.PathPatternParser;

/**
 * The documented paths, for a 404 that can say what was probably meant: a path that differs
 * from one of them only by its trailing slash ({@code /api/v1/companies} for the list, as
 * other APIs write paths) is named in the message, as the document writes it.
 */
@Component
class RouteHints {

    private record Route(String template, PathPattern pattern) {
    }

    private final List<Route> routes;

    RouteHints(OpenApiDocument document) {
        PathPatternParser parser = new PathPatternParser();
        this.routes = OpenApiDocument.asMap(document.tree().get("paths"), "paths").keySet().stream()
                .map(template -> new Route(template, parser.parse(template)))
                .toList();
    }

    /** The documented path this one was probably meant to be, with a word on the difference. */
    Optional<String> hintFor(String path) {
        boolean slashed = path.endsWith("/");
        String toggled = slashed ? path.substring(0, path.length() - 1) : path + "/";
        if (toggled.isEmpty()) {
            return Optional.empty();
        }
        PathContainer candidate = PathContainer.parsePath(toggled);
        return routes.stream()
                .filter(route -> route.pattern().matches(candidate))
                .findFirst()
                .map(route -> "the path is " + route.template() + (slashed ? ", without" : ", with") + " the trailing slash");
    }
}
