/*
 * Runs one step of docs/sync.md's worked example (sync-example.ts) for TypeScriptSyncExampleJarTest,
 * with the partner's storage kept in a JSON file between runs:
 *
 *   node check-sync.js export STATE   the first copy: exportSearch
 *   node check-sync.js sync STATE     everything since: sync, PROSPECT_PAGE_SIZE changes a page
 *
 * STATE holds {"cursor", "exports", "companies": {id: company as the client's CompanyToJSON
 * writes it}}; "exports" counts the exports taken, so that the test sees sync fall back to one
 * after a 410. A transaction writes the whole file anew (a temporary file, then a rename), so a
 * failed step leaves the state it started from.
 *
 * Input (environment): PROSPECT_API_BASE_URL, PROSPECT_API_KEY, PROSPECT_SEARCH_ID,
 * PROSPECT_PAGE_SIZE (sync only); the server's certificate is trusted through
 * NODE_EXTRA_CA_CERTS. Exit status 0 when the step ended, 1 when it failed, 2 on bad input.
 */
import { readFileSync, renameSync, writeFileSync } from 'node:fs';
import { type Company, CompanyFromJSON, CompanyToJSON, Configuration } from '../generated';
import { required } from './environment';
import { type Copy, type CopyTransaction, exportSearch, sync } from './sync-example';

type State = { cursor: string; exports: number; companies: Record<string, unknown> };

/** The storage of one search's copy in a file: each transaction rewrites it whole. */
class FileCopy implements Copy {
    constructor(private readonly path: string, private state: State) {}

    static open(path: string, step: string): FileCopy {
        return new FileCopy(path, step === 'export'
            ? { cursor: '', exports: 0, companies: {} }
            : JSON.parse(readFileSync(path, 'utf8')) as State);
    }

    async replaceAll(_searchId: string, companies: Company[], cursor: string): Promise<void> {
        const next: State = { cursor, exports: this.state.exports + 1, companies: {} };
        for (const company of companies) {
            next.companies[company.id] = CompanyToJSON(company);
        }
        this.commit(next);
    }

    async cursorOf(_searchId: string): Promise<string> {
        return this.state.cursor;
    }

    async transaction(work: (tx: CopyTransaction) => Promise<void>): Promise<void> {
        const next: State = { ...this.state, companies: { ...this.state.companies } };
        await work({
            upsert: async (_searchId, company) => { next.companies[company.id] = CompanyToJSON(company); },
            delete: async (_searchId, companyId) => { delete next.companies[companyId]; },
            storeCursor: async (_searchId, cursor) => { next.cursor = cursor; },
        });
        this.commit(next);
    }

    private commit(next: State): void {
        // Each stored company must read back as the client's Company: the copy keeps what the client typed.
        Object.values(next.companies).forEach(company => CompanyFromJSON(company));
        writeFileSync(`${this.path}.tmp`, JSON.stringify(next, null, 1));
        renameSync(`${this.path}.tmp`, this.path);
        this.state = next;
    }
}

async function main(): Promise<void> {
    const [step, path] = process.argv.slice(2);
    if ((step !== 'export' && step !== 'sync') || path === undefined) {
        process.stderr.write('usage: check-sync.js export|sync STATE\n');
        process.exit(2);
    }
    const key = required('PROSPECT_API_KEY');
    // The generated client sends accessToken as "Authorization: Bearer <token>" (bearerAuth).
    const configuration = new Configuration({ basePath: required('PROSPECT_API_BASE_URL'), accessToken: async () => key });
    const searchId = required('PROSPECT_SEARCH_ID');
    const db = FileCopy.open(path, step);
    if (step === 'export') {
        await exportSearch(configuration, db, searchId);
    } else {
        await sync(configuration, db, searchId, Number(required('PROSPECT_PAGE_SIZE')));
    }
}

main().catch(async (e: unknown) => {
    const body = e instanceof Error && 'response' in e && e.response instanceof Response ? await e.response.text() : '';
    process.stderr.write(`check-sync: ${e instanceof Error ? e.stack ?? e.message : String(e)} ${body}\n`);
    process.exit(1);
});
