package com.prospectdata.api;

import static com.prospectdata.generated.jooq.Tables.COMPANY;
import static com.prospectdata.generated.jooq.Tables.ORGANIZATION;
import static com.prospectdata.generated.jooq.Tables.PROSPECT_SEARCH;
import static org.assertj.core.api.Assertions.assertThat;

import com.prospectdata.core.openapi.GeneratedOperations;
import com.prospectdata.pipeline.Tier;
import com.prospectdata.pipeline.auth.ApiKeyService;
import com.prospectdata.pipeline.auth.DeploymentEnvironment;
import com.prospectdata.testing.DeclaredOperation;
import com.prospectdata.testing.Json;
import com.prospectdata.webtier.OpenApiDocument;
import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import java.io.InputStream;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.KeyStore;
import java.security.cert.CertificateFactory;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import javax.net.ssl.SSLContext;
import javax.net.ssl.TrustManagerFactory;
import org.assertj.core.api.SoftAssertions;
import org.jooq.DSLContext;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.springframework.aop.support.AopUtils;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.beans.factory.annotation.Qualifier;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.context.ApplicationContext;
import org.springframework.web.bind.annotation.RequestMethod;
import org.springframework.web.servlet.mvc.method.RequestMappingInfo;
import org.springframework.web.servlet.mvc.method.annotation.RequestMappingHandlerMapping;

