// Refunds and completeness through the API on real PostgreSQL with real queues and workers, against fake
// OpenAI servers on 127.0.0.1: every trial without a model answer is refunded — a provider error in a run
// that finishes, every trial not answered in a run that fails — and a run with fewer than 95 % of its trials
// answered is shown as incomplete: "answered X / Y", never ranked on the model's board.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFake, wordMatchScript, type FakeServer } from '../fakes/llm-servers.mjs';
import { get, post, spent, startEvalService, SURFACE, uploadServer, waitForEvaluation, type EvalService } from './helpers.js';

/** A server whose requests the `half` fake answers with a 500 every other time. */
const FLAKY = { tools: [...SURFACE.tools, { name: 'shelve_book', description: 'Put a returned book back on its shelf by its catalogue number. Returns the shelf label.', inputSchema: { type: 'object', properties: { number: { type: 'string', description: 'Catalogue number.' } }, required: ['number'] } }] };

let s: EvalService;
let half: FakeServer;
let dead: FakeServer;
let dying: FakeServer;
let flakyId: string;
let steadyId: string;
let flakyRequests = 0;

beforeAll(async () => {
  half = await startFake('openai', { script: (view) => (view.tools.some((t) => t.name === 'shelve_book') && flakyRequests++ % 2 === 0 ? { status: 500 } : wordMatchScript(view)) });
  // A provider that is gone: nothing listens on its port.
  dead = await startFake('openai');
  await dead.close();
  // Answers six requests, then dies with 503s.
  dying = await startFake('openai', { script: (view, n) => (n < 6 ? wordMatchScript(view) : { status: 503 }) });
  const model = (id: string, fake: FakeServer, extra: Record<string, unknown> = {}) => ({ id, provider: 'openai-chat', model: 'fake', baseUrl: fake.baseURL, unitPrice: 1, concurrency: 1, retries: 0, ...extra });
  s = await startEvalService(
    // `half` may lose up to all its answers and still finish: the run the issue found ranked first.
    { models: [model('openai/half', half, { maxErrorRate: 1 }), model('openai/dead', dead), model('openai/dying', dying)] },
    { OPENAI_API_KEY: 'test-key' },
  );
  flakyId = await uploadServer(s, 'Flaky shelf', FLAKY);
  steadyId = await uploadServer(s, 'Steady tracker');
}, 60_000);
afterAll(async () => {
  await s?.close();
  await Promise.all([half?.close(), dying?.close()]);
});

/** The stored trials of a run: errors and answers with their units. */
async function storedOf(runId: string) {
  const rows = await s.t.sql<{ error: boolean; units: number }[]>`SELECT error, units FROM trials WHERE model_run_id = ${runId}`;
  const sum = (list: readonly { units: number }[]) => list.reduce((n, r) => n + r.units, 0);
  const errors = rows.filter((r) => r.error);
  const answered = rows.filter((r) => !r.error);
  return { rows, errors: errors.length, errorUnits: sum(errors), answered: answered.length, answeredUnits: sum(answered) };
}

async function generationUnitsOf(runId: string): Promise<number> {
  return (await s.t.sql<{ g: number }[]>`SELECT generation_units AS g FROM model_runs WHERE id = ${runId}`)[0]!.g;
}

async function creditsGranted(): Promise<number> {
  return (await s.t.sql<{ n: number }[]>`SELECT coalesce(sum(amount), 0)::int AS n FROM credits WHERE organisation_id = ${s.orgId}`)[0]!.n;
}

async function evaluate(serverId: string, model: string) {
  const res = await post(s, `/v1/servers/${serverId}/evaluations`, s.keys.script, { models: [model] });
  expect(res.statusCode, res.body).toBe(202);
  return waitForEvaluation(s, res.json().id, (e) => e.status === 'done' || e.status === 'failed');
}

