/*
 * Calls every operation of api/openapi.yaml through the typescript-fetch client generated from
 * it, the way a partner's code would, and prints a JSON report to stdout: one entry per check,
 * with what the typed results held (or why the check failed). TypeScriptClientJarTest runs this
 * against the contract tests' server and compares the report with the fixture. The checks the Go
 * and Python programs make too come first, under the same names and in the same report form
 * (GeneratedClientProgram): the prospect searches, a walk by cursor and one by offset, include,
 * the export read to its end, getUsage; then the operations only this program and the Java
 * client's test call with more parameters; then the key of one request.
 *
 * The Maven build copies this directory to contract-tests/target/typescript, next to the client
 * generated into ./generated, and compiles both with tsc: a client the document no longer yields,
 * or a use of it that no longer type-checks, fails the build.
 *
 * Input (environment): PROSPECT_API_BASE_URL, PROSPECT_API_KEY (a key with budget to spare),
 * PROSPECT_API_LIMITED_KEY (a key with a budget of exactly one request, not used yet),
 * PROSPECT_SEARCH_ID, PROSPECT_COMPANY_ID (a company of that search with jobs and a completed
 * scan) and PROSPECT_UNKNOWN_COMPANY_ID. The server's certificate is trusted through
 * NODE_EXTRA_CA_CERTS. Exit status 0 when every check passed, 1 when one failed, 2 on bad input.
 */
import {
    ActivityStrength,
    CompaniesApi,
    type Company,
    CompanyFromJSON,
    CompanyInclude,
    type CompanyList,
    CompanyToJSON,
    Configuration,
    ErrorResponseFromJSON,
    ExportApi,
    HealthApi,
    HealthStatusEnum,
    type Job,
    JobsApi,
    JobToJSON,
    type JobSummary,
    LatestJobToJSON,
    ProspectSearchesApi,
    ProspectSearchToJSON,
    RateLimitErrorResponseFromJSON,
    ResponseError,
    ReviewStatus,
    ScanStatus,
    type TechnologySummary,
    TechnologiesApi,
    TechnologyToJSON,
    TopTechnologyToJSON,
    UsageApi,
    UsageToJSON,
} from '../generated';
import { required } from './environment';

/** The page size of the walks: small, so that the fixture's search takes many pages. */
const PAGE_SIZE = 2;
/** A walk that has not ended after this many pages is a failure, not a loop. */
const MAX_PAGES = 100;
const BOTH_SUMMARIES = [CompanyInclude.JobsSummary, CompanyInclude.WebtechSummary];

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

/** The wire form a generated XxxToJSON returns (typed, oddly, as the model it was given). */
function wire(value: unknown): Json {
    return value as Json;
}

interface CheckResult {
    check: string;
    ok: boolean;
    observed?: Json;
    failure?: string;
}

/** A check's typed result is not what the document promises; observed is what it saw so far. */
class CheckFailed extends Error {
    override name = 'CheckFailed';

    constructor(message: string, readonly observed?: Json) {
        super(message);
    }
}

const baseUrl = required('PROSPECT_API_BASE_URL');
const searchId = required('PROSPECT_SEARCH_ID');
const companyId = required('PROSPECT_COMPANY_ID');
const unknownCompanyId = required('PROSPECT_UNKNOWN_COMPANY_ID');

function configuration(key: string | undefined): Configuration {
    // The generated client sends accessToken as "Authorization: Bearer <token>" (bearerAuth).
    return new Configuration({ basePath: baseUrl, accessToken: key === undefined ? undefined : async () => key });
}

const main = configuration(required('PROSPECT_API_KEY'));
const limited = configuration(required('PROSPECT_API_LIMITED_KEY'));

/** Thrown by the checks below when a typed value is not what its declared type promises. */
class TypeMismatch extends Error {
    override name = 'TypeMismatch';
}

function expect(condition: boolean, message: string): void {
    if (!condition) {
        throw new TypeMismatch(message);
    }
}

