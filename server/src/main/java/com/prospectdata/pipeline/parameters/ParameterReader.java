package com.prospectdata.pipeline.parameters;

import com.prospectdata.pipeline.parameters.ContractParameters.Operation;
import com.prospectdata.pipeline.parameters.ParameterSpec.Location;
import com.prospectdata.pipeline.parameters.ReadParameters.QueryPair;
import com.prospectdata.pipeline.parameters.ValueRule.ListRule;
import com.prospectdata.core.errors.ApiException;
import jakarta.servlet.http.HttpServletRequest;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.springframework.http.server.PathContainer;
import org.springframework.http.server.RequestPath;
import org.springframework.stereotype.Component;
import org.springframework.web.util.ServletRequestPathUtils;
import org.springframework.web.util.UriUtils;

/**
 * Reads every parameter of a request for an operation, exactly as its schema says, and refuses
 * the request with one 400 naming every parameter at fault. Absent values take the schema's
 * default; empty and blank values of typed parameters are refused, not taken as absent; a
 * single-valued parameter given twice is refused rather than read by its first value.
 */
@Component
public class ParameterReader {

    private final ContractParameters contract;

    public ParameterReader(ContractParameters contract) {
        this.contract = contract;
    }

    /** The request's parameters for this operation, read once and kept on the request. */
    public ReadParameters read(HttpServletRequest request, String operationId) {
        ReadParameters read = ReadParameters.attachedTo(request);
        if (read == null) {
            Operation operation = contract.operation(operationId).orElseThrow(() -> new IllegalStateException(
                    "The operation " + operationId + " is not in the published document"));
            read = read(request, operation);
            read.attachTo(request);
        }
        return read;
    }

    private ReadParameters read(HttpServletRequest request, Operation operation) {
        Map<String, String> pathValues = pathValues(request, operation.pathTemplate());
        Map<String, Object> values = new HashMap<>();
        List<QueryPair> canonicalQuery = new ArrayList<>();
        List<String> problems = new ArrayList<>();
        String canonicalPath = operation.pathTemplate();
        for (ParameterSpec spec : operation.parameters()) {
            String[] given = spec.location() == Location.PATH
                    ? (pathValues.containsKey(spec.name()) ? new String[] {pathValues.get(spec.name())} : null)
                    : request.getParameterValues(spec.name());
            if (given == null) {
                if (spec.required()) {
                    problems.add(spec.name() + " is required: " + spec.rule().expected());
                } else if (spec.defaultValue() != null) {
                    values.put(spec.name(), spec.defaultValue());
                }
                continue;
            }
            try {
                if (spec.rule() instanceof ListRule list) {
                    List<Object> items = list.readAll(given);
                    values.put(spec.name(), items);
                    for (Object item : items) {
                        canonicalQuery.add(new QueryPair(spec.name(), list.items().canonical(item.toString(), item)));
                    }
                    continue;
                }
                if (given.length > 1) {
                    problems.add(spec.name() + " must be given once, not " + given.length + " times");
                    continue;
                }
                Object value = spec.rule().read(given[0]);
                values.put(spec.name(), value);
                String canonical = spec.rule().canonical(given[0], value);
                if (spec.location() == Location.PATH) {
                    canonicalPath = canonicalPath.replace("{" + spec.name() + "}",
                            UriUtils.encodePathSegment(canonical, StandardCharsets.UTF_8));
                } else {
                    canonicalQuery.add(new QueryPair(spec.name(), canonical));
                }
            } catch (InvalidValue invalid) {
                problems.add(invalid.sentence(spec.name(), spec.rule()) + emptiness(given));
            }
        }
        if (!problems.isEmpty()) {
            throw ApiException.validation(String.join("; ", problems));
        }
        return new ReadParameters(request, values, request.getContextPath() + canonicalPath, canonicalQuery);
    }

    /** Said of a refused value that was empty or only spaces: such a value is not taken as absent. */
    private static String emptiness(String[] given) {
        for (String value : given) {
            if (value != null && value.isEmpty()) {
                return " (the value is empty)";
            }
            if (value != null && value.isBlank()) {
                return " (the value is blank)";
            }
        }
        return "";
    }

    /**
     * The path parameters as sent: each segment of the request's own path, percent-decoded,
     * matrix parameters ({@code ;x=1}) included, so that a value the router ignores part of is
     * read whole and refused. A segment that does not decode is read as null and refused.
     */
    private static Map<String, String> pathValues(HttpServletRequest request, String template) {
        Map<String, String> values = new HashMap<>();
        if (!template.contains("{")) {
            return values;
        }
        RequestPath path = ServletRequestPathUtils.hasParsedRequestPath(request)
                ? ServletRequestPathUtils.getParsedRequestPath(request)
                : ServletRequestPathUtils.parseAndCache(request);
        List<String> segments = path.pathWithinApplication().elements().stream()
                .filter(PathContainer.PathSegment.class::isInstance)
                .map(PathContainer.Element::value)
                .toList();
        List<String> templateSegments = List.of(template.substring(1).split("/"));
        for (int i = 0; i < templateSegments.size() && i < segments.size(); i++) {
            String segment = templateSegments.get(i);
            if (segment.startsWith("{") && segment.endsWith("}")) {
                values.put(segment.substring(1, segment.length() - 1), decode(segments.get(i)));
            }
        }
        return values;
    }

    private static String decode(String rawSegment) {
        try {
            return UriUtils.decode(rawSegment, StandardCharsets.UTF_8);
        } catch (IllegalArgumentException brokenEscape) {
            return rawSegment;
        }
    }
}
