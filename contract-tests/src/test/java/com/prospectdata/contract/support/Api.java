package com.prospectdata.contract.support;

import com.atlassian.oai.validator.OpenApiInteractionValidator;
import com.atlassian.oai.validator.OpenApiInteractionValidator.SpecSource;
import com.atlassian.oai.validator.restassured.OpenApiValidationFilter;
import com.atlassian.oai.validator.util.OpenApiLoader;
import com.prospectdata.testing.Json;
import io.restassured.RestAssured;
import io.restassured.config.HttpClientConfig;
import io.restassured.config.RedirectConfig;
import io.restassured.config.RestAssuredConfig;
import io.restassured.http.ContentType;
import io.restassured.response.Response;
import io.restassured.specification.RequestSpecification;
import io.swagger.v3.oas.models.OpenAPI;
import io.swagger.v3.parser.core.models.ParseOptions;
import java.nio.file.Path;
import java.util.List;
import tools.jackson.databind.JsonNode;

/**
 * Requests to the server under test. Every request and response passes through the
 * swagger-request-validator against {@code api/openapi.yaml}: a response that breaks the
 * published contract fails the test, whatever the test asserts itself. Every response is also
 * checked against the invariants of {@link ContractInvariants}.
 *
 * <p>Two validators: {@link #given()} validates the request too, so a test's valid request is
 * known to be valid by the document; {@link #givenInvalid()} and the key variants ignore
 * request-side findings, for requests that are wrong on purpose (bad parameters, missing or
 * bad keys), while still validating the response (a 400 must still be an ErrorResponse).
 *
 * <p>Every validated response is recorded by {@link DeclaredStatusCoverage}, so the run can
 * tell which declared statuses it never received.
 */
public final class Api {

    private static final RestAssuredConfig CONFIG = RestAssuredConfig.config()
            .httpClient(HttpClientConfig.httpClientConfig()
                    .setParam("http.connection.timeout", 5_000)
                    .setParam("http.socket.timeout", 20_000))
            // A redirect is never an answer of this API (plain HTTP is refused, not redirected).
            .redirect(RedirectConfig.redirectConfig().followRedirects(false));

    private Api() {
    }

    /** The published document, api/openapi.yaml (system property contract.openapi, set by the pom). */
    public static Path documentPath() {
        return Path.of(System.getProperty("contract.openapi", "../api/openapi.yaml")).toAbsolutePath().normalize();
    }

    /** The document as the validator reads it: references resolved, allOf merged (ScaleOutJarTest reads its operations). */
    public static OpenAPI document() {
        ParseOptions options = new ParseOptions();
        options.setResolve(true);
        options.setResolveFully(true);
        // Without it, RateLimitErrorResponse (allOf) would refuse every example of itself.
        options.setResolveCombinators(true);
        return new OpenApiLoader().loadApi(SpecSource.specUrl(documentUri()), List.of(), options);
    }

    static String documentUri() {
        return documentPath().toUri().toString();
    }

    private static RequestSpecification base(OpenApiValidationFilter validation) {
        ContractEnvironment environment = ContractEnvironment.shared();
        RequestSpecification request = RestAssured.given()
                .config(CONFIG)
                .baseUri(environment.baseUri())
                .accept(ContentType.JSON)
                // Outermost: records the (operation, status) of responses that passed both checks below.
                .filter(DeclaredStatusCoverage.recorder())
                .filter(ContractValidation.INVARIANTS)
                .filter(validation);
        // The server's certificate is self-signed, for 127.0.0.1.
        return environment.isHttps() ? request.relaxedHTTPSValidation() : request;
    }

    /** A valid request with the main key: request and response are validated. */
    public static RequestSpecification given() {
        return givenKey(ContractEnvironment.shared().keys().main());
    }

    /** A valid request with this key: request and response are validated. */
    public static RequestSpecification givenKey(String key) {
        return base(ContractValidation.STRICT).header("Authorization", "Bearer " + key);
    }

    /**
     * A valid request with this key to another deployment, over HTTPS whatever its certificate
     * (the scale-out topology's balancer): request and response are validated as by {@link #given()}.
     */
    public static RequestSpecification givenKeyAt(String baseUri, String key) {
        RequestSpecification request = RestAssured.given()
                .config(CONFIG)
                .baseUri(baseUri)
                .accept(ContentType.JSON)
                .filter(DeclaredStatusCoverage.recorder())
                .filter(ContractValidation.INVARIANTS)
                .filter(ContractValidation.STRICT)
                .relaxedHTTPSValidation();
        return key == null ? request : request.header("Authorization", "Bearer " + key);
    }

    /** A request that is wrong on purpose, with the main key: only the response is validated. */
    public static RequestSpecification givenInvalid() {
        return givenInvalidKey(ContractEnvironment.shared().keys().main());
    }

    /** A request with this key (which may be bad): only the response is validated. */
    public static RequestSpecification givenInvalidKey(String key) {
        return givenAuthorization("Bearer " + key);
    }

    /** A request with this exact Authorization header (null: none): only the response is validated. */
    public static RequestSpecification givenAuthorization(String authorization) {
        RequestSpecification request = base(ContractValidation.RESPONSES_ONLY);
        return authorization == null ? request : request.header("Authorization", authorization);
    }

    /** No key, e.g. for the health endpoint: request and response are validated. */
    public static RequestSpecification givenNoKey() {
        return base(ContractValidation.STRICT);
    }

    /** The validator behind {@link #given()}, for checking the checker (see ValidatorSelfTest). */
    static OpenApiInteractionValidator strictValidator() {
        return ContractValidation.STRICT_VALIDATOR;
    }

    /** The validator behind {@link #givenInvalid()}, for checking the checker (see ValidatorSelfTest). */
    static OpenApiInteractionValidator responsesOnlyValidator() {
        return ContractValidation.RESPONSES_ONLY_VALIDATOR;
    }

    public static JsonNode json(Response response) {
        return Json.parse(response.asByteArray());
    }
}
