package com.prospectdata.contract;

import static com.prospectdata.contract.GeneratedClientExpectations.COMPANY;
import static com.prospectdata.contract.GeneratedClientExpectations.SEARCH;
import static com.prospectdata.contract.GeneratedClientExpectations.assertSameWire;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import com.prospectdata.client.ApiClient;
import com.prospectdata.client.ApiException;
import com.prospectdata.client.api.CompaniesApi;
import com.prospectdata.client.api.CompaniesApi.APIGetCompanyRequest;
import com.prospectdata.client.api.CompaniesApi.APIListCompaniesRequest;
import com.prospectdata.client.api.HealthApi;
import com.prospectdata.client.api.JobsApi;
import com.prospectdata.client.api.JobsApi.APIGetCompanyJobsSummaryRequest;
import com.prospectdata.client.api.JobsApi.APIListCompanyJobsRequest;
import com.prospectdata.client.api.ProspectSearchesApi;
import com.prospectdata.client.api.ProspectSearchesApi.APIListProspectSearchesRequest;
import com.prospectdata.client.api.TechnologiesApi;
import com.prospectdata.client.api.TechnologiesApi.APIGetCompanyWebtechSummaryRequest;
import com.prospectdata.client.api.TechnologiesApi.APIListCompanyTechnologiesRequest;
import com.prospectdata.client.model.ActivityStrength;
import com.prospectdata.client.model.Company;
import com.prospectdata.client.model.CompanyInclude;
import com.prospectdata.client.model.CompanyList;
import com.prospectdata.client.model.Contact;
import com.prospectdata.client.model.ErrorResponse;
import com.prospectdata.client.model.Health;
import com.prospectdata.client.model.JobList;
import com.prospectdata.client.model.JobSummary;
import com.prospectdata.client.model.ProspectSearch;
import com.prospectdata.client.model.ProspectSearchList;
import com.prospectdata.client.model.RateLimitErrorResponse;
import com.prospectdata.client.model.ReviewStatus;
import com.prospectdata.client.model.ScanStatus;
import com.prospectdata.client.model.TechnologyList;
import com.prospectdata.client.model.TechnologySummary;
import com.prospectdata.contract.support.ContractTest;
import com.prospectdata.contract.support.FixtureKey;
import com.prospectdata.contract.support.TlsCertificates;
import com.prospectdata.testing.Fixture;
import com.prospectdata.testing.Json;
import java.net.http.HttpClient;
import java.security.GeneralSecurityException;
import java.security.KeyStore;
import java.security.cert.X509Certificate;
import java.time.Duration;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.List;
import java.util.UUID;
import javax.net.ssl.SSLContext;
import javax.net.ssl.TrustManagerFactory;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * The Java client a partner generates from api/openapi.yaml (openapi-generator's
 * {@code java} generator, library {@code native}; the build generates it into
 * target/generated-test-sources/java-client). Every operation of the document is called through
 * it, and its typed results must hold the fixture's data; a 404, a 400 and a 429 must surface as
 * the client's ApiException, whose body the generated ErrorResponse and RateLimitErrorResponse
 * read.
 *
 * <p>The calls and their parameters are those of src/test/typescript/src/check-client.ts
 * (TypeScriptClientJarTest), so that both clients are held to the same {@link GeneratedClientExpectations}:
 * the walks through the prospect searches and through a search's companies by cursor are
 * written in the report form of the generated-client programs and held to the same rules.
 */
class JavaClientJarTest extends ContractTest {

    /** The client trusts exactly the certificate the server presents, and checks its name, as a partner's would. */
    private static SSLContext trustingTheServer;

    @BeforeAll
    static void trustTheServersCertificate() throws GeneralSecurityException, java.io.IOException {
        X509Certificate certificate = TlsCertificates.presentedOn(environment().port());
        KeyStore trusted = KeyStore.getInstance(KeyStore.getDefaultType());
        trusted.load(null, null);
        trusted.setCertificateEntry("prospect-api", certificate);
        TrustManagerFactory trust = TrustManagerFactory.getInstance(TrustManagerFactory.getDefaultAlgorithm());
        trust.init(trusted);
        trustingTheServer = SSLContext.getInstance("TLS");
        trustingTheServer.init(null, trust.getTrustManagers(), null);
    }

