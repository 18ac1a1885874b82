// One organisation's work never blocks another's in the `run-model` queue. A stalled run whose continuation
// waits in the queue (while its attempt is still active) used to stop the queue for everyone: pg-boss's
// `stately` fetch took the continuation first and failed on "one active per key". And jobs are queued at
// their organisation's fair rank, so an organisation's second run waits behind another's first.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createApiKey, createOrganisation } from '@toolmark/db';
import { bossSender } from '../../src/jobs/boss.js';
import { startFake, wordMatchScript, type FakeServer, type FakeView } from '../fakes/llm-servers.mjs';
import { get, post, startEvalService, uploadServer, type EvalService } from '../evaluations/helpers.js';
import { jobsOf, waitFor } from './helpers.js';

let s: EvalService;
let fake: FakeServer;
/** Requests whose tools include this name hang: the stalled organisation's run. */
const STALLED_TOOL = 'close_issue';

beforeAll(async () => {
  fake = await startFake('openai', {
    script: async (view: FakeView) => {
      if (view.tools.some((t) => t.name === STALLED_TOOL)) await new Promise(() => undefined);
      return wordMatchScript(view);
    },
  });
  s = await startEvalService({ models: ['one', 'two'].map((m) => ({ id: `openai/${m}`, provider: 'openai-chat', model: m, baseUrl: fake.baseURL, unitPrice: 1, concurrency: 1, retries: 0 })) }, { OPENAI_API_KEY: 'test-key' });
}, 60_000);
afterAll(async () => {
  await s?.close();
  await fake?.close();
});

it('a stalled run with its continuation queued does not hold up another organisation, and run jobs are queued at their organisation\'s fair rank', async () => {
  // Organisation A: one run, stalled at the provider, holding one of the worker's two slots.
  const serverA = await uploadServer(s, 'Stalled');
  const resA = await post(s, `/v1/servers/${serverA}/evaluations`, s.keys.script, { models: ['openai/one'] });
  expect(resA.statusCode, resA.body).toBe(202);
  const runA = (resA.json() as { runs: { id: string }[] }).runs[0]!.id;
  await waitFor('A\'s run to be active', async () => (await jobsOf(s.t, 'run-model')).some((j) => j.state === 'active'), 30_000);
  // Its continuation is queued while its attempt is still active (as a run does before it expires), with
  // the rank of a first job: it is the oldest waiting job, at the head of the queue.
  const continuation = await bossSender(s.boss).send('run-model', { modelRunId: runA });
  expect(continuation).not.toBeNull();

  // Organisation B starts an evaluation of one model: it must finish although A's runs never end.
  const orgB = await createOrganisation(s.t.db, { name: 'Other', slug: 'other' });
  const keyB = (await createApiKey(s.t.db, { organisationId: orgB.id, purpose: 'script', name: 'b' })).key;
  const serverB = await uploadServer(s, 'Quick', { tools: [{ name: 'list_files', description: 'List the files in a folder of the workspace, with their sizes.', inputSchema: { type: 'object', properties: { path: { type: 'string', description: 'The folder.' } }, required: ['path'] } }] }, keyB);
  const resB = await post(s, `/v1/servers/${serverB}/evaluations`, keyB, { models: ['openai/one'] });
  expect(resB.statusCode, resB.body).toBe(202);
  const evalB = (resB.json() as { id: string }).id;
  const started = Date.now();
  const doneB = await waitFor(`evaluation ${evalB}`, async () => {
    const e = (await get(s, `/v1/evaluations/${evalB}`, keyB)).json() as { status: string };
    return e.status === 'done' && e;
  }, 60_000, 100);
  console.log(`fairness: organisation B's evaluation finished ${((Date.now() - started) / 1000).toFixed(1)} s after it was queued, beside A's stalled run and its waiting continuation`);
  expect(doneB.status).toBe('done');
  // B had the free slot without preempting anyone: A's run still hangs in its first attempt (had the
  // queue been blocked, B could only have run once A's attempt yielded and ended). Its continuation was
  // fetched, found the run held by that live attempt, and completed without running it beside it.
  const jobs = await jobsOf(s.t, 'run-model');
  expect(jobs.filter((j) => j.data.modelRunId === runA).map((j) => [j.id === continuation, j.state, j.output?.status ?? null])).toEqual([
    [false, 'active', null],
    [true, 'completed', 'busy'],
  ]);

  // Fair rank: B's run was queued at 0 (B had no other run job); a second run of A now waits behind A's first.
  const rankOf = async (evaluationId: string) =>
    (await s.t.sql<{ priority: number }[]>`SELECT j.priority FROM pgboss.job j JOIN model_runs r ON r.id::text = j.data->>'modelRunId' WHERE r.evaluation_id = ${evaluationId} AND j.name = 'run-model'`)[0]!.priority;
  expect(await rankOf(evalB)).toBe(0);
  const resA2 = await post(s, `/v1/servers/${serverA}/evaluations`, s.keys.script, { models: ['openai/two'] });
  const evalA2 = (resA2.json() as { id: string }).id;
  await waitFor('A\'s second run to be queued', async () => (await s.t.sql`SELECT 1 FROM pgboss.job j JOIN model_runs r ON r.id::text = j.data->>'modelRunId' WHERE r.evaluation_id = ${evalA2}`).length > 0, 30_000);
  expect(await rankOf(evalA2)).toBe(-1);
}, 120_000);