function expectDate(value: unknown, what: string): void {
    expect(value instanceof Date && !Number.isNaN(value.getTime()), `${what} is not a valid Date: ${String(value)}`);
}

function expectOneOf(value: unknown, type: Record<string, string>, what: string): void {
    expect(Object.values(type).includes(value as string), `${what} is ${String(value)}, not one of ${Object.values(type).join(', ')}`);
}

function expectInteger(value: unknown, what: string): void {
    expect(Number.isInteger(value), `${what} is not an integer: ${String(value)}`);
}

function checkCompany(company: Company, what: string): Json {
    expect(typeof company.id === 'string' && typeof company.name === 'string', `${what}: id and name are strings`);
    expect(typeof company.matchScore === 'number', `${what}.matchScore is a number`);
    expectOneOf(company.reviewStatus, ReviewStatus, `${what}.reviewStatus`);
    expectDate(company.createdAt, `${what}.createdAt`);
    expectDate(company.updatedAt, `${what}.updatedAt`);
    expect(Array.isArray(company.contacts), `${what}.contacts is an array`);
    // The wire form again, through the generated serializer: the test compares it with the fixture.
    return wire(CompanyToJSON(company));
}

/** Checks a list's envelope and returns it as on the wire. */
function checkPage(page: { total: number; limit: number; offset: number; hasMore: boolean }, what: string): { [field: string]: Json } {
    expectInteger(page.total, `${what}.total`);
    expectInteger(page.limit, `${what}.limit`);
    expectInteger(page.offset, `${what}.offset`);
    expect(typeof page.hasMore === 'boolean', `${what}.hasMore is a boolean`);
    return { total: page.total, limit: page.limit, offset: page.offset, has_more: page.hasMore };
}

function companyPage(list: CompanyList): Json {
    return {
        ...checkPage(list, 'CompanyList'),
        items: list.items.map((company, index) => checkCompany(company, `items[${index}]`)),
        ...(list.nextCursor === undefined ? {} : { next_cursor: list.nextCursor }),
    };
}

/** The query string a response answered, as the client sent it. */
function queryOf(response: Response): string {
    return new URL(response.url).search.replace(/^\?/, '');
}

/** One page of a list as the client typed it, with the query string the client sent for it. */
function pageOf(query: string, page: { total: number; limit: number; offset: number; hasMore: boolean; nextCursor?: string },
    ids: string[]): { [field: string]: Json } {
    return {
        query,
        ...checkPage(page, 'page'),
        ...(page.nextCursor === undefined ? {} : { next_cursor: page.nextCursor }),
        ids,
    };
}

/** The companies of the search, page after page: by next_cursor, or by offset + limit. */
async function walkCompanies(byCursor: boolean): Promise<Json> {
    const companies = new CompaniesApi(main);
    const pages: Json[] = [];
    const ids: string[] = [];
    let cursor: string | undefined;
    let offset = 0;
    for (let number = 1; number <= MAX_PAGES; number++) {
        let response;
        try {
            // The first page without a cursor, then each page's next_cursor, nothing else changed.
            response = await companies.listCompaniesRaw(byCursor
                ? { prospectSearchId: searchId, limit: PAGE_SIZE, cursor }
                : { prospectSearchId: searchId, limit: PAGE_SIZE, offset });
        } catch (e) {
            const observed: { [field: string]: Json } = { pages, ids };
            if (e instanceof ResponseError) {
                observed.failed_query = queryOf(e.response);
            }
            throw new CheckFailed(`page ${number}: ${await describe(e)}`, observed);
        }
        const page = await response.value();
        const pageIds = page.items.map(company => company.id);
        pages.push(pageOf(queryOf(response.raw), page, pageIds));
        ids.push(...pageIds);
        if (!page.hasMore) {
            return { pages, ids };
        }
        if (byCursor) {
            if (page.nextCursor === undefined) {
                throw new CheckFailed(`page ${number} has hasMore true and no nextCursor`, { pages, ids });
            }
            cursor = page.nextCursor;
        } else {
            offset += page.limit;
        }
    }
    throw new CheckFailed(`hasMore still true after ${MAX_PAGES} pages`, { pages, ids });
}