    /** A client of the server under test that sends this key (none: null). */
    private static ApiClient client(String key) {
        ApiClient client = new ApiClient();
        client.updateBaseUri(environment().baseUri());
        client.setHttpClientBuilder(HttpClient.newBuilder().sslContext(trustingTheServer).connectTimeout(Duration.ofSeconds(5)));
        client.setReadTimeout(Duration.ofSeconds(20));
        if (key != null) {
            // The native library leaves authentication to the caller: bearerAuth is this header.
            client.setRequestInterceptor(request -> request.header("Authorization", "Bearer " + key));
        }
        return client;
    }

    private static ApiClient client() {
        return client(keys().main());
    }

    /** The typed result in the contract's wire form, written by the client's own ObjectMapper. */
    private static JsonNode wire(ApiClient client, Object result) {
        return client.getObjectMapper().valueToTree(result);
    }

    /** A walk that has not ended after this many pages is a failure, not a loop. */
    private static final int MAX_PAGES = 100;
    private static final List<CompanyInclude> BOTH_SUMMARIES = List.of(CompanyInclude.JOBS_SUMMARY, CompanyInclude.WEBTECH_SUMMARY);

    /** One page of a walk in the programs' report form (GeneratedClientExpectations). */
    private static ObjectNode pageOf(int offset, int limit, long total, boolean hasMore, String nextCursor, List<String> ids) {
        ObjectNode page = Json.object();
        page.put("offset", offset);
        page.put("limit", limit);
        page.put("total", total);
        page.put("has_more", hasMore);
        if (nextCursor != null) {
            page.put("next_cursor", nextCursor);
        }
        ids.forEach(page.putArray("ids")::add);
        return page;
    }

    @Test
    void getHealth() throws ApiException {
        ApiClient client = client(null);

        Health health = new HealthApi(client).getHealth();

        assertThat(health.getStatus()).isEqualTo(Health.StatusEnum.HEALTHY);
        assertSameWire("getHealth", wire(client, health), GeneratedClientExpectations.health(), fixture());
    }

    @Test
    void listCompaniesByScoreAndStatuses() throws ApiException {
        ApiClient client = client();

        CompanyList page = new CompaniesApi(client).listCompanies(APIListCompaniesRequest.newBuilder()
                .prospectSearchId(UUID.fromString(SEARCH))
                .minMatchScore(7.0)
                .reviewStatusList(List.of(ReviewStatus.ACCEPTED, ReviewStatus.PENDING))
                // With an offset, whose "+" the client must encode (the server would read a plain "+" as a space).
                .updatedSince(GeneratedClientExpectations.UPDATED_SINCE.atOffset(ZoneOffset.ofHours(1)))
                .limit(3)
                .offset(1)
                .build());

        JsonNode expected = GeneratedClientExpectations.companiesByScoreAndStatuses(fixture());
        assertThat(page.getTotal()).isEqualTo(expected.get("total").asLong());
        assertThat(page.getItems()).extracting(Company::getReviewStatus).isSubsetOf(ReviewStatus.ACCEPTED, ReviewStatus.PENDING);
        assertThat(page.getItems()).extracting(Company::getMatchScore).allSatisfy(score -> assertThat(score).isGreaterThanOrEqualTo(7.0));
        assertThat(page.getItems()).extracting(Company::getUpdatedAt)
                .allSatisfy(updated -> assertThat(updated.toInstant()).isAfterOrEqualTo(GeneratedClientExpectations.UPDATED_SINCE));
        assertSameWire("listCompanies", wire(client, page), expected, fixture());
    }

    @Test
    void listCompaniesBySearchAndStatus() throws ApiException {
        ApiClient client = client();

        CompanyList page = new CompaniesApi(client).listCompanies(APIListCompaniesRequest.newBuilder()
                .prospectSearchId(UUID.fromString(SEARCH))
                .search("HAMBURG")
                .reviewStatus(ReviewStatus.ACCEPTED)
                .build());

        assertThat(page.getItems()).extracting(Company::getName).contains("Nordlicht Logistik GmbH");
        assertSameWire("listCompanies", wire(client, page), GeneratedClientExpectations.companiesBySearchAndStatus(fixture()), fixture());
    }