/**
 * The generated delegate interfaces answer 501 for any operation nobody implemented. This test
 * proves that none is left, from the generated code and the document rather than from lists of
 * its own: every {@code *ApiDelegate} interface the build generated has exactly one bean, which
 * overrides every operation method of it; every operation of api/openapi.yaml is answered by such
 * an override or by a handler of its own; and every operation of the document, called with a
 * valid key, answers 200.
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
        properties = {"app.data-dir=" + EveryOperationImplementedTest.DATA_DIR, "app.environment=test",
                "app.embedded-postgres.durable=false"})
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class EveryOperationImplementedTest {

    static final String DATA_DIR = "target/test-data/every-operation";

    private static final List<DeclaredOperation> OPERATIONS = DeclaredOperation.readAll(OpenApiDocument.text());

    @Autowired
    ApplicationContext context;
    @Autowired
    @Qualifier("requestMappingHandlerMapping")
    RequestMappingHandlerMapping handlers;
    @Autowired
    DSLContext db;
    @Autowired
    ApiKeyService keys;
    @LocalServerPort
    int port;

    private String key;
    private UUID searchId;
    private UUID companyId;

    @BeforeAll
    void createCallerAndData() {
        UUID organizationId = UUID.randomUUID();
        searchId = UUID.randomUUID();
        companyId = UUID.randomUUID();
        Instant now = Instant.now();
        db.insertInto(ORGANIZATION).set(ORGANIZATION.ID, organizationId).set(ORGANIZATION.NAME, "Operations test").execute();
        db.insertInto(PROSPECT_SEARCH).set(PROSPECT_SEARCH.ID, searchId)
                .set(PROSPECT_SEARCH.ORGANIZATION_ID, organizationId).set(PROSPECT_SEARCH.NAME, "Search").execute();
        db.insertInto(COMPANY).set(COMPANY.ID, companyId).set(COMPANY.PROSPECT_SEARCH_ID, searchId)
                .set(COMPANY.NAME, "Acme").set(COMPANY.CITY, "Berlin").set(COMPANY.COUNTRY, "Germany")
                .set(COMPANY.BUSINESS_TYPE, "Software").set(COMPANY.WEBSITE, "https://acme.example")
                .set(COMPANY.MATCH_SCORE, 7.5).set(COMPANY.REVIEW_STATUS, com.prospectdata.generated.model.ReviewStatus.PENDING)
                .set(COMPANY.CREATED_AT, now).set(COMPANY.UPDATED_AT, now).execute();
        key = keys.issue(organizationId, Tier.PRO, null, List.of("companies:read"), DeploymentEnvironment.TEST, null, null).key();
    }

    /** Every {@code *ApiDelegate} interface the generator wrote, found on the class path. */
    private static List<Class<?>> generatedDelegates() {
        return new ClassFileImporter().importPackages(GeneratedOperations.API_PACKAGE).stream()
                .filter(JavaClass::isInterface)
                .filter(type -> type.getPackageName().equals(GeneratedOperations.API_PACKAGE))
                .filter(type -> type.getSimpleName().endsWith("ApiDelegate"))
                .<Class<?>>map(JavaClass::reflect)
                .sorted(Comparator.comparing(Class::getName))
                .toList();
    }

    /** A delegate's operations: its methods but the request accessor every delegate has. */
    private static List<Method> operationMethods(Class<?> delegate) {
        return Arrays.stream(delegate.getDeclaredMethods())
                .filter(method -> !method.getName().equals("getRequest") && !method.isSynthetic()
                        && !Modifier.isStatic(method.getModifiers()))
                .toList();
    }

    /**
     * The class whose method answers {@code operation} on a bean of {@code implementation}: the
     * delegate interface itself when the bean kept its default, which answers 501.
     */
    private static Class<?> answeringClass(Class<?> implementation, Method operation) {
        try {
            return implementation.getMethod(operation.getName(), operation.getParameterTypes()).getDeclaringClass();
        } catch (NoSuchMethodException notAnImplementation) {
            throw new IllegalArgumentException(implementation + " lacks " + operation, notAnImplementation);
        }
    }

    /** The names of the delegate methods the application's beans override. */
    private List<String> overriddenDelegateMethods() {
        List<String> overridden = new ArrayList<>();
        for (Class<?> delegate : generatedDelegates()) {
            for (Object bean : context.getBeansOfType(delegate).values()) {
                for (Method operation : operationMethods(delegate)) {
                    if (answeringClass(AopUtils.getTargetClass(bean), operation) != delegate) {
                        overridden.add(operation.getName());
                    }
                }
            }
        }
        return overridden;
    }

    @Test
    void everyGeneratedDelegateHasOneBeanThatOverridesEachOfItsOperations() {
        List<Class<?>> delegates = generatedDelegates();
        assertThat(delegates).as("the *ApiDelegate interfaces in %s", GeneratedOperations.API_PACKAGE).isNotEmpty();
        SoftAssertions softly = new SoftAssertions();
        for (Class<?> delegate : delegates) {
            Map<String, ?> beans = context.getBeansOfType(delegate);
            softly.assertThat(beans).as("the beans implementing %s", delegate.getSimpleName()).hasSize(1);
            for (Object bean : beans.values()) {
                Class<?> implementation = AopUtils.getTargetClass(bean);
                for (Method operation : operationMethods(delegate)) {
                    softly.assertThat(answeringClass(implementation, operation))
                            .as("%s.%s is implemented by %s", delegate.getSimpleName(), operation.getName(), implementation.getSimpleName())
                            .isNotEqualTo(delegate);
                }
            }
        }
        softly.assertAll();
    }

    /**
     * An operation is answered by a delegate's override of its generated method, or by a handler
     * method of a controller of our own mapped to its method and path, for an operation the
     * generated interfaces leave out.
     */
    @Test
    void everyOperationOfTheDocumentIsAnsweredByCodeOfOurs() {
        List<String> overridden = overriddenDelegateMethods();
        List<RequestMappingInfo> ownMappings = handlers.getHandlerMethods().entrySet().stream()
                .filter(handler -> !handler.getValue().getBeanType().getPackageName().equals(GeneratedOperations.API_PACKAGE))
                .map(Map.Entry::getKey)
                .toList();
        assertThat(OPERATIONS).as("the operations of api/openapi.yaml").isNotEmpty();
        SoftAssertions softly = new SoftAssertions();
        for (DeclaredOperation operation : OPERATIONS) {
            boolean delegated = overridden.contains(operation.operationId());
            boolean ownHandler = ownMappings.stream().anyMatch(mapping -> maps(mapping, operation));
            softly.assertThat(delegated || ownHandler)
                    .as("%s is answered by a delegate's %s or a handler of its own", operation.describe(), operation.operationId())
                    .isTrue();
        }
        softly.assertAll();
    }

    private static boolean maps(RequestMappingInfo mapping, DeclaredOperation operation) {
        var methods = mapping.getMethodsCondition().getMethods();
        boolean method = methods.isEmpty() || methods.contains(RequestMethod.valueOf(operation.method()));
        return method && mapping.getPatternValues().stream()
                .anyMatch(pattern -> withoutParameterNames(pattern).equals(withoutParameterNames(operation.pathTemplate())));
    }

    /** {@code /a/{id}/b} and {@code /a/{company_id}/b} are one path. */
    private static String withoutParameterNames(String template) {
        return template.replaceAll("\\{[^}/]+}", "{}");
    }

    /** The server made its self-signed certificate in its data directory; trust exactly that one. */
    private static SSLContext trustingOurCertificate() throws Exception {
        KeyStore trusted = KeyStore.getInstance(KeyStore.getDefaultType());
        trusted.load(null, null);
        try (InputStream in = Files.newInputStream(Path.of(DATA_DIR, "tls", "certificate.pem"))) {
            trusted.setCertificateEntry("server", CertificateFactory.getInstance("X.509").generateCertificate(in));
        }
        TrustManagerFactory trust = TrustManagerFactory.getInstance(TrustManagerFactory.getDefaultAlgorithm());
        trust.init(trusted);
        SSLContext context = SSLContext.getInstance("TLS");
        context.init(null, trust.getTrustManagers(), null);
        return context;
    }

    @Test
    void everyOperationAnswersWithData() throws Exception {
        try (HttpClient http = HttpClient.newBuilder().sslContext(trustingOurCertificate()).build()) {
            String search = "/api/v1/prospect-searches/" + searchId;
            String changesCursor = Json.parse(get(http, search).body()).path("changes_cursor").asString();
            List<String> requests = List.of(
                    "/api/v1/prospect-searches/",
                    search,
                    search + "/companies/export",
                    search + "/changes?cursor=" + changesCursor,
                    "/api/v1/companies/?prospect_search_id=" + searchId,
                    "/api/v1/companies/" + companyId,
                    "/api/v1/companies/" + companyId + "/jobs",
                    "/api/v1/companies/" + companyId + "/jobs/summary",
                    "/api/v1/companies/" + companyId + "/webtech-intel",
                    "/api/v1/companies/" + companyId + "/webtech-intel/summary",
                    "/api/v1/usage",
                    "/health");

            List<String> answered = new ArrayList<>();
            for (String request : requests) {
                DeclaredOperation operation = DeclaredOperation.of(OPERATIONS, "GET", URI.create(request).getRawPath())
                        .orElseThrow(() -> new AssertionError("GET " + request + " is no operation of api/openapi.yaml"));
                HttpResponse<String> response = get(http, request);
                assertThat(response.statusCode()).as("GET %s: %s", request, response.body()).isEqualTo(200);
                String mediaType = operation.operationId().equals("exportProspectSearchCompanies") ? Json.NDJSON : "application/json";
                assertThat(response.headers().firstValue("Content-Type")).as("GET %s: Content-Type", request)
                        .hasValueSatisfying(type -> assertThat(type).startsWith(mediaType));
                answered.add(operation.operationId());
            }
            assertThat(answered).as("the operations answered, one request each")
                    .containsExactlyInAnyOrderElementsOf(OPERATIONS.stream().map(DeclaredOperation::operationId).toList());
        }
    }

    private HttpResponse<String> get(HttpClient http, String pathAndQuery) throws Exception {
        return http.send(HttpRequest.newBuilder(URI.create("https://localhost:" + port + pathAndQuery))
                .header("Authorization", "Bearer " + key).build(), HttpResponse.BodyHandlers.ofString());
    }
}
