// The knowledge-base tools report_failure and query_failures through their run() on a real database, and
// the REST side of the knowledge base (the server's failures, private cases, removal) through app.inject:
// key purposes both ways, dedupe, the 3-organisation rule, sizes and rates, hostile text kept as given,
// utterances only for the server's organisation, operator removal.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { FAILURE_LIMITS, parseTaskSet } from '@toolmark/benchmarks';
import { storeFailureReport } from '@toolmark/db';
import { queryFailuresTool as queryFailures } from '../../src/mcp/tools/query-failures.js';
import { reportFailureTool as reportFailure } from '../../src/mcp/tools/report-failure.js';
import { bearer } from '../api/helpers.js';
import { kbWorld, refusal, type KbWorld } from './failure-kb.js';

let w: KbWorld;
beforeAll(async () => {
  w = await kbWorld();
});
afterAll(async () => w?.h.close());

const HOSTILE = '<script>alert(1)</script><img src=x onerror=alert(2)> \u202Eevil\u202C find my notes';
const args = (extra: Record<string, unknown> = {}) => z.strictObject(reportFailure.inputSchema).parse({ server: 'notes', toolCalled: 'search_notes', expectedTool: 'find_notes', kind: 'wrong_tool', model: 'anthropic/claude-sonnet-5-5', ...extra });
const post = async (key: string, extra: Record<string, unknown> = {}) => (await reportFailure.run(await w.ctx(key), args(extra))).data as Record<string, unknown>;
const query = async (key: string, extra: Record<string, unknown> = {}) =>
  (await queryFailures.run(await w.ctx(key), z.strictObject(queryFailures.inputSchema).parse({ server: 'notes', ...extra }))).data as { confusions: Record<string, unknown>[]; belowThreshold: number };
const page = (key?: string) => w.h.app.inject({ method: 'GET', url: `/v1/servers/${w.server.id}/failures`, headers: key ? bearer(key) : {} });