    @Test
    void listProspectSearchesByCursor() throws ApiException {
        ApiClient client = client();
        ProspectSearchesApi api = new ProspectSearchesApi(client);
        ObjectNode walk = Json.object();
        ArrayNode pages = walk.putArray("pages");
        ArrayNode searches = walk.putArray("searches");

        String cursor = null;
        for (int number = 1; ; number++) {
            assertThat(number).as("pages of listProspectSearches").isLessThanOrEqualTo(MAX_PAGES);
            ProspectSearchList page = api.listProspectSearches(APIListProspectSearchesRequest.newBuilder().limit(100).cursor(cursor).build());
            pages.add(pageOf(page.getOffset(), page.getLimit(), page.getTotal(), page.getHasMore(), page.getNextCursor(),
                    page.getItems().stream().map(search -> search.getId().toString()).toList()));
            for (ProspectSearch search : page.getItems()) {
                assertThat(search.getCreatedAt()).isInstanceOf(OffsetDateTime.class);
                searches.add(wire(client, search));
            }
            if (!page.getHasMore()) {
                break;
            }
            cursor = page.getNextCursor();
        }

        GeneratedClientExpectations.assertProspectSearches("Java", walk, fixture(), Instant.now());
        ProspectSearch single = api.getProspectSearch(ProspectSearchesApi.APIGetProspectSearchRequest.newBuilder()
                .prospectSearchId(UUID.fromString(SEARCH)).build());
        JsonNode listed = searches.valueStream().filter(search -> search.get("id").stringValue().equals(SEARCH)).findFirst().orElseThrow();
        assertSameWire("getProspectSearch against its listProspectSearches entry", wire(client, single), listed, fixture());
    }

    @Test
    void listCompaniesByCursor() throws ApiException {
        ApiClient client = client();
        CompaniesApi companies = new CompaniesApi(client);
        ObjectNode walk = Json.object();
        ArrayNode pages = walk.putArray("pages");
        ArrayNode ids = walk.putArray("ids");

        // The first page without a cursor, then each page's next_cursor, nothing else changed.
        String cursor = null;
        for (int number = 1; ; number++) {
            assertThat(number).as("pages of the cursor walk").isLessThanOrEqualTo(MAX_PAGES);
            CompanyList page = companies.listCompanies(APIListCompaniesRequest.newBuilder()
                    .prospectSearchId(UUID.fromString(SEARCH))
                    .limit(GeneratedClientExpectations.PAGE_SIZE)
                    .cursor(cursor)
                    .build());
            List<String> pageIds = page.getItems().stream().map(company -> company.getId().toString()).toList();
            pages.add(pageOf(page.getOffset(), page.getLimit(), page.getTotal(), page.getHasMore(), page.getNextCursor(), pageIds));
            pageIds.forEach(ids::add);
            if (!page.getHasMore()) {
                break;
            }
            assertThat(page.getNextCursor()).as("next_cursor of page %d, whose has_more is true", number).isNotNull();
            cursor = page.getNextCursor();
        }

        GeneratedClientExpectations.assertCursorWalk("Java", walk, fixture());
    }

    @Test
    void getCompanyWithInclude() throws ApiException {
        ApiClient client = client();

        Company company = new CompaniesApi(client).getCompany(APIGetCompanyRequest.newBuilder()
                .companyId(UUID.fromString(COMPANY))
                .include(BOTH_SUMMARIES)
                .build());

        assertThat(company.getJobsSummary().getActivityStrength()).isEqualTo(ActivityStrength.STRONG);
        assertThat(company.getWebtechSummary().getStatus()).isEqualTo(ScanStatus.COMPLETED);
        assertSameWire("getCompany with include", wire(client, company), GeneratedClientExpectations.companyWithSummaries(fixture()),
                fixture());
    }

