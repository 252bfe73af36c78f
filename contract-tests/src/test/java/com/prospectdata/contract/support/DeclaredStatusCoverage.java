package com.prospectdata.contract.support;

import io.restassured.filter.Filter;
import io.restassured.filter.FilterContext;
import io.restassured.response.Response;
import io.restassured.specification.FilterableRequestSpecification;
import io.restassured.specification.FilterableResponseSpecification;
import io.swagger.v3.oas.models.OpenAPI;
import io.swagger.v3.oas.models.PathItem;
import io.swagger.v3.parser.OpenAPIV3Parser;
import io.swagger.v3.parser.core.models.ParseOptions;
import io.swagger.v3.parser.core.models.SwaggerParseResult;
import java.net.URI;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Which (operation, status) pairs of api/openapi.yaml the tests have received. Every response
 * that comes back through {@link Api} and has passed the OpenAPI validator and
 * {@link ContractInvariants} is recorded under the operation its method and path match; at the
 * end of the run, DeclaredStatusCoverageJarTest requires every status of {@link #JAR_TIER} that
 * an operation declares to have been received at least once.
 *
 * <p>The two tiers share the gate: the statuses a request and the data decide are the
 * in-process web tier's ({@link #WEB_TIER}, required by the server module's
 * webtier/DeclaredStatusCoverageWebTest); those of rate limiting over time, of faults and
 * outages of the database and of overload are this tier's. The server module's
 * webtier/DeclaredStatusCoverage holds the same two sets. A status the document declares must
 * be in one of them, or both gates fail, so no declared status goes untested.
 */
public final class DeclaredStatusCoverage {

    /** The statuses the in-process web tier must receive (the server module's webtier/DeclaredStatusCoverage). */
    public static final Set<String> WEB_TIER = Set.of("200", "304", "400", "401", "403", "404", "410");
    /** The statuses this tier must receive from every operation that declares them. */
    public static final Set<String> JAR_TIER = Set.of("200", "429", "500", "503");

    /** An operation of the document and the statuses it declares. */
    public record DeclaredOperation(String method, String pathTemplate, String operationId, List<String> statuses,
                                    Pattern path) {

        boolean matches(String requestMethod, String requestPath) {
            return method.equalsIgnoreCase(requestMethod) && path.matcher(requestPath).matches();
        }
    }

    /** A status received from an operation. */
    public record Received(String operationId, String status) {
    }

    private static final Pattern TEMPLATE_PARAMETER = Pattern.compile("\\{[^}/]+}");
    private static final Set<Received> RECEIVED = ConcurrentHashMap.newKeySet();
    private static final Filter RECORDER = new Recorder();
    private static volatile List<DeclaredOperation> declared;

    private DeclaredStatusCoverage() {
    }

    /** The filter that records; outermost in {@link Api}, so only validated responses count. */
    static Filter recorder() {
        return RECORDER;
    }

    /** What the tests of this run have received so far. */
    public static Set<Received> received() {
        return Set.copyOf(RECEIVED);
    }

    /** The operations of api/openapi.yaml, in document order. */
    public static List<DeclaredOperation> declaredOperations() {
        List<DeclaredOperation> operations = declared;
        if (operations == null) {
            synchronized (DeclaredStatusCoverage.class) {
                if (declared == null) {
                    declared = parse(Api.documentUri());
                }
                operations = declared;
            }
        }
        return operations;
    }

    /** The operation of the document a request matches, if any. */
    public static Optional<DeclaredOperation> operationOf(String method, String rawPath) {
        return declaredOperations().stream().filter(operation -> operation.matches(method, rawPath)).findFirst();
    }

    /**
     * The pairs of this tier missing from {@code received}, one line each, e.g.
     * {@code listCompanies (GET /api/v1/companies/): 429}, and every declared status that
     * neither tier takes.
     */
    public static List<String> missing(Collection<Received> received) {
        List<String> missing = new ArrayList<>();
        for (DeclaredOperation operation : declaredOperations()) {
            for (String status : operation.statuses()) {
                String pair = operation.operationId() + " (" + operation.method() + " " + operation.pathTemplate() + "): " + status;
                if (!WEB_TIER.contains(status) && !JAR_TIER.contains(status)) {
                    missing.add(pair + ", which neither tier's gate requires: add it to WEB_TIER or JAR_TIER (both modules)");
                } else if (JAR_TIER.contains(status) && !received.contains(new Received(operation.operationId(), status))) {
                    missing.add(pair);
                }
            }
        }
        return missing;
    }

    private static List<DeclaredOperation> parse(String documentUri) {
        ParseOptions options = new ParseOptions();
        options.setResolve(true);
        SwaggerParseResult result = new OpenAPIV3Parser().readLocation(documentUri, null, options);
        OpenAPI document = result.getOpenAPI();
        if (document == null || document.getPaths() == null) {
            throw new IllegalStateException("Could not read " + documentUri + ": " + result.getMessages());
        }
        List<DeclaredOperation> operations = new ArrayList<>();
        for (Map.Entry<String, PathItem> path : document.getPaths().entrySet()) {
            for (Map.Entry<PathItem.HttpMethod, io.swagger.v3.oas.models.Operation> entry
                    : path.getValue().readOperationsMap().entrySet()) {
                io.swagger.v3.oas.models.Operation operation = entry.getValue();
                String method = entry.getKey().name().toUpperCase(Locale.ROOT);
                String id = operation.getOperationId() != null ? operation.getOperationId() : method + " " + path.getKey();
                List<String> statuses = operation.getResponses() == null ? List.of()
                        : operation.getResponses().keySet().stream().sorted(Comparator.naturalOrder()).toList();
                operations.add(new DeclaredOperation(method, path.getKey(), id, statuses, pathPattern(path.getKey())));
            }
        }
        return List.copyOf(operations);
    }

    /** {@code /api/v1/companies/{company_id}/jobs} matches a path with one non-empty segment in place of the parameter. */
    private static Pattern pathPattern(String template) {
        StringBuilder regex = new StringBuilder();
        Matcher parameter = TEMPLATE_PARAMETER.matcher(template);
        int end = 0;
        while (parameter.find()) {
            regex.append(Pattern.quote(template.substring(end, parameter.start()))).append("[^/]+");
            end = parameter.end();
        }
        regex.append(Pattern.quote(template.substring(end)));
        return Pattern.compile(regex.toString());
    }

    private static final class Recorder implements Filter {
        @Override
        public Response filter(FilterableRequestSpecification request, FilterableResponseSpecification responseSpec,
                               FilterContext context) {
            // Inner filters throw when the response breaks the document or the invariants: then nothing is recorded.
            Response response = context.next(request, responseSpec);
            String rawPath;
            try {
                rawPath = URI.create(request.getURI()).getRawPath();
            } catch (IllegalArgumentException unparsable) {
                return response;
            }
            operationOf(request.getMethod(), rawPath).ifPresent(operation ->
                    RECEIVED.add(new Received(operation.operationId(), Integer.toString(response.statusCode()))));
            return response;
        }
    }
}
