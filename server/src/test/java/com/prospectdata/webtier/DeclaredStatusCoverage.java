package com.prospectdata.webtier;

import io.swagger.v3.oas.models.OpenAPI;
import io.swagger.v3.oas.models.PathItem;
import io.swagger.v3.parser.OpenAPIV3Parser;
import io.swagger.v3.parser.core.models.ParseOptions;
import io.swagger.v3.parser.core.models.SwaggerParseResult;
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
import org.springframework.test.web.servlet.MvcResult;
import org.springframework.test.web.servlet.ResultMatcher;

/**
 * Which (operation, status) pairs of api/openapi.yaml the web tier has received. Every MockMvc
 * response that has passed {@link DocumentValidation} and {@link ContractInvariants} is recorded
 * under the operation its method and path match ({@link ValidationConfiguration} adds the
 * recorder after both); at the end of the server module's run, {@link DeclaredStatusCoverageWebTest}
 * requires every status of {@link #WEB_TIER} that an operation declares to have been received.
 *
 * <p>The two tiers share the gate: the statuses a request and the data decide are the web
 * tier's ({@link #WEB_TIER}); those of rate limiting over time, of faults and outages of the
 * database and of overload are the jar tier's ({@link #JAR_TIER}), required by contract-tests'
 * DeclaredStatusCoverageJarTest, whose support/DeclaredStatusCoverage holds the same two sets.
 * A status the document declares must be in one of them, or both gates fail.
 */
public final class DeclaredStatusCoverage {

    /** The statuses this tier must receive from every operation that declares them. */
    public static final Set<String> WEB_TIER = Set.of("200", "304", "400", "401", "403", "404", "410");
    /** The statuses the jar tier must receive (contract-tests' support/DeclaredStatusCoverage). */
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
    private static volatile List<DeclaredOperation> declared;

    private DeclaredStatusCoverage() {
    }

    /** Records the exchange; last of the MockMvc's expectations, so only checked responses count. */
    static ResultMatcher recorder() {
        return DeclaredStatusCoverage::record;
    }

    private static void record(MvcResult result) {
        if (result.getRequest().isAsyncStarted()) {
            // A stream's status is taken when its asynchronous dispatch has completed it.
            return;
        }
        String path = result.getRequest().getRequestURI();
        operationOf(result.getRequest().getMethod(), path).ifPresent(operation ->
                RECEIVED.add(new Received(operation.operationId(), Integer.toString(result.getResponse().getStatus()))));
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
                    declared = parse(OpenApiDocument.text());
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
     * {@code listCompanies (GET /api/v1/companies/): 304}, and every declared status that
     * neither tier takes.
     */
    public static List<String> missing(Collection<Received> received) {
        List<String> missing = new ArrayList<>();
        for (DeclaredOperation operation : declaredOperations()) {
            for (String status : operation.statuses()) {
                String pair = operation.operationId() + " (" + operation.method() + " " + operation.pathTemplate() + "): " + status;
                if (!WEB_TIER.contains(status) && !JAR_TIER.contains(status)) {
                    missing.add(pair + ", which neither tier's gate requires: add it to WEB_TIER or JAR_TIER (both modules)");
                } else if (WEB_TIER.contains(status) && !received.contains(new Received(operation.operationId(), status))) {
                    missing.add(pair);
                }
            }
        }
        return missing;
    }

    private static List<DeclaredOperation> parse(String text) {
        ParseOptions options = new ParseOptions();
        options.setResolve(true);
        SwaggerParseResult result = new OpenAPIV3Parser().readContents(text, null, options);
        OpenAPI document = result.getOpenAPI();
        if (document == null || document.getPaths() == null) {
            throw new IllegalStateException("Could not read " + OpenApiDocument.RESOURCE + ": " + result.getMessages());
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
}