    @Test
    void listCompaniesWithInclude() throws ApiException {
        ApiClient client = client();

        CompanyList page = new CompaniesApi(client).listCompanies(APIListCompaniesRequest.newBuilder()
                .prospectSearchId(UUID.fromString(SEARCH))
                .search(GeneratedClientExpectations.ONE_COMPANYS_CONTACT)
                .include(BOTH_SUMMARIES)
                .build());

        assertSameWire("listCompanies with include", wire(client, page), GeneratedClientExpectations.companiesWithSummaries(fixture()),
                fixture());
    }

    @Test
    void aForgedCursorIsATypedValidationErrorNamingCursor() throws Exception {
        ApiClient client = client();

        ApiException failure = catchThrowableOfType(ApiException.class, () -> new CompaniesApi(client)
                .listCompanies(APIListCompaniesRequest.newBuilder().prospectSearchId(UUID.fromString(SEARCH)).cursor("AAAA").build()));

        assertThat(failure).as("listCompanies with a made-up cursor").isNotNull();
        assertThat(failure.getCode()).isEqualTo(400);
        ErrorResponse body = client.getObjectMapper().readValue(failure.getResponseBody(), ErrorResponse.class);
        assertThat(body.getError()).isEqualTo("VALIDATION_ERROR");
        assertThat(body.getMessage()).contains("cursor");
    }

    @Test
    void getCompany() throws ApiException {
        ApiClient client = client();

        Company company = new CompaniesApi(client).getCompany(APIGetCompanyRequest.newBuilder()
                .companyId(UUID.fromString(COMPANY))
                .build());

        // The types the document promises, beside the values compared below.
        assertThat(company.getId()).isEqualTo(UUID.fromString(COMPANY));
        assertThat(company.getProspectSearchId()).isEqualTo(UUID.fromString(SEARCH));
        assertThat(company.getReviewStatus()).isEqualTo(ReviewStatus.ACCEPTED);
        assertThat(company.getMatchScore()).isEqualTo(9.2);
        assertThat(company.getCreatedAt()).isEqualTo(OffsetDateTime.parse("2025-10-02T08:30:00Z"));
        assertThat(company.getContacts()).extracting(Contact::getName).containsExactly("Lena Vogt", "Jonas Kraft");
        assertThat(company.getContacts().get(1).getEmail()).as("an email the fixture leaves out").isNull();
        assertSameWire("getCompany", wire(client, company), GeneratedClientExpectations.company(fixture()), fixture());
    }

    @Test
    void listCompanyJobs() throws ApiException {
        ApiClient client = client();

        JobList page = new JobsApi(client).listCompanyJobs(APIListCompanyJobsRequest.newBuilder()
                .companyId(UUID.fromString(COMPANY))
                .daysBack(30)
                .platform("LinkedIn")
                .limit(3)
                .offset(1)
                .build());

        assertThat(page.getActivityStrength()).isInstanceOf(ActivityStrength.class);
        assertThat(page.getJobs()).allSatisfy(job -> assertThat(job.getDatePosted().toInstant()).isBefore(Instant.now()));
        assertSameWire("listCompanyJobs", wire(client, page), GeneratedClientExpectations.jobs(fixture()), fixture());
    }

    @Test
    void getCompanyJobsSummary() throws ApiException {
        ApiClient client = client();

        JobSummary summary = new JobsApi(client).getCompanyJobsSummary(APIGetCompanyJobsSummaryRequest.newBuilder()
                .companyId(UUID.fromString(COMPANY))
                .build());

        assertThat(summary.getActivityStrength()).isEqualTo(ActivityStrength.STRONG);
        assertThat(summary.getLatestJob().getDatePosted()).isInstanceOf(OffsetDateTime.class);
        assertSameWire("getCompanyJobsSummary", wire(client, summary), GeneratedClientExpectations.jobsSummary(fixture()), fixture());
    }

    @Test
    void listCompanyTechnologies() throws ApiException {
        ApiClient client = client();

        TechnologyList page = new TechnologiesApi(client).listCompanyTechnologies(APIListCompanyTechnologiesRequest.newBuilder()
                .companyId(UUID.fromString(COMPANY))
                .category("JavaScript_Framework")
                .minConfidence(90)
                .limit(2)
                .offset(1)
                .build());

        assertThat(page.getStatus()).isEqualTo(ScanStatus.COMPLETED);
        assertSameWire("listCompanyTechnologies", wire(client, page), GeneratedClientExpectations.technologies(fixture()), fixture());
    }

