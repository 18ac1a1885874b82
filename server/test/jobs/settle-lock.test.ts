// Two runs of one evaluation ending at the same moment settle it: each end takes the evaluation's row lock
// before it reads the runs, so the second sees the first as ended. The moment is forced, not hoped for: a
// third session holds the evaluation row while both ends start; without the lock both read the other run
// as still running, then both write `running`, and the evaluation stays `running` forever (issue 23).
import { failRun, finishRun, markRunRunning } from '@toolmark/db';
import { openLockingSession } from '@toolmark/db/testing';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { generateCases } from '../../src/jobs/generate-cases.js';
import { post, startEvalService, uploadServer, type EvalService } from '../evaluations/helpers.js';
import { recordingLog, waitFor } from './helpers.js';

let s: EvalService;
const models = ['openai/one', 'openai/two'].map((id) => ({ id, provider: 'openai-chat', model: id.slice(7), baseUrl: 'http://127.0.0.1:9/v1', unitPrice: 1, concurrency: 1, retries: 0 }));

beforeAll(async () => {
  s = await startEvalService({ models }, { OPENAI_API_KEY: 'test-key' }, { workers: false });
}, 60_000);
afterAll(async () => s?.close());

/** Start an evaluation of both models with its cases attached and both runs running; returns its id and runs. */
async function twoRunning(name: string): Promise<{ evaluationId: string; runIds: string[] }> {
  const serverId = await uploadServer(s, name);
  const res = await post(s, `/v1/servers/${serverId}/evaluations`, s.keys.script, { models: models.map((m) => m.id) });
  expect(res.statusCode, res.body).toBe(202);
  const { id: evaluationId, runs } = res.json() as { id: string; runs: { id: string }[] };
  await generateCases({ db: s.t.db, sender: { send: async () => null }, log: recordingLog() }, { evaluationId });
  for (const r of runs) await markRunRunning(s.t.db, r.id, new Date(), 0, {});
  return { evaluationId, runIds: runs.map((r) => r.id) };
}

/** Hold the evaluation row, start both ends, wait until both wait for a lock, then let go. */
async function endTogether(evaluationId: string, ends: (() => Promise<unknown>)[]): Promise<string> {
  const holder = await openLockingSession(s.t.url);
  try {
    await holder.run('BEGIN');
    await holder.run('SELECT id FROM evaluations WHERE id = $1 FOR UPDATE', [evaluationId]);
    const running = ends.map((end) => end());
    await waitFor(
      'both ends to wait for a lock',
      async () => {
        const [row] = await s.t.sql<{ n: number }[]>`SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock' AND pid <> ${holder.pid}`;
        return row!.n >= 2;
      },
      20_000,
      10,
    );
    await holder.run('COMMIT');
    await Promise.all(running);
  } finally {
    await holder.end();
  }
  const [row] = await s.t.sql<{ status: string }[]>`SELECT status::text AS status FROM evaluations WHERE id = ${evaluationId}`;
  return row!.status;
}

it('two runs finishing at once leave the evaluation done', async () => {
  const { evaluationId, runIds } = await twoRunning('Finish together');
  const status = await endTogether(
    evaluationId,
    runIds.map((id) => () => finishRun(s.t.db, id, { scored: 0 }, new Date())),
  );
  expect(status).toBe('done');
});

it('a run finishing while the other fails leaves the evaluation failed', async () => {
  const { evaluationId, runIds } = await twoRunning('Finish and fail together');
  const status = await endTogether(evaluationId, [() => finishRun(s.t.db, runIds[0]!, { scored: 0 }, new Date()), () => failRun(s.t.db, runIds[1]!, { code: 'run_failed', message: 'test' }, new Date())]);
  expect(status).toBe('failed');
});
