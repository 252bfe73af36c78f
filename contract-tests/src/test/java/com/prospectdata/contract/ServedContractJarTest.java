package com.prospectdata.contract;

import static org.assertj.core.api.Assertions.assertThat;

import com.prospectdata.contract.support.Api;
import com.prospectdata.contract.support.ContractEnvironment;
import com.prospectdata.contract.support.ContractTest;
import com.prospectdata.testing.Json;
import io.restassured.RestAssured;
import io.restassured.config.DecoderConfig;
import io.restassured.config.RedirectConfig;
import io.restassured.config.RestAssuredConfig;
import io.restassured.response.Response;
import io.restassured.specification.RequestSpecification;
import java.util.Arrays;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.FieldSource;
import tools.jackson.databind.JsonNode;

/**
 * The contract as partners fetch it (docs/contract.md, "The published contract"): {@code /openapi.yaml} is api/openapi.yaml byte
 * for byte, {@code /openapi.json} the same document, {@code /docs} the reference page rendering
 * it; none needs a key. These routes are not in the document, so the requests go around
 * {@code Api} and its validator; their errors are still the contract's JSON.
 */
class ServedContractJarTest extends ContractTest {

    /** The served contract's GET routes (the web tier's RoutingWebTest answers their other methods 405, RoutingJarTest TRACE). */
    static final List<String> ROUTES = List.of(
            "/openapi.yaml", "/openapi.json", "/docs", "/docs/redoc.standalone.js", "/docs/reference.js");
    private static final Pattern SCRIPT = Pattern.compile("<script nonce=\"([^\"]+)\" src=\"([^\"]+)\"></script>");
    private static final Pattern STYLE = Pattern.compile("<style nonce=\"([^\"]+)\">");

    private static RequestSpecification request() {
        ContractEnvironment environment = environment();
        RequestSpecification request = RestAssured.given()
                .config(RestAssuredConfig.config().redirect(RedirectConfig.redirectConfig().followRedirects(false)))
                .baseUri(environment.baseUri());
        // The server's certificate is self-signed, for 127.0.0.1.
        return environment.isHttps() ? request.relaxedHTTPSValidation() : request;
    }

    @Test
    void theYamlIsThePublishedDocumentByteForByte() {
        Response response = request().get("/openapi.yaml");

        assertThat(response.statusCode()).isEqualTo(200);
        assertThat(response.header("Content-Type")).isEqualTo("application/yaml");
        assertThat(response.asByteArray())
                .as("GET /openapi.yaml must be %s exactly", Api.documentPath())
                .isEqualTo(PublishedDocument.bytes());
    }

    @Test
    void theJsonIsTheSameDocument() {
        Response response = request().get("/openapi.json");

        assertThat(response.statusCode()).isEqualTo(200);
        assertThat(response.header("Content-Type")).isEqualTo("application/json");
        JsonNode served = Json.parse(response.asByteArray());
        JsonNode published = PublishedDocument.tree();
        assertThat(Json.sameValue(served, published))
                .as("GET /openapi.json must be %s read as YAML 1.2; it differs at %s", Api.documentPath(),
                        firstDifference("", served, published))
                .isTrue();
    }

    @ParameterizedTest
    @FieldSource("ROUTES")
    void noKeyIsNeededAndABadOneIsIgnored(String route) {
        assertThat(request().get(route).statusCode()).as("without a key").isEqualTo(200);
        assertThat(request().header("Authorization", "Bearer not-a-key").get(route).statusCode())
                .as("with a bad key").isEqualTo(200);
    }

    @Test
    void theReferencePageLoadsOnlyItsOwnScriptsUnderAStrictPolicy() {
        Response response = request().get("/docs");

        assertThat(response.statusCode()).isEqualTo(200);
        assertThat(response.header("Content-Type")).isEqualTo("text/html;charset=UTF-8");
        String html = response.asString();
        String policy = response.header("Content-Security-Policy");
        assertThat(policy).as("Content-Security-Policy").isNotNull();
        List<String> directives = Arrays.stream(policy.split(";")).map(String::strip).toList();
        assertThat(directives).contains("default-src 'none'", "base-uri 'none'", "form-action 'none'",
                "frame-ancestors 'none'", "connect-src 'self'");
        assertThat(policy).doesNotContain("unsafe-inline", "unsafe-eval", "http:", "https:", "*");

        Matcher scripts = SCRIPT.matcher(html);
        List<String> sources = scripts.results().map(script -> {
            assertThat(directives).as("the policy admits script %s", script.group(2))
                    .contains("script-src 'nonce-" + script.group(1) + "'");
            return script.group(2);
        }).toList();
        assertThat(sources).containsExactly("/docs/redoc.standalone.js", "/docs/reference.js");
        Matcher style = STYLE.matcher(html);
        assertThat(style.find()).as("the page's style element").isTrue();
        assertThat(directives.stream().filter(d -> d.startsWith("style-src ")).findFirst().orElseThrow())
                .contains("'nonce-" + style.group(1) + "'");
        for (String source : sources) {
            Response script = request().get(source);
            assertThat(script.statusCode()).as(source).isEqualTo(200);
            assertThat(script.header("Content-Type")).as(source).isEqualTo("text/javascript;charset=UTF-8");
        }

        // The headers every response carries stay.
        assertThat(response.header("X-Content-Type-Options")).isEqualTo("nosniff");
        if (environment().isHttps()) {
            assertThat(response.header("Strict-Transport-Security")).startsWith("max-age=");
        }
    }

