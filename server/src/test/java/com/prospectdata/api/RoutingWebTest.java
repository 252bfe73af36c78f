package com.prospectdata.api;

import static org.assertj.core.api.Assertions.assertThat;

import com.prospectdata.testing.Fixture;
import com.prospectdata.webtier.Answer;
import com.prospectdata.webtier.WebTierTest;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;
import org.springframework.http.HttpMethod;
import tools.jackson.databind.JsonNode;

/**
 * Requests the document has no operation for (its Errors section): an unknown route is 404
 * NOT_FOUND, another method on a GET route (the API's, and the served contract's) is 405
 * METHOD_NOT_ALLOWED with an Allow header. The validator has no response schema for these; the
 * error shape is checked here and by ContractInvariants. TRACE, which the servlet container
 * answers before the application, is the jar tier's (RoutingJarTest).
 */
class RoutingWebTest extends WebTierTest {

    /** The served contract's routes (the jar tier's ServedContractJarTest reads them over HTTPS). */
    static final List<String> SERVED_CONTRACT = List.of(
            "/openapi.yaml", "/openapi.json", "/docs", "/docs/redoc.standalone.js", "/docs/reference.js");

    private static void assertErrorShape(Answer response, int status, String code) {
        assertThat(response.status()).as("%s", response).isEqualTo(status);
        assertThat(response.contentType()).startsWith("application/json");
        JsonNode body = response.json();
        assertThat(body.isObject()).isTrue();
        assertThat(body.get("error").isString()).isTrue();
        assertThat(body.get("error").stringValue()).isEqualTo(code);
        assertThat(body.get("message").isString()).isTrue();
        assertThat(body.get("message").stringValue()).isNotBlank();
    }

    @ParameterizedTest
    @ValueSource(strings = {
            "/api/v1/no-such-thing",
            "/api/v1/companies/" + Fixture.COMPANY_NORDLICHT + "/contacts",
            "/api/v1/companies/" + Fixture.COMPANY_NORDLICHT + "/jobs/summary/latest",
            "/api/v1/companies/" + Fixture.COMPANY_NORDLICHT + "/webtech-intel/summary/x",
            "/api/v1/prospect-searches/" + Fixture.SEARCH_MAIN + "/companies",
            "/api/v2/companies/?prospect_search_id=" + Fixture.SEARCH_MAIN,
            "/api/companies/",
            "/no-such-thing",
            "/",
            "/health/details",
            // Of the served contract, only what the reference page needs is served: not the rest
            // of the webjar, not its source maps, not the jar's copy of the document.
            "/docs/",
            "/docs/redoc.standalone.js.map",
            "/docs/redoc.lib.js",
            "/webjars/redoc/2.5.1/redoc.standalone.js",
            "/META-INF/resources/webjars/redoc/2.5.1/redoc.standalone.js",
            "/static-contract/openapi.yaml",
            "/apidocs/reference.html",
            "/openapi.yml",
            "/openapi",
    })
    void anUnknownRouteIsNotFoundAsJson(String path) throws Exception {
        assertErrorShape(fetch(path), 404, "NOT_FOUND");
    }

    static Stream<Arguments> routesAndMethods() {
        List<String> routes = List.of(
                "/api/v1/companies/?prospect_search_id=" + Fixture.SEARCH_MAIN,
                "/api/v1/companies/" + Fixture.COMPANY_NORDLICHT,
                "/api/v1/companies/" + Fixture.COMPANY_NORDLICHT + "/jobs",
                "/api/v1/companies/" + Fixture.COMPANY_NORDLICHT + "/jobs/summary",
                "/api/v1/companies/" + Fixture.COMPANY_NORDLICHT + "/webtech-intel",
                "/api/v1/companies/" + Fixture.COMPANY_NORDLICHT + "/webtech-intel/summary",
                "/health");
        // OPTIONS too: every route answers it 405 like the others (GetOnlyFilter, with CORS off).
        return Stream.concat(routes.stream(), SERVED_CONTRACT.stream())
                .flatMap(route -> Stream.of(HttpMethod.POST, HttpMethod.PUT, HttpMethod.DELETE, HttpMethod.PATCH, HttpMethod.OPTIONS)
                        .map(method -> Arguments.of(method, route)));
    }

    @ParameterizedTest(name = "{0} {1}")
    @MethodSource("routesAndMethods")
    void anotherMethodOnAGetRouteIsNotAllowed(HttpMethod method, String route) throws Exception {
        Answer response = send(request(method, route).header("Authorization", "Bearer " + key)
                .contentType("application/json").content("{}"));

        assertErrorShape(response, 405, "METHOD_NOT_ALLOWED");
        assertThat(allowed(response.header("Allow"))).as("every route answers GET and HEAD").containsExactly("GET", "HEAD");
        assertThat(response.json().get("message").stringValue()).startsWith("Method " + method.name() + " ");
    }

    private static List<String> allowed(String header) {
        return Arrays.stream(header.split(",")).map(String::strip).toList();
    }

    /** A path that misses only its trailing slash, or has one too many, is named as the document writes it. */
    @ParameterizedTest
    @CsvSource({
            "/api/v1/companies, '/api/v1/companies/, with the trailing slash'",
            "/api/v1/companies?prospect_search_id=" + Fixture.SEARCH_MAIN + ", '/api/v1/companies/, with the trailing slash'",
            "/api/v1/companies/" + Fixture.COMPANY_NORDLICHT + "/jobs/, '/api/v1/companies/{company_id}/jobs, without the trailing slash'"})
    void aPathOffByItsTrailingSlashIsNamedInTheNotFound(String path, String hint) throws Exception {
        Answer response = fetch(path);

        assertErrorShape(response, 404, "NOT_FOUND");
        assertThat(response.json().get("message").stringValue()).contains("the path is " + hint);
    }
}
