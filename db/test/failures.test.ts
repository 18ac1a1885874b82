// The failure knowledge base's storage: dedupe within the window (and a new report after it), the
// per-key hourly rate, aggregates with distinct organisations and the 3-organisation mark, removal by
// id and by key, utterances and private cases.
import { sql, TransactionRollbackError } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FAILURE_DEDUPE_WINDOW_MS, FAILURE_LIMITS, parseSurfaceValue, surfaceHash } from '@toolmark/benchmarks';
import { createTestDatabase, type TestDatabase } from '@toolmark/db/testing';
import {
  addFailureCases,
  addVersionIfChanged,
  createApiKey,
  createOrganisation,
  createServer,
  failureCasesOf,
  failureConfusions,
  removeFailureReports,
  reportedUtterances,
  serverWithSurface,
  storeFailureReport,
  type NewFailureReport,
} from '@toolmark/db';

let t: TestDatabase;
const orgs: { id: string; keyId: string }[] = [];
let serverId: string;
let hash: string;
const T0 = new Date('2026-11-02T10:00:00Z');
const later = (ms: number) => new Date(T0.getTime() + ms);

beforeAll(async () => {
  t = await createTestDatabase();
  for (let i = 0; i < 4; i++) {
    const org = await createOrganisation(t.db, { name: `Org ${i}`, slug: `org-${i}` });
    const { record } = await createApiKey(t.db, { organisationId: org.id, purpose: 'agent', name: 'agent' });
    orgs.push({ id: org.id, keyId: record.id });
  }
  const server = await createServer(t.db, { name: 'Notes', slug: 'notes', source: 'upload', organisationId: orgs[0]!.id, public: true });
  serverId = server.id;
  const tools = [{ name: 'search_notes', description: 'Searches notes.', inputSchema: { type: 'object' } }, { name: 'find_notes', description: 'Finds notes.', inputSchema: { type: 'object' } }];
  hash = surfaceHash(parseSurfaceValue({ tools }));
  await addVersionIfChanged(t.db, { serverId, surfaceHash: hash, tools: { tools }, toolCount: 2, label: null, origin: 'upload' });
});
afterAll(async () => t?.drop());

const report = (org: number, extra: Partial<NewFailureReport> = {}): NewFailureReport => ({
  serverId,
  surfaceHash: hash,
  toolCalled: 'search_notes',
  expectedTool: 'find_notes',
  kind: 'wrong_tool',
  model: 'openai/gpt-6.1-sol',
  utterance: null,
  apiKeyId: orgs[org]!.keyId,
  organisationId: orgs[org]!.id,
  ...extra,
});

