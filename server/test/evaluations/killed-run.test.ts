// A worker killed in the middle of a model run (SIGKILL: nothing is handed back or flushed) loses nothing:
// the run resumes where it stopped — the trials stored are not requested again, none is stored twice
// (unique run × case × repeat), and no unit is charged twice. The killed worker is a child process on
// the BUILT code (`npm run build` first).
import { spawn, type ChildProcess } from 'node:child_process';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { cliTokenCounter } from '../../src/native-tokens.js';
import { generateCases } from '../../src/jobs/generate-cases.js';
import { runModel } from '../../src/jobs/run-model.js';
import { createMockProvider } from '../../src/providers/mock.js';
import { recordingLog, waitFor } from '../jobs/helpers.js';
import { startFake, wordMatchScript, type FakeServer, type FakeView } from '../fakes/llm-servers.mjs';
import { post, spent, startEvalService, uploadServer, type EvalService } from './helpers.js';

const dist = (path: string) => JSON.stringify(new URL(`../../../${path}`, import.meta.url).href);
const CHILD = `
const { runModel } = await import(${dist('server/dist/jobs/run-model.js')});
const { connect } = await import(${dist('db/dist/index.js')});
const { cliTokenCounter } = await import(${dist('server/dist/native-tokens.js')});
const { db } = connect(process.env.TM_URL, 4);
const log = { info() {}, warn() {}, error() {} };
await runModel({ db, sender: { send: async () => null }, log, env: { OPENAI_API_KEY: 'test-key' }, tokens: await cliTokenCounter() }, { modelRunId: process.env.TM_RUN });
`;

let s: EvalService;
let fake: FakeServer;
let child: ChildProcess | undefined;
let hangFrom = 6;
const requested: string[] = [];
const keyOf = (utterance: string, tools: readonly string[]) => `${utterance}|${tools.join(',')}`;

beforeAll(async () => {
  fake = await startFake('openai', {
    script: async (view: FakeView, n: number) => {
      requested.push(keyOf(view.utterance, view.tools.map((t) => t.name)));
      if (n >= hangFrom) await new Promise(() => undefined);
      return wordMatchScript(view);
    },
  });
  s = await startEvalService({ models: [{ id: 'openai/fake', provider: 'openai-chat', model: 'fake', baseUrl: fake.baseURL, unitPrice: 1, concurrency: 2, retries: 0 }] }, { OPENAI_API_KEY: 'test-key' }, { workers: false });
}, 60_000);
afterAll(async () => {
  child?.kill('SIGKILL');
  await s?.close();
  await fake?.close();
});