    @Test
    void everyRenderingOfThePageHasANonceOfItsOwn() {
        String first = request().get("/docs").header("Content-Security-Policy");
        String second = request().get("/docs").header("Content-Security-Policy");

        assertThat(first).isNotEqualTo(second);
    }

    /** These routes answer what they are whatever Accept says, and the API still answers JSON whatever it says. */
    @Test
    void theAcceptHeaderChangesNothing() {
        assertThat(request().accept("application/json").get("/openapi.yaml").header("Content-Type"))
                .isEqualTo("application/yaml");
        assertThat(request().accept("application/yaml").get("/openapi.json").header("Content-Type"))
                .isEqualTo("application/json");
        assertThat(request().accept("application/json").get("/docs").header("Content-Type"))
                .isEqualTo("text/html;charset=UTF-8");

        Response health = request().accept("text/html").get("/health");
        assertThat(health.statusCode()).isEqualTo(200);
        assertThat(health.header("Content-Type")).startsWith("application/json");
        Response yamlAskedOfTheApi = request().accept("application/yaml")
                .header("Authorization", "Bearer " + keys().main()).get("/api/v1/companies/unknown");
        assertThat(yamlAskedOfTheApi.header("Content-Type")).startsWith("application/json");
    }

    @ParameterizedTest
    @FieldSource("ROUTES")
    void headAnswersAsGetWithoutABody(String route) {
        for (boolean gzip : new boolean[] {false, true}) {
            // The bytes as sent: the client neither offers nor undoes an encoding by itself.
            RequestSpecification exact = request().config(RestAssuredConfig.config()
                    .redirect(RedirectConfig.redirectConfig().followRedirects(false))
                    .decoderConfig(DecoderConfig.decoderConfig().noContentDecoders()));
            if (environment().isHttps()) {
                exact.relaxedHTTPSValidation();
            }
            if (gzip) {
                exact.header("Accept-Encoding", "gzip");
            }
            Response get = exact.get(route);
            Response head = exact.head(route);

            assertThat(head.statusCode()).isEqualTo(200);
            assertThat(head.header("Content-Type")).isEqualTo(get.header("Content-Type"));
            assertThat(head.header("Content-Encoding")).as("gzip asked: %s", gzip).isEqualTo(get.header("Content-Encoding"));
            assertThat(head.header("Content-Length")).isEqualTo(Integer.toString(get.asByteArray().length));
            assertThat(head.asByteArray()).isEmpty();
        }
    }

    /** Where two JSON trees first differ, as a JSON pointer, for a failure message a person can act on. */
    private static String firstDifference(String pointer, JsonNode a, JsonNode b) {
        if (Json.sameValue(a, b)) {
            return null;
        }
        if (a.isObject() && b.isObject()) {
            for (String name : a.propertyNames()) {
                if (!b.has(name)) {
                    return pointer + "/" + name + " (only in /openapi.json)";
                }
                String inside = firstDifference(pointer + "/" + name, a.get(name), b.get(name));
                if (inside != null) {
                    return inside;
                }
            }
            for (String name : b.propertyNames()) {
                if (!a.has(name)) {
                    return pointer + "/" + name + " (only in the YAML)";
                }
            }
        }
        if (a.isArray() && b.isArray() && a.size() == b.size()) {
            for (int i = 0; i < a.size(); i++) {
                String inside = firstDifference(pointer + "/" + i, a.get(i), b.get(i));
                if (inside != null) {
                    return inside;
                }
            }
        }
        return (pointer.isEmpty() ? "/" : pointer) + ": " + a + " in /openapi.json, " + b + " in the YAML";
    }
}