/** Every prospect search of the organization: pages of the largest size, by cursor if more than one. */
async function prospectSearches(): Promise<Json> {
    const api = new ProspectSearchesApi(main);
    const pages: Json[] = [];
    const searches: Json[] = [];
    let cursor: string | undefined;
    for (let number = 1; number <= MAX_PAGES; number++) {
        const response = await api.listProspectSearchesRaw({ limit: 100, cursor });
        const page = await response.value();
        page.items.forEach((search, index) => {
            expectDate(search.createdAt, `items[${index}].createdAt`);
            expectDate(search.updatedAt, `items[${index}].updatedAt`);
            expectInteger(search.companyCount, `items[${index}].companyCount`);
        });
        pages.push(pageOf(queryOf(response.raw), page, page.items.map(search => search.id)));
        searches.push(...page.items.map(search => wire(ProspectSearchToJSON(search))));
        if (!page.hasMore) {
            return { pages, searches };
        }
        if (page.nextCursor === undefined) {
            throw new CheckFailed(`page ${number} has hasMore true and no nextCursor`);
        }
        cursor = page.nextCursor;
    }
    throw new CheckFailed(`hasMore still true after ${MAX_PAGES} pages`);
}

function jobsSummary(summary: JobSummary | undefined, what: string): Json {
    expect(summary !== undefined, `${what} is present`);
    const present = summary as JobSummary;
    expectInteger(present.total, `${what}.total`);
    expectOneOf(present.activityStrength, ActivityStrength, `${what}.activityStrength`);
    // latest_job is left out for a company without an active job.
    if (present.latestJob !== undefined) {
        expectDate(present.latestJob.datePosted, `${what}.latestJob.datePosted`);
    }
    return {
        total: present.total,
        activity_strength: present.activityStrength,
        velocity_per_month: present.velocityPerMonth,
        ...(present.latestJob === undefined ? {} : { latest_job: wire(LatestJobToJSON(present.latestJob)) }),
    };
}

function technologySummary(summary: TechnologySummary | undefined, what: string): Json {
    expect(summary !== undefined, `${what} is present`);
    const present = summary as TechnologySummary;
    expectInteger(present.totalTechnologies, `${what}.totalTechnologies`);
    expectOneOf(present.status, ScanStatus, `${what}.status`);
    const counts: { [category: string]: Json } = {};
    for (const [category, count] of Object.entries(present.categoryCounts)) {
        expectInteger(count, `${what}.categoryCounts.${category}`);
        counts[category] = count;
    }
    return {
        top_technologies: present.topTechnologies.map(technology => wire(TopTechnologyToJSON(technology))),
        total_technologies: present.totalTechnologies,
        category_counts: counts,
        scan_successful: present.scanSuccessful,
        status: present.status,
    };
}

/** A company with both summaries, their typed values checked on the way. */
function companyWithSummaries(company: Company, what: string): Json {
    jobsSummary(company.jobsSummary, `${what}.jobsSummary`);
    technologySummary(company.webtechSummary, `${what}.webtechSummary`);
    return checkCompany(company, what);
}

/**
 * The search's export with both summaries, read to its end: its lines' ids, and the count the
 * server announced before them. typescript-fetch types the NDJSON body as a Blob; each line is
 * read with the generated CompanyFromJSON.
 */
async function exportToTheEnd(): Promise<Json> {
    const response = await new ExportApi(main).exportProspectSearchCompaniesRaw({ prospectSearchId: searchId, include: BOTH_SUMMARIES });
    const body = await response.raw.text();
    expect(body === '' || body.endsWith('\n'), 'the export ends with a newline');
    const ids: string[] = [];
    body.split('\n').filter(line => line !== '').forEach((line, index) => {
        const company = CompanyFromJSON(JSON.parse(line));
        companyWithSummaries(company, `line ${index + 1}`);
        ids.push(company.id);
    });
    return { export_total: response.raw.headers.get('Export-Total'), ids };
}

