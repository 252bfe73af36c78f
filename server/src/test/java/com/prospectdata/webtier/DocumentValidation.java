package com.prospectdata.webtier;

import com.atlassian.oai.validator.OpenApiInteractionValidator;
import com.atlassian.oai.validator.mockmvc.MockMvcRequest;
import com.atlassian.oai.validator.mockmvc.MockMvcResponse;
import com.atlassian.oai.validator.model.Request;
import com.atlassian.oai.validator.model.Response;
import com.atlassian.oai.validator.model.SimpleRequest;
import com.atlassian.oai.validator.model.SimpleResponse;
import com.atlassian.oai.validator.report.LevelResolver;
import com.atlassian.oai.validator.report.SimpleValidationReportFormat;
import com.atlassian.oai.validator.report.ValidationReport;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.zip.GZIPInputStream;
import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpMethod;
import org.springframework.mock.web.MockHttpServletRequest;
import org.springframework.mock.web.MockHttpServletResponse;
import org.springframework.test.web.servlet.MvcResult;
import org.springframework.test.web.servlet.ResultMatcher;
import org.springframework.test.web.servlet.request.RequestPostProcessor;

/**
 * Checks a MockMvc exchange against api/openapi.yaml with the contract tests' validator and
 * set-up (contract-tests' ContractValidation): {@link ValidationConfiguration} adds it to every
 * MockMvc of a test with {@code @AutoConfigureMockMvc}, so no test can leave it out. Only the
 * document's paths are checked ({@code /api/v1}, {@code /health}); the served contract and the
 * reference page are not in it.
 *
 * <p>The response is always validated; the request too only when the server accepted it (2xx,
 * 304). A request refused with 400, 401 or 403 is mostly wrong on purpose, and validating it would
 * fail the test for the very thing it tests: the contract tests' split between their strict and
 * responses-only filters.
 */
public final class DocumentValidation implements ResultMatcher {

    /**
     * A request the document has no operation for (an unknown route, another method): its
     * response has no schema to be held to. Reported, not failed, so that such an exchange is
     * told apart from one that was validated; the strict level still fails it when it is a 2xx.
     */
    private static final List<String> NO_OPERATION =
            List.of("validation.request.path.missing", "validation.request.operation.notAllowed");

    private static final OpenApiInteractionValidator STRICT = validator(LevelResolver.create().build());
    private static final OpenApiInteractionValidator RESPONSES_ONLY = validator(LevelResolver.create()
            .withLevel("validation.request", ValidationReport.Level.IGNORE)
            .withLevel(NO_OPERATION.get(0), ValidationReport.Level.INFO)
            .withLevel(NO_OPERATION.get(1), ValidationReport.Level.INFO)
            .build());

    private static final String RESPONSE_ONLY_ATTRIBUTE = DocumentValidation.class.getName() + ".responseOnly";

    /** Exchanges held to an operation of the document in this JVM: the self-test sees the hook work. */
    private static final AtomicInteger VALIDATED = new AtomicInteger();

    /** A stream's exchange is checked when its asynchronous dispatch has completed it, not when its handler returned. */
    @Override
    public void match(MvcResult result) {
        if (!result.getRequest().isAsyncStarted()) {
            validate(result.getRequest(), result.getResponse());
        }
    }

    private static boolean emptyLines(MockHttpServletResponse response) {
        return response.getStatus() == 200 && response.getContentType() != null
                && response.getContentType().startsWith("application/x-ndjson") && response.getContentAsByteArray().length == 0;
    }