describe('a finished run where half the trials got provider errors', () => {
  it('refunds exactly the unanswered trials\' units, says why, and is shown as incomplete', async () => {
    const creditsBefore = await creditsGranted();
    const usedBefore = (await spent(s)).used;
    const done = await evaluate(flakyId, 'openai/half');
    const run = done.runs[0]! as (typeof done.runs)[number] & { chargedUnits: number; complete: boolean | null; refunds: { reason: string; trials: number | null; units: number }[] };
    expect(run.status).toBe('done');
    const stored = await storedOf(run.id);
    // Every trial was stored (the run finished), half of them (rounded up: the first was an error) errors.
    expect(stored.rows.length).toBe(run.trials);
    expect(stored.errors).toBe(Math.ceil(run.trials / 2));
    expect(run.metrics!.errors).toBe(stored.errors);
    // Each trial was charged its price at the start: what the stored trials carry sums to the run's units.
    expect(stored.errorUnits + stored.answeredUnits).toBe(run.units - (await generationUnitsOf(run.id)));
    expect(stored.errorUnits).toBeGreaterThan(0);
    expect(run.refundedUnits).toBe(stored.errorUnits);
    expect(run.chargedUnits).toBe(run.units - stored.errorUnits);
    expect(run.refunds).toEqual([{ reason: 'provider_error', trials: stored.errors, units: stored.errorUnits, at: expect.any(String) }]);
    expect(done.refundedUnits).toBe(stored.errorUnits);
    // Refunded as credits; the month's use stays what the start charged.
    expect((await creditsGranted()) - creditsBefore).toBe(stored.errorUnits);
    expect((await spent(s)).used - usedBefore).toBe(run.units);
    // Answered X / Y, truthfully; below 95 %: not complete.
    expect([run.answeredTrials, run.trials]).toEqual([stored.answered, stored.rows.length]);
    expect(run.answeredCases).toBeLessThan(done.caseCount!);
    expect(run.complete).toBe(false);
  });

  it('the model\'s board lists it unranked as incomplete, below a complete run that is ranked', async () => {
    const steady = await evaluate(steadyId, 'openai/half');
    expect(steady.runs[0]!.status).toBe('done');
    expect(steady.runs[0]!.metrics!.errors).toBe(0);
    expect(steady.runs[0]!.refundedUnits).toBe(0);
    const res = await get(s, '/v1/leaderboards/evaluations?model=openai/half&generator=offline&casesPerTool=8');
    expect(res.statusCode, res.body).toBe(200);
    const board = res.json();
    expect(board.minAnsweredShare).toBe(0.95);
    expect(board.items.map((i: { server: { id: string }; rank: number | null; complete: boolean }) => [i.server.id, i.rank, i.complete])).toEqual([
      [steadyId, 1, true],
      [flakyId, null, false],
    ]);
    const flaky = board.items[1];
    expect(flaky.answeredTrials).toBeLessThan(flaky.trials);
    expect(flaky.distinguishable).toBe(false);
    // Cost and latency per row; no repeats, so no pass^k.
    const ranked = board.items[0];
    expect(ranked.units).toBe(steady.runs[0]!.units);
    expect(board.model.unitPrice).toBe(1);
    // The median latency of its answered trials sent to the provider, recomputed from the stored records.
    const latencies = (await s.t.sql<{ ms: number }[]>`SELECT (record->>'latencyMs')::float8 AS ms FROM trials WHERE model_run_id = ${ranked.runId} AND NOT error AND NOT cached`).map((r) => Math.round(r.ms)).sort((a, b) => a - b);
    const mid = latencies.length / 2;
    expect(ranked.medianLatencyMs).toBe(latencies.length % 2 === 1 ? latencies[Math.floor(mid)] : (latencies[mid - 1]! + latencies[mid]!) / 2);
    expect([ranked.k, ranked.passAtK, ranked.passHatK]).toEqual([1, null, null]);
  });
});