async function usage(configuration: Configuration): Promise<Json> {
    const response = await new UsageApi(configuration).getUsageRaw();
    const value = await response.value();
    expectDate(value.resetAt, 'resetAt');
    expectInteger(value.remaining, 'remaining');
    return {
        usage: wire(UsageToJSON(value)),
        remaining_header: response.raw.headers.get('X-RateLimit-Remaining'),
        limit_header: response.raw.headers.get('X-RateLimit-Limit'),
    };
}

async function describe(e: unknown): Promise<string> {
    return e instanceof ResponseError
        ? `${e.message}: HTTP ${e.response.status} ${await e.response.clone().text().catch(() => '')}`
        : e instanceof Error ? `${e.name}: ${e.message}` : String(e);
}

function checkJob(job: Job, what: string): Json {
    expectDate(job.datePosted, `${what}.datePosted`);
    return wire(JobToJSON(job));
}

/**
 * Calls the operation, which must fail with HTTP {@code status}: the client's ResponseError, whose
 * body the generated model reads.
 */
async function expectError(status: number, call: () => Promise<unknown>): Promise<Json> {
    let thrown: unknown;
    const started = performance.now();
    try {
        await call();
    } catch (e) {
        thrown = e;
    }
    expect(thrown instanceof ResponseError, `expected a ResponseError, got ${thrown === undefined ? 'a result' : String(thrown)}`);
    const seconds = ((performance.now() - started) / 1000).toFixed(3);
    const response = (thrown as ResponseError).response;
    if (response.status !== status) {
        throw new TypeMismatch(`expected HTTP ${status}, got ${response.status}: ${await response.text()}`);
    }
    const body: unknown = await response.json();
    if (status === 429) {
        const error = RateLimitErrorResponseFromJSON(body);
        expectInteger(error.retryAfter, 'retryAfter');
        return {
            status: response.status,
            error: error.error,
            message: error.message,
            retry_after: error.retryAfter,
            retry_after_header: response.headers.get('Retry-After'),
            seconds,
        };
    }
    const error = ErrorResponseFromJSON(body);
    expect(typeof error.error === 'string' && typeof error.message === 'string', 'error and message are strings');
    return { status: response.status, error: error.error, message: error.message, seconds };
}