    /** Fails with the validator's report when the exchange breaks the document. */
    static void validate(MockHttpServletRequest servletRequest, MockHttpServletResponse servletResponse) {
        String path = servletRequest.getRequestURI();
        if (!path.startsWith("/api/v1") && !path.startsWith("/health")) {
            return;
        }
        int status = servletResponse.getStatus();
        boolean accepted = (status / 100 == 2 || status == 304) && servletRequest.getAttribute(RESPONSE_ONLY_ATTRIBUTE) == null;
        boolean head = HttpMethod.HEAD.matches(servletRequest.getMethod());
        ValidationReport report = (accepted ? STRICT : RESPONSES_ONLY)
                .validate(request(servletRequest, head), response(servletResponse));
        List<ValidationReport.Message> errors = report.getMessages().stream()
                .filter(message -> message.getLevel() == ValidationReport.Level.ERROR)
                // The document declares GET alone and says a HEAD is answered as the GET without
                // the body: a HEAD is held to its GET, whose schema it rightly carries no body for.
                .filter(message -> !(head && message.getKey().equals("validation.response.body.missing")))
                // An export of no company is a body of no line: the validator takes no body for none.
                .filter(message -> !(emptyLines(servletResponse) && message.getKey().equals("validation.response.body.missing")))
                .toList();
        if (!errors.isEmpty()) {
            throw new AssertionError(servletRequest.getMethod() + " " + path
                    + (servletRequest.getQueryString() == null ? "" : "?" + servletRequest.getQueryString())
                    + " answered " + status + ", which api/openapi.yaml does not allow:\n"
                    + SimpleValidationReportFormat.getInstance().apply(ValidationReport.from(errors))
                    + "\nBody: " + body(servletResponse));
        }
        if (report.getMessages().stream().noneMatch(message -> NO_OPERATION.contains(message.getKey()))) {
            VALIDATED.incrementAndGet();
        }
    }

    /**
     * For a request the server accepts though the validator cannot read it, a form the document
     * allows in words only (a comma-separated list): its response is still validated, the request
     * is not, as the contract tests do for the same requests. Each use says why.
     */
    public static RequestPostProcessor responseOnly() {
        return request -> {
            request.setAttribute(RESPONSE_ONLY_ATTRIBUTE, Boolean.TRUE);
            return request;
        };
    }

    /** How many exchanges were validated against an operation of the document so far. */
    static int validated() {
        return VALIDATED.get();
    }

    private static OpenApiInteractionValidator validator(LevelResolver levels) {
        return OpenApiInteractionValidator.createForInlineApiSpecification(OpenApiDocument.text())
                // The document's servers are https://api.prospectdata.example...: match paths from the root.
                .withBasePathOverride("/")
                // The validator forbids properties a schema does not declare. For an allOf, it would
                // apply that to each part alone and refuse every RateLimitErrorResponse
                // (ErrorResponse + retry_after): merge the parts first.
                .withResolveCombinators(true)
                .withLevelResolver(levels)
                .build();
    }

    private static Request request(MockHttpServletRequest servletRequest, boolean head) {
        Request request = MockMvcRequest.of(servletRequest);
        if (!head) {
            return request;
        }
        SimpleRequest.Builder asGet = new SimpleRequest.Builder(Request.Method.GET, request.getPath());
        request.getHeaders().forEach((name, values) -> asGet.withHeader(name, List.copyOf(values)));
        request.getQueryParameters().forEach(name ->
                asGet.withQueryParam(name, List.copyOf(request.getQueryParameterValues(name))));
        return asGet.build();
    }

    /** The body as the client reads it: a gzip-encoded body is decoded, as REST Assured does for the contract tests. */
    private static Response response(MockHttpServletResponse servletResponse) {
        if (!gzipped(servletResponse)) {
            return MockMvcResponse.of(servletResponse);
        }
        SimpleResponse.Builder decoded = new SimpleResponse.Builder(servletResponse.getStatus())
                .withBody(body(servletResponse).getBytes(StandardCharsets.UTF_8));
        servletResponse.getHeaderNames().forEach(name -> decoded.withHeader(name, servletResponse.getHeaders(name)));
        return decoded.build();
    }

    private static String body(MockHttpServletResponse servletResponse) {
        byte[] bytes = servletResponse.getContentAsByteArray();
        if (!gzipped(servletResponse)) {
            return new String(bytes, StandardCharsets.UTF_8);
        }
        try (InputStream in = new GZIPInputStream(new ByteArrayInputStream(bytes))) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new AssertionError("Content-Encoding: gzip, but the body is not gzip", e);
        }
    }

    /** A HEAD carries the GET's Content-Encoding over no body: nothing to decode. */
    private static boolean gzipped(MockHttpServletResponse servletResponse) {
        return "gzip".equalsIgnoreCase(servletResponse.getHeader(HttpHeaders.CONTENT_ENCODING))
                && servletResponse.getContentAsByteArray().length > 0;
    }
}
