// A generator model writes the case set in the service, as `toolmark run --generate-with` does in the CLI:
// the estimate prices a stand-in (nothing is generated or spent), the start charges it, the generate-cases
// job asks the model once, stores its cases and prices each run on them (refunding what the stand-in
// charged above that), and a later evaluation with the same settings reuses the case set: not generated
// again, not charged again. The generator and the model under test are fake OpenAI servers on 127.0.0.1.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { GENERATOR_SYSTEM, type Surface } from '@toolmark/benchmarks';
import { buildCases } from '../../src/eval/evaluate.js';
import { startFake, wordMatchScript, type FakeServer, type FakeView } from '../fakes/llm-servers.mjs';
import { get, post, spent, startEvalService, SURFACE, uploadServer, waitForEvaluation, type EvalService } from './helpers.js';

let s: EvalService;
let generator: FakeServer;
let model: FakeServer;
let serverId: string;
const GENERATOR_ID = 'model:openai-chat/gen-fake';
const MODEL = 'openai/fake';

/** What the fake generator writes: 2 per tool, one no-call, and one naming a tool that does not exist (dropped). */
const WRITTEN = [
  { kind: 'tool-directed', language: 'en', expected: 'search_issues', utterance: 'Find the bug reports about login timeouts.' },
  { kind: 'tool-directed', language: 'en', expected: 'search_issues', utterance: 'Look up tickets mentioning the crash on start.' },
  { kind: 'tool-directed', language: 'en', expected: 'create_issue', utterance: 'Open a new ticket titled "Export fails".' },
  { kind: 'tool-directed', language: 'en', expected: 'create_issue', utterance: 'File a report that dark mode is broken.' },
  { kind: 'tool-directed', language: 'en', expected: 'close_issue', utterance: 'Mark ticket 42 as resolved.' },
  { kind: 'tool-directed', language: 'en', expected: 'close_issue', utterance: 'Shut number 7 with the note "duplicate".' },
  { kind: 'no-call', language: 'en', expected: null, utterance: 'What is the capital of Peru?' },
  { kind: 'tool-directed', language: 'en', expected: 'delete_everything', utterance: 'Wipe the tracker.' },
];
/** What the fake generator answers (a test swaps in a reply that is not JSON). */
let reply = JSON.stringify({ cases: WRITTEN });
const isGeneration = (view: FakeView) => (view.body as { messages?: { role: string; content: string }[] }).messages?.[0]?.content === GENERATOR_SYSTEM;

beforeAll(async () => {
  generator = await startFake('openai', { key: 'gen-key', script: (view: FakeView) => (isGeneration(view) ? { text: reply } : { status: 400 }) });
  model = await startFake('openai', { key: 'gen-key', script: (view: FakeView) => (isGeneration(view) ? { status: 400 } : wordMatchScript(view)) });
  s = await startEvalService(
    {
      models: [{ id: MODEL, provider: 'openai-chat', model: 'fake', baseUrl: model.baseURL, unitPrice: 100, concurrency: 2, retries: 0 }],
      generatorModel: { provider: 'openai-chat', model: 'gen-fake', baseUrl: generator.baseURL, unitPrice: 5, retries: 0 },
    },
    { OPENAI_API_KEY: 'gen-key' },
  );
  serverId = await uploadServer(s, 'Issue tracker');
}, 60_000);
afterAll(async () => {
  await s?.close();
  await generator?.close();
  await model?.close();
});

const body = { models: [MODEL], generator: 'model', casesPerTool: 2 };
const generations = () => generator.requests.length;

it('GET /v1/models offers the generator model by id and price, never its endpoint', async () => {
  const res = await get(s, '/v1/models');
  expect(res.json().generatorModel).toEqual({ id: GENERATOR_ID, provider: 'openai-chat', model: 'gen-fake', unitPrice: 5, status: 'enabled', reason: null });
  expect(res.body).not.toContain(generator.baseURL);
});

