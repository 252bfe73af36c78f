package com.prospectdata.pipeline.web;

import static com.prospectdata.generated.jooq.Tables.ORGANIZATION;
import static com.prospectdata.generated.jooq.Tables.PROSPECT_SEARCH;
import static org.assertj.core.api.Assertions.assertThat;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.get;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.header;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.jsonPath;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.status;

import com.prospectdata.pipeline.auth.ApiKeyAuthenticationFilter;
import com.prospectdata.pipeline.auth.ApiKeyService;
import com.prospectdata.pipeline.auth.DeploymentEnvironment;
import com.prospectdata.pipeline.auth.FailedAuthenticationFilter;
import com.prospectdata.pipeline.auth.ScopeFilter;
import com.prospectdata.pipeline.Tier;
import com.prospectdata.pipeline.load.KeyShareFilter;
import com.prospectdata.pipeline.load.LoadSheddingFilter;
import com.prospectdata.pipeline.OperationFilter;
import com.prospectdata.pipeline.ratelimit.RateLimitFilter;
import com.prospectdata.pipeline.tls.HttpsOnlyFilter;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.Comparator;
import java.util.List;
import java.util.UUID;
import org.jooq.DSLContext;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.web.servlet.FilterRegistrationBean;
import org.springframework.boot.webmvc.test.autoconfigure.AutoConfigureMockMvc;
import org.springframework.test.web.servlet.MockMvc;
import org.springframework.test.web.servlet.request.MockHttpServletRequestBuilder;

/**
 * The pipeline in process (MockMvc, no jar, no port): its steps are registered in the order
 * web/RequestPipeline declares, and a request failing several checks gets the first one's
 * answer, in the order of docs/api-rules.md §2. The contract tests check the same against the
 * jar; this tier answers in seconds.
 */
@SpringBootTest(properties = {"app.data-dir=" + RequestPipelineWebTest.DATA_DIR, "app.environment=test",
        "app.embedded-postgres.durable=false", "app.auth.failed-attempts-per-minute=2"})