    @Test
    void getCompanyWebtechSummary() throws ApiException {
        ApiClient client = client();

        TechnologySummary summary = new TechnologiesApi(client).getCompanyWebtechSummary(APIGetCompanyWebtechSummaryRequest.newBuilder()
                .companyId(UUID.fromString(COMPANY))
                .build());

        assertThat(summary.getCategoryCounts()).containsEntry("javascript_framework", 3L);
        assertSameWire("getCompanyWebtechSummary", wire(client, summary), GeneratedClientExpectations.technologySummary(fixture()),
                fixture());
    }

    @Test
    void anUnknownCompanyIsATypedNotFound() throws Exception {
        ApiClient client = client();
        UUID unknown = UUID.randomUUID();

        ApiException failure = catchThrowableOfType(ApiException.class, () -> new CompaniesApi(client)
                .getCompany(APIGetCompanyRequest.newBuilder().companyId(unknown).build()));

        assertThat(failure).as("getCompany of an unknown id").isNotNull();
        assertThat(failure.getCode()).isEqualTo(404);
        ErrorResponse body = client.getObjectMapper().readValue(failure.getResponseBody(), ErrorResponse.class);
        assertThat(body.getError()).isEqualTo("NOT_FOUND");
        assertThat(body.getMessage()).isEqualTo("Company with ID " + unknown + " not found");
    }

    @Test
    void anInvalidParameterIsATypedValidationError() throws Exception {
        ApiClient client = client();

        // The generated client does not check limit's minimum itself: the server's 400 reaches the caller.
        ApiException failure = catchThrowableOfType(ApiException.class, () -> new CompaniesApi(client)
                .listCompanies(APIListCompaniesRequest.newBuilder().prospectSearchId(UUID.fromString(SEARCH)).limit(0).build()));

        assertThat(failure).as("listCompanies with limit 0").isNotNull();
        assertThat(failure.getCode()).isEqualTo(400);
        ErrorResponse body = client.getObjectMapper().readValue(failure.getResponseBody(), ErrorResponse.class);
        assertThat(body.getError()).isEqualTo("VALIDATION_ERROR");
        assertThat(body.getMessage()).contains("limit").contains("between 1 and 100");
    }

    @Test
    void anEmptyBudgetIsATypedRateLimitError() throws Exception {
        // A key of its own with a budget of one request an hour: the shared keys must keep theirs.
        String key = environment().key(FixtureKey.of(Fixture.ORG_OURS).enterprise(1).label("JavaClientJarTest")).key();
        ApiClient client = client(key);
        CompaniesApi companies = new CompaniesApi(client);
        APIGetCompanyRequest request = APIGetCompanyRequest.newBuilder().companyId(UUID.fromString(COMPANY)).build();
        long firstSent = Instant.now().getEpochSecond();
        assertThat(companies.getCompany(request).getName()).isEqualTo("Nordlicht Logistik GmbH");

        ApiException failure = catchThrowableOfType(ApiException.class, () -> companies.getCompany(request));
        long secondsSinceFirstSent = Instant.now().getEpochSecond() - firstSent + 1;

        assertThat(failure).as("the second request of a key of one request an hour").isNotNull();
        assertThat(failure.getCode()).isEqualTo(429);
        RateLimitErrorResponse body = client.getObjectMapper().readValue(failure.getResponseBody(), RateLimitErrorResponse.class);
        assertThat(body.getError()).isEqualTo("RATE_LIMIT_EXCEEDED");
        // The one token comes back an hour after it was spent, less what has trickled back in since.
        assertThat(body.getRetryAfter()).isBetween((int) Math.max(1, 3600 - secondsSinceFirstSent - 1), 3601);
        assertThat(failure.getResponseHeaders().firstValue("Retry-After")).hasValue(Integer.toString(body.getRetryAfter()));
        assertThat(body.getMessage()).isEqualTo("Rate limit exceeded. Retry after " + body.getRetryAfter() + " seconds.");
    }
}