describe('failure reports', () => {
  it('a second report of the same key, server, tools and kind within the window is a duplicate; after the window it is stored', async () => {
    const first = await storeFailureReport(t.db, report(0), T0);
    expect(first.status).toBe('stored');
    const again = await storeFailureReport(t.db, report(0, { model: 'another/model' }), later(FAILURE_DEDUPE_WINDOW_MS - 1000));
    expect(again).toMatchObject({ status: 'duplicate', id: (first as { id: string }).id });
    // Another kind, or another key, is not a duplicate.
    expect((await storeFailureReport(t.db, report(0, { kind: 'bad_arguments', expectedTool: null }), later(1000))).status).toBe('stored');
    expect((await storeFailureReport(t.db, report(1), later(1000))).status).toBe('stored');
    const after = await storeFailureReport(t.db, report(0), later(FAILURE_DEDUPE_WINDOW_MS + 1000));
    expect(after.status).toBe('stored');
    expect((after as { id: string }).id).not.toBe((first as { id: string }).id);
  });

  it('concurrent identical reports store one row', async () => {
    const at = later(10 * FAILURE_DEDUPE_WINDOW_MS);
    const outcomes = await Promise.all(Array.from({ length: 6 }, () => storeFailureReport(t.db, report(3, { toolCalled: 'find_notes', expectedTool: 'search_notes' }), at)));
    expect(outcomes.filter((o) => o.status === 'stored')).toHaveLength(1);
    expect(outcomes.filter((o) => o.status === 'duplicate')).toHaveLength(5);
  });

  it('counts distinct organisations: two organisations are not public, a third makes the confusion public', async () => {
    const wrong = () => failureConfusions(t.db, { serverId }).then((rows) => rows.find((r) => r.kind === 'wrong_tool' && r.toolCalled === 'search_notes'));
    // Org 0 reported twice (once after the window) and org 1 once: three reports, two organisations.
    expect(await wrong()).toMatchObject({ reports: 3, organisations: 2, public: false });
    await storeFailureReport(t.db, report(2), later(2000));
    expect(await wrong()).toMatchObject({ reports: 4, organisations: 3, public: true });
  });

  it('a key may store FAILURE_LIMITS.reportsPerHour reports an hour; past it, rate_limited with the seconds until the oldest leaves the hour', async () => {
    const { record } = await createApiKey(t.db, { organisationId: orgs[1]!.id, purpose: 'agent', name: 'busy' });
    const start = later(100 * FAILURE_DEDUPE_WINDOW_MS);
    for (let i = 0; i < FAILURE_LIMITS.reportsPerHour; i++) {
      const r = await storeFailureReport(t.db, report(1, { apiKeyId: record.id, model: `m${i}`, toolCalled: `tool_${i}` }), new Date(start.getTime() + i * 1000));
      expect(r.status).toBe('stored');
    }
    const over = await storeFailureReport(t.db, report(1, { apiKeyId: record.id, toolCalled: 'one_more' }), new Date(start.getTime() + 600_000));
    expect(over).toEqual({ status: 'rate_limited', scope: 'key', limit: FAILURE_LIMITS.reportsPerHour, retryAfterSeconds: 3000 });
    expect((await storeFailureReport(t.db, report(1, { apiKeyId: record.id, toolCalled: 'one_more' }), new Date(start.getTime() + 3_600_001))).status).toBe('stored');
  });

  it('removal by id and by key takes reports out of every count, once', async () => {
    const before = (await failureConfusions(t.db, { serverId })).find((r) => r.kind === 'bad_arguments');
    expect(before).toMatchObject({ reports: 1, organisations: 1 });
    const { record } = await createApiKey(t.db, { organisationId: orgs[2]!.id, purpose: 'agent', name: 'spammer' });
    const spam = await storeFailureReport(t.db, report(2, { apiKeyId: record.id, kind: 'call_when_none_fitted', expectedTool: null }), later(5000));
    await storeFailureReport(t.db, report(2, { apiKeyId: record.id, kind: 'no_call_when_one_fitted', toolCalled: null }), later(5000));
    expect(await removeFailureReports(t.db, { apiKeyId: record.id }, later(6000))).toBe(2);
    expect(await removeFailureReports(t.db, { apiKeyId: record.id }, later(7000))).toBe(0);
    const kinds = (await failureConfusions(t.db, { serverId })).map((r) => r.kind);
    expect(kinds).not.toContain('call_when_none_fitted');
    expect(kinds).not.toContain('no_call_when_one_fitted');
    // A removed report does not block a new one of the same key.
    expect((await storeFailureReport(t.db, report(2, { apiKeyId: record.id, kind: 'call_when_none_fitted', expectedTool: null }), later(8000))).status).toBe('stored');
    expect(await removeFailureReports(t.db, { reportIds: [(spam as { id: string }).id] }, later(9000))).toBe(0);
  });

  it('utterances are listed for the server, removed ones left out, and become private cases once', async () => {
    const kept = await storeFailureReport(t.db, report(1, { kind: 'no_call_when_one_fitted', toolCalled: null, utterance: '<script>alert(1)</script> find my notes' }), later(20_000));
    const gone = await storeFailureReport(t.db, report(2, { kind: 'no_call_when_one_fitted', toolCalled: null, utterance: 'removed one' }), later(20_000));
    const keptId = (kept as { id: string }).id;
    const goneId = (gone as { id: string }).id;
    await removeFailureReports(t.db, { reportIds: [goneId] }, later(21_000));
    const listed = await reportedUtterances(t.db, serverId);
    expect(listed.map((u) => u.utterance)).toEqual(['<script>alert(1)</script> find my notes']);
    const made = await addFailureCases(t.db, { organisationId: orgs[0]!.id, serverId, reportIds: [keptId, goneId], keyId: null }, later(22_000));
    expect(made).toEqual({ added: [keptId], refused: [goneId] });
    expect((await addFailureCases(t.db, { organisationId: orgs[0]!.id, serverId, reportIds: [keptId], keyId: null }, later(23_000))).added).toEqual([]);
    const cases = await failureCasesOf(t.db, serverId, orgs[0]!.id);
    expect(cases.map((c) => ({ prompt: c.prompt, expected: c.expected }))).toEqual([{ prompt: '<script>alert(1)</script> find my notes', expected: 'find_notes' }]);
    expect((await reportedUtterances(t.db, serverId))[0]!.caseId).toBe(cases[0]!.taskId);
  });

  it('a surface hash finds the public server whose latest tools have it', async () => {
    expect((await serverWithSurface(t.db, hash, null))?.id).toBe(serverId);
    expect(await serverWithSurface(t.db, `sha256:${'0'.repeat(64)}`, null)).toBeUndefined();
  });

  it("the organisation's hourly count and duplicate look-up read an index (migration 0015), not the whole table", async () => {
    // 20 000 reports of 200 other organisations, analysed, inside a transaction rolled back: the plans of
    // storeFailureReport's two per-organisation statements (written here as the SQL they are).
    let plans = { count: '', dedupe: '' };
    await t.db
      .transaction(async (tx) => {
        await tx.execute(sql`INSERT INTO organisations (name, slug) SELECT 'Bulk ' || i, 'bulk-' || i FROM generate_series(1, 200) i`);
        await tx.execute(sql`INSERT INTO failure_reports (server_id, surface_hash, tool_called, expected_tool, kind, model, dedupe_key, api_key_id, organisation_id, created_at)
          SELECT ${serverId}, ${hash}, 'search_notes', 'find_notes', 'wrong_tool', 'm', 'k' || (i % 50), ${orgs[1]!.keyId}, o.id, ${T0.toISOString()}::timestamptz - (i || ' minutes')::interval
          FROM generate_series(1, 20000) i JOIN organisations o ON o.slug = 'bulk-' || (1 + i % 200)`);
        await tx.execute(sql`ANALYZE failure_reports`);
        const explain = async (query: ReturnType<typeof sql>) => [...(await tx.execute<{ 'QUERY PLAN': string }>(sql`EXPLAIN ${query}`))].map((r) => r['QUERY PLAN']).join('\n');
        const org = orgs[3]!.id;
        plans = {
          count: await explain(sql`SELECT count(*), min(created_at) FROM failure_reports WHERE organisation_id = ${org} AND created_at > ${T0.toISOString()}::timestamptz`),
          dedupe: await explain(sql`SELECT id, created_at FROM failure_reports WHERE organisation_id = ${org} AND dedupe_key = 'k1' AND created_at > ${T0.toISOString()}::timestamptz - interval '1 day' AND removed_at IS NULL ORDER BY created_at DESC LIMIT 1`),
        };
        tx.rollback();
      })
      .catch((e: unknown) => {
        if (!(e instanceof TransactionRollbackError)) throw e;
      });
    expect(plans.count).toContain('failure_reports_organisation_idx');
    expect(plans.dedupe).toContain('failure_reports_organisation_dedupe_idx');
  });
});
