/*
 * The worked example of docs/sync.md, compiled by the build against the typescript-fetch client
 * generated from api/openapi.yaml and run by TypeScriptSyncExampleJarTest (through
 * check-sync.ts) while imports add, update, remove and replace companies. The guide shows the
 * text after the line below verbatim; the test fails when the two differ.
 */
// docs/sync.md
import { ChangesApi, type ChangeList, ChangeType, type Company, CompanyFromJSON, type Configuration, ExportApi, ResponseError } from '../generated';

/** Your storage: the companies of each search you copy, and the position the copy stands at. */
export interface Copy {
    /** Replaces a search's companies and its position, in one transaction. */
    replaceAll(searchId: string, companies: Company[], cursor: string): Promise<void>;
    cursorOf(searchId: string): Promise<string>;
    /** Runs `work` in one transaction: a page's changes and the position after them. */
    transaction(work: (tx: CopyTransaction) => Promise<void>): Promise<void>;
}

export interface CopyTransaction {
    upsert(searchId: string, company: Company): Promise<void>;
    delete(searchId: string, companyId: string): Promise<void>;
    storeCursor(searchId: string, cursor: string): Promise<void>;
}

/** Step 2: the first copy, and the position it stands at. */
export async function exportSearch(configuration: Configuration, db: Copy, searchId: string): Promise<void> {
    const response = await new ExportApi(configuration).exportProspectSearchCompaniesRaw({ prospectSearchId: searchId });
    const total = Number(response.raw.headers.get('Export-Total'));
    const cursor = response.raw.headers.get('Changes-Cursor');
    const lines = (await response.raw.text()).split('\n').filter(line => line !== '');
    if (lines.length !== total || cursor === null) {
        throw new Error(`the export was cut after ${lines.length} of ${total} lines: take it again`);
    }
    await db.replaceAll(searchId, lines.map(line => CompanyFromJSON(JSON.parse(line))), cursor);
}

/** Steps 3 and 5: every change after the stored position, applied in order, `pageSize` (1 to 1000) at a time. */
export async function sync(configuration: Configuration, db: Copy, searchId: string, pageSize = 1000): Promise<void> {
    const changes = new ChangesApi(configuration);
    let cursor = await db.cursorOf(searchId);
    for (;;) {
        let page: ChangeList;
        try {
            page = await changes.getProspectSearchChanges({ prospectSearchId: searchId, cursor, limit: pageSize });
        } catch (e) {
            if (e instanceof ResponseError && e.response.status === 410) {
                return exportSearch(configuration, db, searchId); // too old for the feed: start again from an export
            }
            throw e;
        }
        await db.transaction(async tx => {
            for (const change of page.changes) {
                if (change.type === ChangeType.COMPANY_REMOVED) {
                    await tx.delete(searchId, change.companyId);
                } else {
                    await tx.upsert(searchId, change.company!);
                }
            }
            await tx.storeCursor(searchId, page.nextCursor);
        });
        cursor = page.nextCursor;
        if (!page.hasMore) {
            return;
        }
    }
}