describe('report_failure and query_failures', () => {
  it('both need an agent key: admin, ci and script keys are refused with wrong_purpose, no key with unauthorized; an agent key still cannot call the REST API', async () => {
    for (const purpose of ['admin', 'ci', 'script'] as const) {
      const refused = await refusal(post(w.h.keys[purpose]));
      expect(refused.code, purpose).toBe('wrong_purpose');
      expect(refused.detail).toEqual({ purpose, allowed: ['agent'] });
      expect((await refusal(query(w.h.keys[purpose]))).code).toBe('wrong_purpose');
    }
    const anonymous = { ...(await w.ctx(w.h.keys.agent)), auth: null };
    expect((await refusal(reportFailure.run(anonymous, args()))).code).toBe('unauthorized');
    for (const url of ['/v1/me', `/v1/servers/${w.server.id}/failures`]) {
      const rest = await w.h.app.inject({ method: 'GET', url, headers: bearer(w.h.keys.agent) });
      expect(rest.statusCode, url).toBe(403);
      expect(rest.json().error.code).toBe('wrong_purpose');
    }
  });

  it('an agent posts (then the same report again is a duplicate) and queries; a kind that does not fit its tools, an unknown tool or both server and hash are refused naming the argument', async () => {
    const first = await post(w.orgs[1]!.agent);
    expect(first).toMatchObject({ status: 'stored', server: { id: w.server.id, slug: 'notes' }, surfaceHash: w.server.surfaceHash, utteranceStored: false });
    expect(await post(w.orgs[1]!.agent, { model: 'other/model' })).toMatchObject({ status: 'duplicate', reportId: first.reportId });
    expect(await query(w.orgs[1]!.agent)).toMatchObject({ confusions: [], belowThreshold: 1 });
    expect(await refusal(post(w.orgs[1]!.agent, { expectedTool: 'search_notes' }))).toMatchObject({ code: 'invalid_arguments', detail: { path: 'arguments.expectedTool' } });
    expect(await refusal(post(w.orgs[1]!.agent, { toolCalled: 'no_such_tool' }))).toMatchObject({ code: 'unknown_tool', detail: { path: 'arguments.toolCalled', tool: 'no_such_tool' } });
    expect((await refusal(post(w.orgs[1]!.agent, { surfaceHash: w.server.surfaceHash }))).code).toBe('invalid_arguments');
    expect((await refusal(post(w.orgs[1]!.agent, { server: 'not-a-server' }))).code).toBe('not_found');
  });

  it('sizes are limited by the argument schema, naming the argument', () => {
    const schema = z.strictObject(reportFailure.inputSchema);
    const bad = (extra: Record<string, unknown>) => schema.safeParse({ server: 'notes', toolCalled: 'a', kind: 'bad_arguments', model: 'm', ...extra }).error?.issues[0]?.path.join('.');
    expect(bad({ utterance: 'x'.repeat(FAILURE_LIMITS.utterance + 1) })).toBe('utterance');
    expect(schema.safeParse({ server: 'notes', toolCalled: 'a', kind: 'bad_arguments', model: 'm', utterance: 'x'.repeat(FAILURE_LIMITS.utterance) }).success).toBe(true);
    expect(bad({ toolCalled: 't'.repeat(FAILURE_LIMITS.toolName + 1) })).toBe('toolCalled');
    expect(bad({ model: 'm'.repeat(FAILURE_LIMITS.model + 1) })).toBe('model');
    expect(bad({ model: 'a\u0000b' })).toBe('model');
    expect(bad({ kind: 'other' })).toBe('kind');
    expect(bad({ extra: 1 })).toBe('');
  });

  it('the 3-organisation rule: two organisations show nothing publicly, a third shows the counts; the owner sees every confusion', async () => {
    await post(w.orgs[2]!.agent);
    const two = await page();
    expect(two.statusCode, two.body).toBe(200);
    expect(two.json()).toMatchObject({ confusions: [], belowThreshold: 1, publicMinOrganisations: 3, own: null });
    expect((await query(w.orgs[3]!.agent)).confusions).toEqual([]);
    const owner = (await page(w.h.keys.admin)).json();
    expect(owner.confusions).toMatchObject([{ toolCalled: 'search_notes', expectedTool: 'find_notes', reports: 2, organisations: 2, public: false }]);

    await post(w.orgs[3]!.agent);
    const three = (await page()).json();
    expect(three.confusions).toMatchObject([{ toolCalled: 'search_notes', expectedTool: 'find_notes', kind: 'wrong_tool', reports: 3, organisations: 3, public: true, predicted: true }]);
    expect(three.confusions[0].explanations.map((e: { code: string }) => e.code)).toContain('confusable_pair');
    expect(three.comparison.predictedAndReported).toEqual([{ tools: ['find_notes', 'search_notes'], reports: 3, organisations: 3 }]);
    const asked = await query(w.orgs[1]!.agent, { tool: 'find_notes' });
    expect(asked.confusions).toMatchObject([{ reports: 3, organisations: 3, predicted: true }]);
    expect((await query(w.orgs[1]!.agent, { tool: 'delete_note' })).confusions).toEqual([]);
    // By surface hash: the same server.
    expect((await query(w.orgs[1]!.agent, { server: undefined, surfaceHash: w.server.surfaceHash })).confusions).toHaveLength(1);
  });

  it("hostile utterances are stored as given and read only by the server's organisation (admin or script key); nobody else sees them anywhere", async () => {
    const posted = await post(w.orgs[2]!.agent, { kind: 'no_call_when_one_fitted', toolCalled: null, expectedTool: 'find_notes', utterance: HOSTILE });
    expect(posted).toMatchObject({ status: 'stored', utteranceStored: true });
    for (const key of [w.h.keys.admin, w.h.keys.script]) {
      const own = (await page(key)).json().own;
      expect(own.utterances.map((u: { utterance: string }) => u.utterance)).toEqual([HOSTILE]);
    }
    for (const key of [undefined, w.h.keys.ci, w.orgs[2]!.admin]) {
      const res = await page(key);
      expect(res.json().own).toBeNull();
      expect(res.body).not.toContain('onerror');
    }
    expect(JSON.stringify(await query(w.orgs[2]!.agent))).not.toContain('onerror');
    expect(JSON.stringify(await query(w.h.keys.agent))).not.toContain('onerror');
  });

  it('the owner turns utterances into a private task set that toolmark reads; other organisations and ci keys may not', async () => {
    const [utterance] = (await page(w.h.keys.admin)).json().own.utterances;
    const url = `/v1/servers/${w.server.id}/failures/cases`;
    const added = await w.h.app.inject({ method: 'POST', url, headers: bearer(w.h.keys.script), payload: { reportIds: [utterance.id, '00000000-0000-4000-8000-000000000000'] } });
    expect(added.statusCode, added.body).toBe(200);
    expect(added.json()).toEqual({ added: [utterance.id], refused: ['00000000-0000-4000-8000-000000000000'], total: 1 });
    const set = await w.h.app.inject({ method: 'GET', url, headers: bearer(w.h.keys.admin) });
    expect(set.statusCode).toBe(200);
    expect(parseTaskSet(set.body).tasks).toEqual([{ id: `kb-${utterance.id.slice(0, 8)}`, prompt: HOSTILE, expected: 'find_notes', tags: ['failure-kb'] }]);
    expect((await page(w.h.keys.admin)).json().own).toMatchObject({ caseCount: 1, utterances: [{ caseId: `kb-${utterance.id.slice(0, 8)}` }] });
    for (const [key, status] of [[w.orgs[1]!.admin, 403], [w.h.keys.ci, 403], [w.h.keys.agent, 403], [undefined, 401]] as const) {
      const res = await w.h.app.inject({ method: 'GET', url, headers: key ? bearer(key) : {} });
      expect(res.statusCode, String(key)).toBe(status);
    }
    const empty = await w.h.app.inject({ method: 'POST', url, headers: bearer(w.h.keys.script), payload: { reportIds: [] } });
    expect(empty.statusCode).toBe(400);
  });

  it('past the per-key rate a post is refused with rate_limited and the seconds to wait', async () => {
    const { findLiveKey } = await import('@toolmark/db');
    const key = (await findLiveKey(w.h.t.db, w.orgs[3]!.agent))!;
    for (let i = 0; i < FAILURE_LIMITS.reportsPerHour; i++) {
      await storeFailureReport(w.h.t.db, { serverId: null, surfaceHash: `sha256:${'1'.repeat(64)}`, toolCalled: `t${i}`, expectedTool: null, kind: 'bad_arguments', model: 'm', utterance: null, apiKeyId: key.id, organisationId: key.organisationId }, new Date());
    }
    const refused = await refusal(post(w.orgs[3]!.agent, { kind: 'bad_arguments', expectedTool: null, toolCalled: 'delete_note' }));
    expect(refused.code).toBe('rate_limited');
    expect(refused.detail.limit).toBe(FAILURE_LIMITS.reportsPerHour);
    expect(refused.detail.retryAfterSeconds).toBeGreaterThan(0);
  });

  it("an operator removes reports by key or id; other admins may not; removed reports leave every count", async () => {
    const url = '/v1/failures/removals';
    const { findLiveKey } = await import('@toolmark/db');
    const key = (await findLiveKey(w.h.t.db, w.orgs[3]!.agent))!;
    for (const k of [w.orgs[1]!.admin, w.h.keys.script, w.h.keys.agent]) {
      expect((await w.h.app.inject({ method: 'POST', url, headers: bearer(k), payload: { keyId: key.id } })).statusCode).toBe(403);
    }
    expect((await w.h.app.inject({ method: 'POST', url, headers: bearer(w.h.keys.admin), payload: { keyId: key.id, reportIds: [] } })).statusCode).toBe(400);
    const removed = await w.h.app.inject({ method: 'POST', url, headers: bearer(w.h.keys.admin), payload: { keyId: key.id } });
    expect(removed.statusCode, removed.body).toBe(200);
    // The key's report of the confusion and 59 of the rate test's 60 (its hour was full at the 60th).
    expect(removed.json().removed).toBe(FAILURE_LIMITS.reportsPerHour);
    // Organisation 3's report of the confusion is gone: two organisations left, nothing public.
    expect((await page()).json()).toMatchObject({ confusions: [], belowThreshold: 2 });
    const ids = (await page(w.h.keys.admin)).json().own.utterances.map((u: { id: string }) => u.id);
    const byId = await w.h.app.inject({ method: 'POST', url, headers: bearer(w.h.keys.admin), payload: { reportIds: ids } });
    expect(byId.json().removed).toBe(1);
    expect((await page(w.h.keys.admin)).json().own.utterances).toEqual([]);
  });

  it('limits bound an organisation: another key of it reports a duplicate; past the organisation rate every key of it is refused; a surface no visible server has is refused', async () => {
    const { findLiveKey } = await import('@toolmark/db');
    const mintAgent = async () => (await w.h.app.inject({ method: 'POST', url: '/v1/keys', headers: bearer(w.orgs[2]!.admin), payload: { purpose: 'agent', name: 'one more' } })).json().key as string;
    const [second, third] = [await mintAgent(), await mintAgent()];
    // A report of organisation 2's first key, then the same from another of its keys: that report again.
    const report = { kind: 'bad_arguments', toolCalled: 'search_notes', expectedTool: null };
    const stored = await post(w.orgs[2]!.agent, report);
    const first = (await query(w.h.keys.agent, { limit: 50 })).confusions;
    const again = await post(second!, report);
    expect(again).toMatchObject({ status: 'duplicate', reportId: stored.reportId });
    expect((await query(w.h.keys.agent, { limit: 50 })).confusions).toEqual(first);
    // 60 reports from each new key: the organisation's hour is full before the second key's is.
    // (other tools per key: the same tools from another key of the organisation would be duplicates)
    for (const key of [second!, third!]) {
      const k = (await findLiveKey(w.h.t.db, key))!;
      for (let i = 0; i < FAILURE_LIMITS.reportsPerHour; i++) {
        await storeFailureReport(w.h.t.db, { serverId: w.server.id, surfaceHash: w.server.surfaceHash, toolCalled: `${key === second ? 'x' : 'y'}${i}`, expectedTool: null, kind: 'bad_arguments', model: key.slice(-6), utterance: null, apiKeyId: k.id, organisationId: k.organisationId }, new Date());
      }
    }
    const refused = await refusal(post(w.orgs[2]!.agent, { kind: 'bad_arguments', expectedTool: null, toolCalled: 'delete_note' }));
    expect(refused).toMatchObject({ code: 'rate_limited', detail: { scope: 'organisation', limit: FAILURE_LIMITS.reportsPerOrganisationPerHour } });
    // Organisation 1 is not held back by organisation 2's reports.
    expect((await post(w.orgs[1]!.agent, { kind: 'bad_arguments', expectedTool: null, toolCalled: 'delete_note' })).status).toBe('stored');
    // A report by a surface hash no server it can see has names tools nobody can check: refused.
    const unknown = await refusal(post(w.orgs[1]!.agent, { server: undefined, surfaceHash: `sha256:${'2'.repeat(64)}` }));
    expect(unknown).toMatchObject({ code: 'unknown_surface', detail: { path: 'arguments.surfaceHash' } });
  });

  it('query_failures pages (total, offset, limit) and writes each fix in the one language asked for', async () => {
    const all = (await query(w.h.keys.agent, { limit: 50 })) as unknown as { total: number; confusions: { toolCalled: string | null; explanations: { fix: unknown }[] }[] };
    expect(all.total).toBeGreaterThan(100);
    const page = (await query(w.h.keys.agent, { limit: 5, offset: 5, language: 'ja' })) as unknown as typeof all & { offset: number; language: string };
    expect(page).toMatchObject({ total: all.total, offset: 5, language: 'ja' });
    expect(page.confusions.map((c) => c.toolCalled)).toEqual(all.confusions.slice(5, 10).map((c) => c.toolCalled));
    const top = (await query(w.h.keys.agent, { limit: 1, language: 'ja' })) as unknown as typeof all;
    const fixes = top.confusions.flatMap((c) => c.explanations.map((e) => e.fix)).filter((f) => f !== null);
    expect(fixes.length).toBeGreaterThan(0);
    for (const fix of fixes) {
      expect(typeof fix).toBe('string');
      expect(fix as string).toMatch(/[\u3040-\u30ff\u4e00-\u9fff]/u);
    }
  });
});
