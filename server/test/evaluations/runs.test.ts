// Model runs in the service: a run over its error budget fails and refunds its unfinished trials as
// credits; provider errors are never scored; a 429's Retry-After is honoured; each model's results appear
// as soon as it finishes; the case browser and the leaderboards per model read what was stored.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BASELINE_MODEL_ID, MODELS_SUITE, type PairableTrial } from '@toolmark/benchmarks';
import { seedDatabase } from '../../src/pipelines/seed.js';
import { createApiKey, createOrganisation, pairableTrials, runTrials } from '@toolmark/db';
import { startFake, wordMatchScript, type FakeServer } from '../fakes/llm-servers.mjs';
import { get, post, spent, startEvalService, uploadServer, waitForEvaluation, type EvalService } from './helpers.js';

let s: EvalService;
let broken: FakeServer;
let limited: FakeServer;
let slow: FakeServer;
let serverId: string;
let release: () => void = () => undefined;
const gate = new Promise<void>((resolve) => {
  release = resolve;
});

beforeAll(async () => {
  // Every answer a 500: a run stops once more than 10 % of its trials failed.
  broken = await startFake('openai', { script: () => ({ status: 500 }) });
  // The first request a 429 with Retry-After: 1 s, then answers.
  limited = await startFake('openai', { script: (view, n) => (n === 0 ? { status: 429, retryAfter: 1 } : wordMatchScript(view)) });
  // Answers only once the test opens the gate.
  slow = await startFake('openai', { script: async (view) => (await gate, wordMatchScript(view)) });
  const model = (id: string, fake: FakeServer, extra: Record<string, unknown> = {}) => ({ id, provider: 'openai-chat', model: 'fake', baseUrl: fake.baseURL, unitPrice: 1, concurrency: 2, retries: 0, ...extra });
  s = await startEvalService(
    { models: [model('openai/broken', broken), model('openai/limited', limited, { retries: 2 }), model('openai/slow', slow)] },
    { OPENAI_API_KEY: 'test-key' },
  );
  serverId = await uploadServer(s, 'Issue tracker');
}, 60_000);
afterAll(async () => {
  release();
  await s?.close();
  await Promise.all([broken?.close(), limited?.close(), slow?.close()]);
});

describe('failures', () => {
  it('a run over its error budget fails, is not scored, and refunds its unfinished trials as credits valid 6 months', async () => {
    const before = await spent(s);
    const res = await post(s, `/v1/servers/${serverId}/evaluations`, s.keys.script, { models: ['openai/broken'] });
    expect(res.statusCode, res.body).toBe(202);
    const units = res.json().units as number;
    const done = await waitForEvaluation(s, res.json().id, (e) => e.status === 'failed');
    const run = done.runs[0]!;
    expect(run.status).toBe('failed');
    expect(run.error!.code).toBe('error_rate_exceeded');
    expect(run.metrics).toBeNull();
    const stored = await s.t.sql<{ case_id: string; verdict: string; units: number; error: boolean }[]>`SELECT case_id, verdict, units, error FROM trials WHERE model_run_id = ${run.id}`;
    // Every stored trial is a provider error, never a verdict about the model.
    expect(stored.length).toBeGreaterThan(0);
    expect(stored.every((t) => t.verdict === 'error' && t.error)).toBe(true);
    // Nothing was answered: every unit comes back, the errors' as much as the trials never sent.
    const storedUnits = stored.reduce((n, t) => n + t.units, 0);
    expect(storedUnits).toBeGreaterThan(0);
    expect(run.refundedUnits).toBe(units);
    const credits = await s.t.sql<{ amount: number; months: number }[]>`
      SELECT amount, round(extract(epoch FROM expires_at - created_at) / 86400 / 30.44)::int AS months FROM credits WHERE organisation_id = ${s.orgId}`;
    expect(credits).toEqual([{ amount: run.refundedUnits, months: 6 }]);
    expect((await spent(s)).used - before.used).toBe(units);
    expect(done.refundedUnits).toBe(run.refundedUnits);
    // The case browser's provider-error filter finds exactly the cases whose trial ended in one.
    const withErrors = await get(s, `/v1/evaluations/${done.id}/cases?errorKind=provider&limit=100`, s.keys.script);
    expect(withErrors.statusCode, withErrors.body).toBe(200);
    expect(withErrors.json().total).toBe(new Set(stored.map((t) => t.case_id)).size);
    for (const c of withErrors.json().items) expect(c.trials.some((t: { error: unknown }) => t.error !== null)).toBe(true);
    expect((await get(s, `/v1/evaluations/${done.id}/cases?errorKind=missing&limit=100`, s.keys.script)).json().total).toBe(0);
  });

  it('a 429 with Retry-After is waited out and retried: no trial ends in an error', async () => {
    const res = await post(s, `/v1/servers/${serverId}/evaluations`, s.keys.script, { models: ['openai/limited'] });
    const done = await waitForEvaluation(s, res.json().id, (e) => e.status !== 'queued' && e.status !== 'running');
    const run = done.runs[0]!;
    expect(run.status).toBe('done');
    expect(run.metrics!.errors).toBe(0);
    expect(limited.requests.length).toBe(run.trials + 1);
  });
});