it('writes the cases once, charges the estimate, refunds what the stand-in priced above the real cases, and reuses the case set', async () => {
  const estimate = await post(s, `/v1/servers/${serverId}/evaluations/estimate`, s.keys.script, body);
  expect(estimate.statusCode, estimate.body).toBe(200);
  const e = estimate.json();
  expect(e.settings.generator).toBe(GENERATOR_ID);
  expect(e.cases).toMatchObject({ held: false, estimated: true });
  expect(e.cases.generationUnits).toBeGreaterThan(0);
  expect(e.models[0].generationUnits).toBe(e.cases.generationUnits);
  expect(estimate.body).not.toContain(generator.baseURL);
  expect(generations()).toBe(0);
  expect((await spent(s)).used).toBe(0);

  const start = await post(s, `/v1/servers/${serverId}/evaluations`, s.keys.script, body);
  expect(start.statusCode, start.body).toBe(202);
  expect(start.json().units).toBe(e.units);
  const done = await waitForEvaluation(s, start.json().id, (x) => x.status === 'done' || x.status === 'failed');
  expect(done.status, JSON.stringify(done.runs[0]?.error)).toBe('done');
  expect(generations()).toBe(1);
  expect((await get(s, `/v1/evaluations/${start.json().id}`, s.keys.script)).body).not.toContain(generator.baseURL);
  // The model's cases, fitted by the core: the invented tool dropped; 7 cases × 1 repeat.
  expect(done.caseCount).toBe(7);
  const run = done.runs[0]!;
  expect(run.trials).toBe(7);
  expect(run.answeredTrials).toBe(7);
  // Every unit charged is accounted for: generation + the trials' own units + the refund.
  const [row] = await s.t.sql<{ units: number; generation: number; refunded: number; trials: number }[]>`
    SELECT r.units, r.generation_units AS generation, r.refunded_units AS refunded, (SELECT coalesce(sum(t.units), 0)::int FROM trials t WHERE t.model_run_id = r.id) AS trials
    FROM model_runs r WHERE r.id = ${run.id}`;
  expect(row!.units).toBe(e.units);
  expect(row!.refunded).toBeGreaterThan(0);
  expect(row!.generation + row!.trials + row!.refunded).toBe(row!.units);
  const after = await spent(s);
  expect(after.used).toBe(e.units);
  expect(after.credits).toBe(row!.refunded);

  // The case set is stored once under the generator's id and reused: no generation, no generation units.
  const again = (await post(s, `/v1/servers/${serverId}/evaluations/estimate`, s.keys.script, { ...body, repeats: 2 })).json();
  expect(again.cases).toMatchObject({ held: true, estimated: false, generationUnits: 0, count: 7 });
  const second = await post(s, `/v1/servers/${serverId}/evaluations`, s.keys.script, { ...body, repeats: 2 });
  expect(second.statusCode, second.body).toBe(202);
  expect(second.json().units).toBe(again.units);
  const secondDone = await waitForEvaluation(s, second.json().id, (x) => x.status === 'done' || x.status === 'failed');
  expect(secondDone.status).toBe('done');
  expect(generations()).toBe(1);
  const [sets] = await s.t.sql<{ n: number; generator: string; source: string }[]>`SELECT count(*)::int AS n, min(generator) AS generator, min(source) AS source FROM case_sets`;
  expect(sets).toEqual({ n: 1, generator: GENERATOR_ID, source: GENERATOR_ID });

  // The same cases as the CLI's generator path (buildCases with --generate-with openai-chat --generator-model gen-fake).
  const cli = await buildCases(SURFACE as Surface, { casesPerTool: 2, languages: ['en'], seed: 0, retries: 0, generator: { provider: 'openai-chat', model: 'gen-fake', baseURL: generator.baseURL, timeoutMs: 10_000 } }, { env: { OPENAI_API_KEY: 'gen-key' }, signal: new AbortController().signal, warn: () => undefined });
  const cases = (await get(s, `/v1/evaluations/${start.json().id}/cases?limit=100`, s.keys.script)).json();
  expect(cases.items.map((c: { caseId: string; utterance: string }) => [c.caseId, c.utterance]).sort()).toEqual(cli.cases.map((c) => [c.id, c.utterance]).sort());

  // The leaderboard per model takes the generator's id (and refuses what is not one).
  expect((await get(s, `/v1/leaderboards/evaluations?model=${MODEL}&generator=${encodeURIComponent(GENERATOR_ID)}&casesPerTool=2`)).statusCode).toBe(200);
  expect((await get(s, `/v1/leaderboards/evaluations?model=${MODEL}&generator=bogus`)).statusCode).toBe(400);
}, 60_000);

it('a generator reply that holds no cases fails the evaluation and refunds every unit, generation included', async () => {
  reply = 'Sorry, I cannot help with that.';
  try {
    const before = await spent(s);
    const start = await post(s, `/v1/servers/${serverId}/evaluations`, s.keys.script, { ...body, casesPerTool: 3 });
    expect(start.statusCode, start.body).toBe(202);
    const units = start.json().units as number;
    expect(units).toBeGreaterThan(0);
    const failed = await waitForEvaluation(s, start.json().id, (x) => x.status === 'done' || x.status === 'failed');
    expect(failed.status).toBe('failed');
    expect(failed.refundedUnits).toBe(units);
    const after = await spent(s);
    expect(after.used - before.used).toBe(units);
    expect(after.credits - before.credits).toBe(units);
    const [sets] = await s.t.sql<{ n: number }[]>`SELECT count(*)::int AS n FROM case_sets`;
    expect(sets!.n).toBe(1);
  } finally {
    reply = JSON.stringify({ cases: WRITTEN });
  }
}, 60_000);

it('refuses a generator model the service does not offer (400) or has no key for (409), naming body.generator; nothing spent', async () => {
  const none = await startEvalService({ models: [] }, {}, { workers: false });
  const noKey = await startEvalService({ models: [], generatorModel: { provider: 'anthropic', model: 'claude-x', unitPrice: 1 } }, {}, { workers: false });
  try {
    const a = await post(none, `/v1/servers/${await uploadServer(none, 'A')}/evaluations/estimate`, none.keys.script, { generator: 'model' });
    expect(a.statusCode).toBe(400);
    expect(a.json().error).toMatchObject({ code: 'no_generator_model', detail: { path: 'body.generator' } });
    expect((await get(noKey, '/v1/models')).json().generatorModel).toMatchObject({ status: 'unavailable', reason: expect.stringContaining('ANTHROPIC_API_KEY') });
    const b = await post(noKey, `/v1/servers/${await uploadServer(noKey, 'B')}/evaluations`, noKey.keys.script, { generator: 'model' });
    expect(b.statusCode).toBe(409);
    expect(b.json().error).toMatchObject({ code: 'generator_unavailable', detail: { path: 'body.generator' } });
    expect((await spent(noKey)).used).toBe(0);
  } finally {
    await none.close();
    await noKey.close();
  }
}, 60_000);
