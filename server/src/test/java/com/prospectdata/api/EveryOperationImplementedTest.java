package com.prospectdata.api;

import static com.prospectdata.generated.jooq.Tables.COMPANY;
import static com.prospectdata.generated.jooq.Tables.ORGANIZATION;
import static com.prospectdata.generated.jooq.Tables.PROSPECT_SEARCH;
import static org.assertj.core.api.Assertions.assertThat;

import com.prospectdata.pipeline.auth.ApiKeyService;
import com.prospectdata.pipeline.auth.DeploymentEnvironment;
import com.prospectdata.pipeline.Tier;
import java.io.InputStream;
import java.lang.reflect.Method;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.KeyStore;
import java.security.cert.CertificateFactory;
import javax.net.ssl.SSLContext;
import javax.net.ssl.TrustManagerFactory;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Instant;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.jooq.DSLContext;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.context.ApplicationContext;

/**
 * The generated delegate interfaces answer 501 for any operation nobody implemented. This test
 * proves that none is left: every delegate method is overridden by a bean, and every operation
 * of the document, called with a valid key, answers 200.
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
        properties = {"app.data-dir=" + EveryOperationImplementedTest.DATA_DIR, "app.environment=test",
                "app.embedded-postgres.durable=false"})
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class EveryOperationImplementedTest {

    static final String DATA_DIR = "target/test-data/every-operation";

    private static final List<String> DELEGATES = List.of(
            "com.prospectdata.generated.api.CompaniesApiDelegate",
            "com.prospectdata.generated.api.JobsApiDelegate",
            "com.prospectdata.generated.api.TechnologiesApiDelegate",
            "com.prospectdata.generated.api.HealthApiDelegate");

    @Autowired
    ApplicationContext context;
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

    @Test
    void everyDelegateMethodIsOverriddenByABean() throws ClassNotFoundException {
        for (String delegateName : DELEGATES) {
            Class<?> delegate = Class.forName(delegateName);
            Map<String, ?> beans = context.getBeansOfType(delegate);
            assertThat(beans).as("a bean implementing %s", delegate.getSimpleName()).hasSize(1);
            Class<?> implementation = org.springframework.aop.support.AopUtils.getTargetClass(beans.values().iterator().next());
            for (Method operation : delegate.getDeclaredMethods()) {
                if (operation.getName().equals("getRequest") || operation.isSynthetic() || java.lang.reflect.Modifier.isStatic(operation.getModifiers())) {
                    continue;
                }
                Method implemented = Arrays.stream(implementation.getMethods())
                        .filter(m -> m.getName().equals(operation.getName())
                                && Arrays.equals(m.getParameterTypes(), operation.getParameterTypes()))
                        .findFirst().orElseThrow();
                assertThat(implemented.getDeclaringClass())
                        .as("%s.%s is implemented", delegate.getSimpleName(), operation.getName())
                        .isNotEqualTo(delegate);
            }
        }
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
        List<String> paths = List.of(
                "/api/v1/companies/?prospect_search_id=" + searchId,
                "/api/v1/companies/" + companyId,
                "/api/v1/companies/" + companyId + "/jobs",
                "/api/v1/companies/" + companyId + "/jobs/summary",
                "/api/v1/companies/" + companyId + "/webtech-intel",
                "/api/v1/companies/" + companyId + "/webtech-intel/summary",
                "/health");
        try (HttpClient http = HttpClient.newBuilder().sslContext(trustingOurCertificate()).build()) {
            for (String path : paths) {
                HttpResponse<String> response = http.send(HttpRequest.newBuilder(URI.create("https://localhost:" + port + path))
                        .header("Authorization", "Bearer " + key).build(), HttpResponse.BodyHandlers.ofString());
                assertThat(response.statusCode()).as("GET %s: %s", path, response.body()).isEqualTo(200);
                assertThat(response.headers().firstValue("Content-Type")).hasValueSatisfying(
                        type -> assertThat(type).startsWith("application/json"));
            }
        }
    }
}