describe('a model\'s board ranks each server at its latest version', () => {
  it('a server whose tools changed leaves the board until it is evaluated on the new version', async () => {
    const board = async () => (await get(s, '/v1/leaderboards/evaluations?model=openai/half&generator=offline&casesPerTool=8')).json();
    const saved = await post(s, `/v1/servers/${steadyId}/lint`, s.keys.ci, { tools: [SURFACE.tools[0], SURFACE.tools[1]] });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().version.created).toBe(true);
    const after = await board();
    expect(after.items.map((i: { server: { id: string } }) => i.server.id)).toEqual([flakyId]);
    expect(after.olderVersionRuns).toBe(1);
    await evaluate(steadyId, 'openai/half');
    const again = await board();
    expect(again.items.map((i: { server: { id: string }; rank: number | null }) => [i.server.id, i.rank])).toEqual([
      [steadyId, 1],
      [flakyId, null],
    ]);
    expect(again.items[0].versionSeq).toBe(2);
  });
});

describe('repeats', () => {
  it('the board publishes pass@k and pass^k over the cases with k scored trials, as the trials table counts them', async () => {
    const res = await post(s, `/v1/servers/${steadyId}/evaluations`, s.keys.script, { models: ['openai/half'], repeats: 2, casesPerTool: 2 });
    expect(res.statusCode, res.body).toBe(202);
    await waitForEvaluation(s, res.json().id, (e) => e.status === 'done');
    const board = (await get(s, '/v1/leaderboards/evaluations?model=openai/half&generator=offline&repeats=2&casesPerTool=2')).json();
    const item = board.items[0];
    expect(item.k).toBe(2);
    const perCase = await s.t.sql<{ scored: number; passed: number }[]>`
      SELECT count(*) FILTER (WHERE (record->'verdict'->>'scored')::boolean)::int AS scored,
             count(*) FILTER (WHERE (record->'verdict'->>'scored')::boolean AND (record->'verdict'->>'pass')::boolean)::int AS passed
      FROM trials WHERE model_run_id = ${item.runId} GROUP BY case_id`;
    const full = perCase.filter((c) => c.scored === 2);
    expect(full.length).toBeGreaterThan(0);
    expect([item.passAtK.numerator, item.passAtK.denominator]).toEqual([full.filter((c) => c.passed > 0).length, full.length]);
    expect([item.passHatK.numerator, item.passHatK.denominator]).toEqual([full.filter((c) => c.passed === 2).length, full.length]);
    expect(item.rank).toBe(1);
    // Without repeats there is nothing to publish: k is 1, both null (the first board test).
  });
});

describe('a run that fails', () => {
  it('on a dead provider refunds every trial (none was answered)', async () => {
    const done = await evaluate(steadyId, 'openai/dead');
    const run = done.runs[0]! as (typeof done.runs)[number] & { chargedUnits: number; complete: boolean | null; refunds: { reason: string; trials: number | null; units: number }[] };
    expect(run.status).toBe('failed');
    const stored = await storedOf(run.id);
    expect(stored.answered).toBe(0);
    expect(run.answeredTrials).toBe(0);
    expect(run.refundedUnits).toBe(run.units - (await generationUnitsOf(run.id)));
    expect(run.refunds.reduce((n, r) => n + r.units, 0)).toBe(run.refundedUnits);
    expect(run.refunds.map((r) => r.reason)).toEqual(['provider_error', 'not_sent']);
    expect(run.refunds[0]!.trials).toBe(stored.errors);
    expect(run.refunds[1]!.trials).toBe(run.trials - stored.errors);
    expect(run.complete).toBe(false);
  });

  it('after the provider died mid-run refunds every trial not answered, and keeps the answered ones charged', async () => {
    const done = await evaluate(steadyId, 'openai/dying');
    const run = done.runs[0]! as (typeof done.runs)[number] & { chargedUnits: number; refunds: { reason: string; trials: number | null; units: number }[] };
    expect(run.status).toBe('failed');
    expect(run.error!.code).toBe('error_rate_exceeded');
    const stored = await storedOf(run.id);
    expect(stored.answered).toBe(6);
    expect(run.answeredTrials).toBe(6);
    expect(run.chargedUnits).toBe(stored.answeredUnits + (await generationUnitsOf(run.id)));
    expect(run.refundedUnits).toBe(run.units - (await generationUnitsOf(run.id)) - stored.answeredUnits);
    expect(run.refunds.find((r) => r.reason === 'provider_error')).toMatchObject({ trials: stored.errors, units: stored.errorUnits });
  });
});