@AutoConfigureMockMvc
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class RequestPipelineWebTest {

    static final String DATA_DIR = "target/test-data/request-pipeline";

    @Autowired
    MockMvc mvc;
    @Autowired
    List<FilterRegistrationBean<?>> registrations;
    @Autowired
    ApiKeyService keys;
    @Autowired
    DSLContext db;

    private UUID organizationId;
    private UUID searchId;
    private String valid;
    private String noScope;
    private String oneRequestAnHour;
    private Instant expiry;

    @BeforeAll
    void createCallers() {
        organizationId = UUID.randomUUID();
        searchId = UUID.randomUUID();
        db.insertInto(ORGANIZATION).set(ORGANIZATION.ID, organizationId).set(ORGANIZATION.NAME, "Pipeline test").execute();
        db.insertInto(PROSPECT_SEARCH).set(PROSPECT_SEARCH.ID, searchId)
                .set(PROSPECT_SEARCH.ORGANIZATION_ID, organizationId).set(PROSPECT_SEARCH.NAME, "Search").execute();
        expiry = Instant.now().plus(30, ChronoUnit.DAYS).truncatedTo(ChronoUnit.SECONDS);
        valid = issue(Tier.PRO, null, List.of("companies:read"), expiry);
        noScope = issue(Tier.PRO, null, List.of(), expiry);
        oneRequestAnHour = issue(Tier.ENTERPRISE, 1, List.of(), expiry);
    }

    private String issue(Tier tier, Integer limit, List<String> scopes, Instant expiresAt) {
        return keys.issue(organizationId, tier, limit, scopes, DeploymentEnvironment.TEST, null, expiresAt).key();
    }

    private MockHttpServletRequestBuilder list(String key, String query) {
        MockHttpServletRequestBuilder request = get("/api/v1/companies/?" + query).secure(true);
        return key == null ? request : request.header("Authorization", "Bearer " + key);
    }

    private String validQuery() {
        return "prospect_search_id=" + searchId;
    }

    @Test
    void theStepsAreRegisteredInTheDeclaredOrder() {
        List<Class<?>> steps = registrations.stream()
                .filter(registration -> registration.getFilter().getClass().getPackageName().startsWith("com.prospectdata"))
                .sorted(Comparator.comparingInt(registration -> registration.getOrder()))
                .<Class<?>>map(registration -> registration.getFilter().getClass())
                .toList();

        assertThat(steps).containsExactly(RequestIdFilter.class, SecurityHeadersFilter.class, HttpsOnlyFilter.class,
                HostNameFilter.class, OperationFilter.class, ApiKeyAuthenticationFilter.class, FailedAuthenticationFilter.class,
                RateLimitFilter.class, ScopeFilter.class, KeyShareFilter.class, ConditionalGetFilter.class,
                GetOnlyFilter.class, LoadSheddingFilter.class);
    }

    @Test
    void plainHttpIsRefusedBeforeTheKeyIsLookedAt() throws Exception {
        mvc.perform(get("/api/v1/companies/?limit=0"))
                .andExpect(status().isForbidden())
                .andExpect(jsonPath("$.error").value("HTTPS_REQUIRED"));
    }

    @Test
    void aMissingKeyIsRefusedBeforeTheParameters() throws Exception {
        mvc.perform(list(null, "limit=0"))
                .andExpect(status().isUnauthorized())
                .andExpect(header().string("WWW-Authenticate", "Bearer"))
                .andExpect(header().doesNotExist("X-RateLimit-Limit"));
    }

    @Test
    void anEmptyBucketIsRefusedBeforeTheScope() throws Exception {
        mvc.perform(list(oneRequestAnHour, validQuery())).andExpect(status().isForbidden());
        mvc.perform(list(oneRequestAnHour, "limit=0"))
                .andExpect(status().isTooManyRequests())
                .andExpect(jsonPath("$.error").value("RATE_LIMIT_EXCEEDED"))
                .andExpect(header().string("API-Key-Expiration", expiry.toString()));
    }

    @Test
    void aMissingScopeIsRefusedBeforeTheParametersWithTheBudgetSpent() throws Exception {
        mvc.perform(list(noScope, "limit=0"))
                .andExpect(status().isForbidden())
                .andExpect(jsonPath("$.message").value("Insufficient scopes. Required: companies:read"))
                .andExpect(header().string("X-RateLimit-Limit", "1000"))
                .andExpect(header().string("API-Key-Expiration", expiry.toString()));
    }

    @Test
    void parametersAreCheckedBeforeExistence() throws Exception {
        mvc.perform(list(valid, "prospect_search_id=" + UUID.randomUUID() + "&limit=0"))
                .andExpect(status().isBadRequest())
                .andExpect(jsonPath("$.error").value("VALIDATION_ERROR"));
        mvc.perform(list(valid, "prospect_search_id=" + UUID.randomUUID()))
                .andExpect(status().isNotFound());
        mvc.perform(list(valid, validQuery()))
                .andExpect(status().isOk())
                .andExpect(jsonPath("$.total").value(0))
                .andExpect(header().exists("ETag"));
    }

    @Test
    void anAddressThatKeepsFailingGets429ForItsFailuresOnlyAndItsValidKeyIsServed() throws Exception {
        String address = "10.9.8.7";
        for (int attempt = 0; attempt < 2; attempt++) {
            mvc.perform(list("cpd_test_wrong", validQuery()).with(from(address))).andExpect(status().isUnauthorized());
        }
        mvc.perform(list("cpd_test_wrong", validQuery()).with(from(address)))
                .andExpect(status().isTooManyRequests())
                .andExpect(jsonPath("$.error").value("RATE_LIMIT_EXCEEDED"))
                .andExpect(jsonPath("$.message").value(org.hamcrest.Matchers.startsWith(
                        "Too many failed authentication attempts from this address")))
                .andExpect(header().doesNotExist("X-RateLimit-Limit"));
        mvc.perform(list(valid, validQuery()).with(from(address))).andExpect(status().isOk());
        mvc.perform(list("cpd_test_wrong", validQuery()).with(from("10.9.8.6"))).andExpect(status().isUnauthorized());
    }

    private static org.springframework.test.web.servlet.request.RequestPostProcessor from(String address) {
        return request -> {
            request.setRemoteAddr(address);
            return request;
        };
    }
}