it('a run whose worker was SIGKILLed resumes with no trial requested or stored twice and no unit charged twice', async () => {
  const serverId = await uploadServer(s, 'Killed run');
  const res = await post(s, `/v1/servers/${serverId}/evaluations`, s.keys.script, { models: ['openai/fake'] });
  expect(res.statusCode, res.body).toBe(202);
  const { id: evaluationId, units, runs } = res.json() as { id: string; units: number; runs: { id: string }[] };
  const runId = runs[0]!.id;
  const log = recordingLog();
  await generateCases({ db: s.t.db, sender: { send: async () => null }, log }, { evaluationId });
  const charged = await spent(s);
  expect(charged.used).toBe(units);

  child = spawn(process.execPath, ['--input-type=module', '-e', CHILD], { env: { ...process.env, TM_URL: s.t.url, TM_RUN: runId }, stdio: 'ignore' });
  const storedCount = async () => (await s.t.sql<{ n: number }[]>`SELECT count(*)::int AS n FROM trials WHERE model_run_id = ${runId}`)[0]!.n;
  await waitFor('the child to store trials', async () => (await storedCount()) >= hangFrom - 2 && requested.length >= hangFrom + 1, 20_000, 50);
  child.kill('SIGKILL');
  await new Promise<void>((resolve) => child!.once('exit', () => resolve()));
  const before = await s.t.sql<{ case_id: string; repeat: number; record: { order: string[] } }[]>`SELECT case_id, repeat, record FROM trials WHERE model_run_id = ${runId}`;
  const utterances = new Map((await s.t.sql<{ case_id: string; utterance: string }[]>`SELECT case_id, utterance FROM eval_cases`).map((r) => [r.case_id, r.utterance] as const));
  const storedKeys = new Set(before.map((t) => keyOf(utterances.get(t.case_id)!, t.record.order)));
  expect(before.length).toBeGreaterThan(0);

  hangFrom = Number.POSITIVE_INFINITY;
  const mark = requested.length;
  const outcome = await runModel({ db: s.t.db, sender: { send: async () => null }, log, env: { OPENAI_API_KEY: 'test-key' }, tokens: await cliTokenCounter() }, { modelRunId: runId });
  expect(outcome).toMatchObject({ status: 'done', skipped: before.length });
  const after = await s.t.sql<{ n: number; distinct: number; trial_count: number; status: string }[]>`
    SELECT count(*)::int AS n, count(DISTINCT (t.case_id, t.repeat))::int AS distinct, r.trial_count, r.status::text AS status
      FROM trials t JOIN model_runs r ON r.id = t.model_run_id WHERE r.id = ${runId} GROUP BY r.trial_count, r.status`;
  expect(after[0]).toEqual({ n: after[0]!.trial_count, distinct: after[0]!.trial_count, trial_count: after[0]!.trial_count, status: 'done' });
  // What the killed worker had stored was not asked for again; what it had in flight (not stored) was.
  const resumed = requested.slice(mark);
  expect(resumed.filter((k) => storedKeys.has(k))).toEqual([]);
  expect(resumed.length).toBe(after[0]!.trial_count - before.length);
  expect(await spent(s)).toEqual(charged);
  const [row] = await s.t.sql<{ status: string; refunded_units: number }[]>`SELECT status::text AS status, refunded_units FROM model_runs WHERE id = ${runId}`;
  expect(row).toEqual({ status: 'done', refunded_units: 0 });
});

it('a run stops before its attempt expires, stores what it has and queues its own continuation, which finishes it', async () => {
  const serverId = await uploadServer(s, 'Long run');
  const res = await post(s, `/v1/servers/${serverId}/evaluations`, s.keys.script, { models: ['openai/fake'] });
  const { id: evaluationId, runs } = res.json() as { id: string; runs: { id: string }[] };
  const runId = runs[0]!.id;
  const log = recordingLog();
  await generateCases({ db: s.t.db, sender: { send: async () => null }, log }, { evaluationId });
  const sent: unknown[] = [];
  const sender = { send: async (_queue: string, payload: unknown) => (sent.push(payload), 'job') } as never;
  // A provider slower than the attempt: 29-odd trials at 2 a time × 400 ms ≈ 6 s, the attempt stops at 5 s.
  const slow = createMockProvider({ latencyMs: 400 });
  const deps = { db: s.t.db, sender, log, env: {}, tokens: await cliTokenCounter(), providerFor: async () => slow };
  const first = await runModel(deps, { modelRunId: runId }, { retryCount: 0, retryLimit: 3, expireInSeconds: 1 });
  expect(first.status).toBe('continued');
  expect(sent).toEqual([{ modelRunId: runId }]);
  const stored = (await s.t.sql<{ n: number }[]>`SELECT count(*)::int AS n FROM trials WHERE model_run_id = ${runId}`)[0]!.n;
  const [row] = await s.t.sql<{ trial_count: number; status: string }[]>`SELECT trial_count, status::text AS status FROM model_runs WHERE id = ${runId}`;
  expect(stored).toBeGreaterThan(0);
  expect(stored).toBeLessThan(row!.trial_count);
  expect(row!.status).toBe('running');
  const second = await runModel(deps, { modelRunId: runId }, { retryCount: 0, retryLimit: 3, expireInSeconds: 1800 });
  expect(second).toMatchObject({ status: 'done', skipped: stored, executed: row!.trial_count - stored });
}, 30_000);
