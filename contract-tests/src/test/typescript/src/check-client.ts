/*
 * Calls every operation of api/openapi.yaml through the typescript-fetch client generated from
 * it, the way a partner's code would, and prints a JSON report to stdout: one entry per check,
 * with what the typed results held (or why the check failed). TypeScriptClientJarTest runs this
 * against the contract tests' server and compares the report with the fixture.
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
    type CompanyList,
    CompanyToJSON,
    Configuration,
    ErrorResponseFromJSON,
    HealthApi,
    HealthStatusEnum,
    type Job,
    JobsApi,
    JobToJSON,
    LatestJobToJSON,
    RateLimitErrorResponseFromJSON,
    ResponseError,
    ReviewStatus,
    ScanStatus,
    TechnologiesApi,
    TechnologyToJSON,
    TopTechnologyToJSON,
} from '../generated';

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

function required(name: string): string {
    const value = process.env[name];
    if (value === undefined || value === '') {
        process.stderr.write(`check-client: environment variable ${name} is not set\n`);
        process.exit(2);
    }
    return value;
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
    };
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
    try {
        await call();
    } catch (e) {
        thrown = e;
    }
    expect(thrown instanceof ResponseError, `expected a ResponseError, got ${thrown === undefined ? 'a result' : String(thrown)}`);
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
        };
    }
    const error = ErrorResponseFromJSON(body);
    expect(typeof error.error === 'string' && typeof error.message === 'string', 'error and message are strings');
    return { status: response.status, error: error.error, message: error.message };
}

const checks: Array<[string, () => Promise<Json>]> = [
    ['getHealth', async () => {
        const health = await new HealthApi(configuration(undefined)).getHealth();
        expectOneOf(health.status, HealthStatusEnum, 'status');
        return { service: health.service, status: health.status };
    }],
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
    ['getCompanyJobsSummary', async () => {
        const summary = await new JobsApi(main).getCompanyJobsSummary({ companyId });
        expectInteger(summary.total, 'total');
        expectOneOf(summary.activityStrength, ActivityStrength, 'activityStrength');
        expect(summary.latestJob !== undefined, 'latestJob is present');
        expectDate(summary.latestJob?.datePosted, 'latestJob.datePosted');
        return {
            total: summary.total,
            activity_strength: summary.activityStrength,
            velocity_per_month: summary.velocityPerMonth,
            latest_job: wire(LatestJobToJSON(summary.latestJob)),
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
    ['getCompanyWebtechSummary', async () => {
        const summary = await new TechnologiesApi(main).getCompanyWebtechSummary({ companyId });
        expectInteger(summary.totalTechnologies, 'totalTechnologies');
        expectOneOf(summary.status, ScanStatus, 'status');
        const counts: { [category: string]: Json } = {};
        for (const [category, count] of Object.entries(summary.categoryCounts)) {
            expectInteger(count, `categoryCounts.${category}`);
            counts[category] = count;
        }
        return {
            top_technologies: summary.topTechnologies.map(technology => wire(TopTechnologyToJSON(technology))),
            total_technologies: summary.totalTechnologies,
            category_counts: counts,
            scan_successful: summary.scanSuccessful,
            status: summary.status,
        };
    }],
    ['getCompany unknown (404)', () => expectError(404, () => new CompaniesApi(main).getCompany({ companyId: unknownCompanyId }))],
    ['listCompanies limit 0 (400)', () => expectError(400, () => new CompaniesApi(main).listCompanies({ prospectSearchId: searchId, limit: 0 }))],
    ['getCompany over budget (429)', async () => {
        // The limited key's one request: served, and its bucket is empty afterwards.
        const company = await new CompaniesApi(limited).getCompany({ companyId });
        expect(company.id === companyId, `the limited key's first request answered company ${company.id}`);
        return expectError(429, () => new CompaniesApi(limited).getCompany({ companyId }));
    }],
];

async function run(): Promise<void> {
    const results: CheckResult[] = [];
    // One after the other: the 429 check spends a budget that must not be raced.
    for (const [check, call] of checks) {
        try {
            results.push({ check, ok: true, observed: await call() });
        } catch (e) {
            const failure = e instanceof ResponseError
                ? `${e.message}: HTTP ${e.response.status} ${await e.response.text().catch(() => '')}`
                : e instanceof Error ? `${e.name}: ${e.message}` : String(e);
            results.push({ check, ok: false, failure });
        }
    }
    process.stdout.write(JSON.stringify({ results }, null, 2) + '\n');
    process.exitCode = results.every(result => result.ok) ? 0 : 1;
}

run().catch(e => {
    process.stderr.write(`check-client: ${e instanceof Error ? e.stack : String(e)}\n`);
    process.exitCode = 1;
});