describe('results', () => {
  let evaluationId: string;

  it('appear per model as each finishes', async () => {
    const res = await post(s, `/v1/servers/${serverId}/evaluations`, s.keys.script, { models: [BASELINE_MODEL_ID, 'openai/slow'], name: 'two models' });
    evaluationId = res.json().id;
    const partial = await waitForEvaluation(s, evaluationId, (e) => e.runs[0]!.status === 'done');
    expect(partial.status).toBe('running');
    expect(partial.runs[0]!.metrics!.selectionAcc.denominator).toBeGreaterThan(0);
    expect(partial.runs[1]!.status).not.toBe('done');
    expect(partial.runs[1]!.metrics).toBeNull();
    release();
    const done = await waitForEvaluation(s, evaluationId, (e) => e.status === 'done');
    expect(done.runs.map((r) => r.status)).toEqual(['done', 'done']);
  });

  it('the case browser shows every model\'s calls and verdicts, filters, and is for the owning organisation only', async () => {
    const all = await get(s, `/v1/evaluations/${evaluationId}/cases?limit=100`, s.keys.script);
    expect(all.statusCode, all.body).toBe(200);
    const page = all.json();
    expect(page.total).toBeGreaterThan(0);
    for (const c of page.items) {
      expect(c.trials.map((t: { model: string }) => t.model)).toEqual([BASELINE_MODEL_ID, 'openai/slow']);
      expect(c.trials[0].baseline).toBe(true);
    }
    const one = (await get(s, `/v1/evaluations/${evaluationId}/cases?missed=one&limit=100`, s.keys.script)).json();
    for (const c of one.items) expect(c.trials.filter((t: { verdict: { pass: boolean; scored: boolean } }) => t.verdict.scored && !t.verdict.pass).length).toBe(1);
    const any = (await get(s, `/v1/evaluations/${evaluationId}/cases?missed=any&limit=100`, s.keys.script)).json();
    expect(any.total).toBeGreaterThanOrEqual(one.total);
    const noCall = (await get(s, `/v1/evaluations/${evaluationId}/cases?kind=no-call&limit=100`, s.keys.script)).json();
    expect(noCall.total).toBe(page.items.filter((c: { kind: string }) => c.kind === 'no-call').length);
    expect(noCall.total).toBeGreaterThan(0);
    expect(noCall.items.every((c: { kind: string }) => c.kind === 'no-call')).toBe(true);
    // Missed by one model: exactly the cases the unfiltered listing shows one model missing.
    const missedOne = (c: { trials: { runId: string; verdict: { pass: boolean; scored: boolean } }[] }) => new Set(c.trials.filter((t) => t.verdict.scored && !t.verdict.pass).map((t) => t.runId)).size;
    expect(one.items.map((c: { caseId: string }) => c.caseId)).toEqual(page.items.filter((c: Parameters<typeof missedOne>[0]) => missedOne(c) === 1).map((c: { caseId: string }) => c.caseId));
    expect(any.total).toBe(page.items.filter((c: Parameters<typeof missedOne>[0]) => missedOne(c) >= 1).length);
    const paged = (await get(s, `/v1/evaluations/${evaluationId}/cases?limit=2&offset=1`, s.keys.script)).json();
    expect(paged.items.map((c: { caseId: string }) => c.caseId)).toEqual(page.items.slice(1, 3).map((c: { caseId: string }) => c.caseId));
    const other = await createOrganisation(s.t.db, { name: 'Other', slug: 'other' });
    const key = (await createApiKey(s.t.db, { organisationId: other.id, purpose: 'ci', name: 'c' })).key;
    expect((await get(s, `/v1/evaluations/${evaluationId}/cases`, key)).statusCode).toBe(403);
    expect((await get(s, `/v1/evaluations/${evaluationId}/cases`)).statusCode).toBe(401);
    // The status and metrics of a public server's evaluation are public.
    expect((await get(s, `/v1/evaluations/${evaluationId}`)).statusCode).toBe(200);
  });

  it('compares each model with the previous evaluation of the server: paired by case and repeat when the case set and settings match', async () => {
    const first = (await get(s, `/v1/evaluations/${evaluationId}/comparison`)).json();
    expect(first.models.map((m: { model: string; previous: unknown }) => [m.model, m.previous])).toEqual([
      [BASELINE_MODEL_ID, null],
      ['openai/slow', null],
    ]);
    const again = await post(s, `/v1/servers/${serverId}/evaluations`, s.keys.script, { models: [BASELINE_MODEL_ID] });
    const done = await waitForEvaluation(s, again.json().id, (e) => e.status === 'done');
    const res = await get(s, `/v1/evaluations/${done.id}/comparison`);
    expect(res.statusCode, res.body).toBe(200);
    const [baseline] = res.json().models;
    expect(baseline.previous.evaluationId).toBe(evaluationId);
    // The baseline is deterministic: every pair agrees, nothing to test, no change.
    expect(baseline.paired).toEqual({ pairs: done.runs[0]!.metrics!.scored, regressed: 0, improved: 0, pValue: null, significant: false, unpaired: 0 });
    expect(baseline.selectionAcc.delta).toBe(0);
    const other = await post(s, `/v1/servers/${serverId}/evaluations`, s.keys.script, { models: [BASELINE_MODEL_ID], casesPerTool: 3 });
    const otherDone = await waitForEvaluation(s, other.json().id, (e) => e.status === 'done');
    // Other settings (3 cases per tool): no earlier run has its comparability key, so nothing is compared,
    // and the answer names the newest earlier run and the setting that differs.
    const unpaired = (await get(s, `/v1/evaluations/${otherDone.id}/comparison`)).json().models[0];
    expect(unpaired.paired).toBeNull();
    expect(unpaired.selectionAcc).toBeNull();
    expect(unpaired.unpairedCode).toBe('different_settings');
    expect(unpaired.previous.evaluationId).toBe(done.id);
    expect(unpaired.differences).toEqual(['cases per tool']);
    expect(baseline.unpairedCode).toBeNull();
    expect(baseline.differences).toEqual([]);
    expect(first.models.map((m: { unpairedCode: string }) => m.unpairedCode)).toEqual(['no_previous', 'no_previous']);
    // The newest earlier run has other settings, an older one the same: the comparison is with the older one.
    const third = await post(s, `/v1/servers/${serverId}/evaluations`, s.keys.script, { models: [BASELINE_MODEL_ID] });
    const thirdDone = await waitForEvaluation(s, third.json().id, (e) => e.status === 'done');
    const same = (await get(s, `/v1/evaluations/${thirdDone.id}/comparison`)).json().models[0];
    expect(same.previous.evaluationId).toBe(done.id);
    expect(same.unpairedCode).toBeNull();
    expect(same.paired.regressed + same.paired.improved).toBe(0);
    // Pairing reads the verdicts' flags out of the stored records in SQL: exactly what the whole records say.
    const runs = (await get(s, `/v1/evaluations/${evaluationId}`)).json().runs as { id: string; status: string; answeredTrials: number; answeredCases: number }[];
    // A done run's answered counts (not counted again once done) are its stored trials'.
    for (const run of runs) {
      expect(run.status).toBe('done');
      const [stored] = await s.t.sql<{ trials: number; cases: number }[]>`SELECT count(*)::int AS trials, count(DISTINCT case_id)::int AS cases FROM trials WHERE model_run_id = ${run.id}`;
      expect([run.answeredTrials, run.answeredCases]).toEqual([stored!.trials, stored!.cases]);
    }
    const passes = new Set<boolean>();
    for (const run of runs) {
      const byKey = (t: PairableTrial) => `${t.caseId}#${t.trialIndex}`;
      const full = (await runTrials(s.t.db, run.id)).map((r) => ({ caseId: r.caseId, trialIndex: r.trialIndex, verdict: { kind: r.verdict.kind, scored: r.verdict.scored, pass: r.verdict.pass, multiCall: r.verdict.multiCall } }));
      const slim = await pairableTrials(s.t.db, run.id);
      expect(slim.sort((a, b) => byKey(a).localeCompare(byKey(b)))).toEqual(full.sort((a, b) => byKey(a).localeCompare(byKey(b))));
      for (const t of slim) passes.add(t.verdict.pass);
    }
    expect([...passes].sort()).toEqual([false, true]);
  });

  it('the operator runs the models leaderboard on the suite; 402 and nothing started when it cannot pay', async () => {
    expect((await post(s, '/v1/leaderboards/models/runs', s.keys.script, {})).statusCode).toBe(403);
    // The suite is seeded servers of the operator organisation (this service's first one), not the uploaded tracker.
    await seedDatabase(s.t);
    const count = async () => (await s.t.sql<{ n: number }[]>`SELECT count(*)::int AS n FROM evaluations`)[0]!.n;
    const before = await count();
    await s.t.sql`UPDATE organisations SET monthly_units_script = 0 WHERE id = ${s.orgId}`;
    await s.t.sql`UPDATE credits SET remaining = 0 WHERE organisation_id = ${s.orgId}`;
    // With a distractor set: answers this organisation does not hold yet, so there is something to pay.
    const short = await post(s, '/v1/leaderboards/models/runs', s.keys.admin, { models: ['openai/limited'], distractors: ['memory'] });
    expect(short.statusCode, short.body).toBe(402);
    expect(await count()).toBe(before);
    await s.t.sql`UPDATE organisations SET monthly_units_script = 1000 WHERE id = ${s.orgId}`;
    const res = await post(s, '/v1/leaderboards/models/runs', s.keys.admin, { models: [BASELINE_MODEL_ID], distractors: ['memory'] });
    expect(res.statusCode, res.body).toBe(202);
    const started = res.json().evaluations.filter((e: { evaluationId: string | null }) => e.evaluationId !== null);
    expect(started.map((e: { slug: string }) => e.slug)).toEqual([...MODELS_SUITE.servers]);
    expect(started.map((e: { serverId: string }) => e.serverId)).not.toContain(serverId);
    for (const e of started) await waitForEvaluation(s, e.evaluationId, (x) => x.status === 'done');
    const board = (await get(s, '/v1/leaderboards/models?distractors=memory')).json();
    const row = board.items.find((i: { model: { id: string } }) => i.model.id === BASELINE_MODEL_ID);
    expect(row).toMatchObject({ servers: MODELS_SUITE.servers.length, model: { baseline: true } });
    // The mean tools shown per request: every trial of the suite's runs counted once (each shows the
    // server's tools and the memory set's 9), read from the stored tool orders.
    const [perRequest] = await s.t.sql<{ mean: number }[]>`
      SELECT avg(json_array_length(t.record->'order'))::float8 AS mean FROM trials t JOIN model_runs mr ON mr.id = t.model_run_id
      WHERE mr.model_id = ${BASELINE_MODEL_ID} AND mr.status = 'done' AND mr.distractors_key = 'memory'`;
    expect(row.toolsShown).toBeCloseTo(perRequest!.mean, 9);
    // Asked again, only what is missing is started (as `toolmark suite run`): nothing, and nothing charged;
    // `refresh` runs the step again.
    const evaluationsNow = await count();
    const again = await post(s, '/v1/leaderboards/models/runs', s.keys.admin, { models: [BASELINE_MODEL_ID], distractors: ['memory'] });
    expect(again.statusCode, again.body).toBe(202);
    expect(again.json().evaluations.every((e: { evaluationId: string | null; skipped: string | null }) => e.evaluationId === null && e.skipped !== null)).toBe(true);
    expect(again.json().units).toBe(0);
    expect(await count()).toBe(evaluationsNow);
    const refreshed = await post(s, '/v1/leaderboards/models/runs', s.keys.admin, { models: [BASELINE_MODEL_ID], distractors: ['memory'], refresh: true });
    expect(refreshed.json().evaluations.filter((e: { evaluationId: string | null }) => e.evaluationId !== null)).toHaveLength(MODELS_SUITE.servers.length);
    expect(await count()).toBe(evaluationsNow + MODELS_SUITE.servers.length);
  });

  it('the models leaderboard pools each model over the suite servers\' latest versions only: changed tools count again once the suite ran them', async () => {
    const board = async () => (await get(s, '/v1/leaderboards/models?distractors=memory')).json().items.find((i: { model: { id: string } }) => i.model.id === BASELINE_MODEL_ID);
    expect((await board()).servers).toBe(MODELS_SUITE.servers.length);
    // sequential-thinking gets other tools (a new version): the baseline's runs on its old version no longer count.
    const target = (await get(s, '/v1/servers/sequential-thinking')).json().server;
    const saved = await post(s, `/v1/servers/${target.id}/lint`, s.keys.ci, { tools: [{ name: 'think_step', description: 'Records one step of a reasoning chain and returns the chain so far.', inputSchema: { type: 'object' } }] });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().version.created).toBe(true);
    expect((await board()).servers).toBe(MODELS_SUITE.servers.length - 1);
    // The hand-written suite was written for the tools as seeded: started again, it has no cases for the new
    // version, says so, starts nothing and the board keeps pooling the other servers (a new suite version
    // would be written for the new tools).
    const res = await post(s, '/v1/leaderboards/models/runs', s.keys.admin, { models: [BASELINE_MODEL_ID], distractors: ['memory'] });
    expect(res.statusCode, res.body).toBe(202);
    const entries = res.json().evaluations as { slug: string; evaluationId: string | null; skipped: string | null }[];
    expect(entries.filter((e) => e.evaluationId !== null)).toEqual([]);
    expect(entries.find((e) => e.slug === 'sequential-thinking')?.skipped).toMatch(/hand-written suite toolmark-public-v2 has no cases for these tools/);
    expect((await board()).servers).toBe(MODELS_SUITE.servers.length - 1);
  });

  it('the leaderboard per model ranks public servers under one comparability key, the baseline labelled', async () => {
    // By default the board reads the public suite's runs (none without distractors here); the offline
    // generator's paraphrases only when asked for by name.
    const suiteBoard = (await get(s, `/v1/leaderboards/evaluations?model=${encodeURIComponent(BASELINE_MODEL_ID)}`)).json();
    expect(suiteBoard.settings).toMatchObject({ generator: MODELS_SUITE.generator, casesPerTool: MODELS_SUITE.casesPerTool });
    expect(suiteBoard.items.map((i: { server: { id: string } }) => i.server.id)).not.toContain(serverId);
    const board = await get(s, `/v1/leaderboards/evaluations?model=${encodeURIComponent(BASELINE_MODEL_ID)}&generator=offline&casesPerTool=8`);
    expect(board.statusCode, board.body).toBe(200);
    const b = board.json();
    expect(b.model.baseline).toBe(true);
    expect(b.comparabilityKey).toMatch(/^cmp1:/);
    expect(b.items.map((i: { server: { id: string } }) => i.server.id)).toEqual([serverId]);
    expect(b.items[0].rank).toBe(1);
    const none = (await get(s, `/v1/leaderboards/evaluations?model=${encodeURIComponent(BASELINE_MODEL_ID)}&language=ja&generator=offline&casesPerTool=8`)).json();
    expect(none).toMatchObject({ total: 0, comparabilityKey: null });
    expect((await get(s, '/v1/leaderboards/evaluations?model=openai/unknown')).statusCode).toBe(404);
    const models = (await get(s, '/v1/leaderboards/models?distractors=memory')).json();
    expect(models.items.find((i: { model: { id: string } }) => i.model.id === BASELINE_MODEL_ID)?.model.baseline).toBe(true);
  });
});