const checks: Array<[string, () => Promise<Json>]> = [
    ['getHealth', async () => {
        const health = await new HealthApi(configuration(undefined)).getHealth();
        expectOneOf(health.status, HealthStatusEnum, 'status');
        return { service: health.service, status: health.status };
    }],
    ['listProspectSearches', prospectSearches],
    ['getProspectSearch', async () => wire(ProspectSearchToJSON(await new ProspectSearchesApi(main).getProspectSearch({
        prospectSearchId: searchId,
    })))],
    ['listCompanies by cursor', () => walkCompanies(true)],
    ['listCompanies by offset', () => walkCompanies(false)],
    ['getCompany with include', async () => companyWithSummaries(
        await new CompaniesApi(main).getCompany({ companyId, include: BOTH_SUMMARIES }), 'company')],
    ['listCompanies with include', async () => {
        const page = await new CompaniesApi(main).listCompanies({ prospectSearchId: searchId, search: 'Lena Vogt', include: BOTH_SUMMARIES });
        page.items.forEach((company, index) => companyWithSummaries(company, `items[${index}]`));
        return companyPage(page);
    }],
    ['exportProspectSearchCompanies', exportToTheEnd],
    ['getCompanyJobsSummary', async () => jobsSummary(await new JobsApi(main).getCompanyJobsSummary({ companyId }), 'summary')],
    ['getCompanyWebtechSummary', async () => technologySummary(
        await new TechnologiesApi(main).getCompanyWebtechSummary({ companyId }), 'summary')],
    ['getUsage', () => usage(main)],
    ['getCompany unknown (404)', () => expectError(404, () => new CompaniesApi(main).getCompany({ companyId: unknownCompanyId }))],
    ['listCompanies forged cursor (400)', () => expectError(400, () => new CompaniesApi(main).listCompanies({
        prospectSearchId: searchId, cursor: 'AAAA',
    }))],
    // The operations with more of their parameters, as JavaClientJarTest calls them.
    ['listCompanies by score and statuses', async () => companyPage(await new CompaniesApi(main).listCompanies({
        prospectSearchId: searchId,
        minMatchScore: 7,
        reviewStatusList: [ReviewStatus.Accepted, ReviewStatus.Pending],
        updatedSince: new Date('2025-11-01T00:00:00Z'),
        limit: 3,
        offset: 1,
    }))],
    ['listCompanies by search and status', async () => companyPage(await new CompaniesApi(main).listCompanies({
        prospectSearchId: searchId,
        search: 'HAMBURG',
        reviewStatus: ReviewStatus.Accepted,
    }))],
    ['getCompany', async () => checkCompany(await new CompaniesApi(main).getCompany({ companyId }), 'company')],
    ['listCompanyJobs', async () => {
        const page = await new JobsApi(main).listCompanyJobs({ companyId, daysBack: 30, platform: 'LinkedIn', limit: 3, offset: 1 });
        const envelope = checkPage(page, 'JobList');
        expectOneOf(page.activityStrength, ActivityStrength, 'activityStrength');
        expect(typeof page.velocityPerMonth === 'number', 'velocityPerMonth is a number');
        return {
            ...envelope,
            activity_strength: page.activityStrength,
            velocity_per_month: page.velocityPerMonth,
            jobs: page.jobs.map((job, index) => checkJob(job, `jobs[${index}]`)),
        };
    }],
    ['listCompanyTechnologies', async () => {
        const page = await new TechnologiesApi(main).listCompanyTechnologies({
            companyId, category: 'JavaScript_Framework', minConfidence: 90, limit: 2, offset: 1,
        });
        const envelope = checkPage(page, 'TechnologyList');
        expectOneOf(page.status, ScanStatus, 'status');
        expect(typeof page.scanSuccessful === 'boolean', 'scanSuccessful is a boolean');
        return {
            ...envelope,
            scan_successful: page.scanSuccessful,
            status: page.status,
            technologies: page.technologies.map(technology => wire(TechnologyToJSON(technology))),
        };
    }],
    ['listCompanies limit 0 (400)', () => expectError(400, () => new CompaniesApi(main).listCompanies({ prospectSearchId: searchId, limit: 0 }))],
    ['getCompany over budget (429)', async () => {
        // The limited key's one request: served, and its bucket is empty afterwards.
        const company = await new CompaniesApi(limited).getCompany({ companyId });
        expect(company.id === companyId, `the limited key's first request answered company ${company.id}`);
        return expectError(429, () => new CompaniesApi(limited).getCompany({ companyId }));
    }],
    // getUsage is free: it answers the key whose budget the check before spent.
    ['getUsage over budget', () => usage(limited)],
];

async function run(): Promise<void> {
    const results: CheckResult[] = [];
    // One after the other: the 429 check spends a budget that must not be raced.
    for (const [check, call] of checks) {
        try {
            results.push({ check, ok: true, observed: await call() });
        } catch (e) {
            const entry: CheckResult = { check, ok: false, failure: await describe(e) };
            if (e instanceof CheckFailed && e.observed !== undefined) {
                entry.observed = e.observed;
            }
            results.push(entry);
        }
    }
    process.stdout.write(JSON.stringify({ results }, null, 2) + '\n');
    process.exitCode = results.every(result => result.ok) ? 0 : 1;
}

run().catch(e => {
    process.stderr.write(`check-client: ${e instanceof Error ? e.stack : String(e)}\n`);
    process.exitCode = 1;
});
