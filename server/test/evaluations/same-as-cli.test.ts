// The service and `toolmark run` are one engine: for the same surface and settings, the built CLI's run
// report and the service's stored run have the same case set and exactly the same metrics — for the
// lexical baseline and for a model (a fake OpenAI-compatible server on 127.0.0.1, official SDK) with a
// distractor set. Needs `npm run build` (the CLI binary).
import { execFile } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { BASELINE_MODEL_ID, type RunReport } from '@toolmark/benchmarks';
import { startFake, type FakeServer } from '../fakes/llm-servers.mjs';
import { post, startEvalService, SURFACE, uploadServer, waitForEvaluation, type EvalService } from './helpers.js';

const BIN = new URL('../../bin/toolmark.js', import.meta.url).pathname;
let s: EvalService;
let fake: FakeServer;
let file: string;

beforeAll(async () => {
  fake = await startFake('openai');
  s = await startEvalService({ models: [{ id: 'openai/fake', provider: 'openai-chat', model: 'fake', baseUrl: fake.baseURL, unitPrice: 1, retries: 0 }] }, { OPENAI_API_KEY: fake.key });
  file = join(mkdtempSync(join(tmpdir(), 'tm-same-')), 'tools.json');
  writeFileSync(file, JSON.stringify(SURFACE));
}, 60_000);
afterAll(async () => {
  await s?.close();
  await fake?.close();
});

async function cli(args: string[]): Promise<RunReport> {
  const { stdout } = await promisify(execFile)(process.execPath, [BIN, 'run', file, '--format', 'json', '--no-cache', '--distractors', 'memory', ...args], {
    env: { PATH: process.env.PATH, HOME: process.env.HOME, OPENAI_API_KEY: fake.key },
    maxBuffer: 64 * 1024 * 1024,
  });
  return JSON.parse(stdout) as RunReport;
}

it('the service and toolmark run give the same cases and the same numbers for the same settings', async () => {
  const serverId = await uploadServer(s, 'Same as CLI');
  const res = await post(s, `/v1/servers/${serverId}/evaluations`, s.keys.script, { models: [BASELINE_MODEL_ID, 'openai/fake'], distractors: ['memory'] });
  expect(res.statusCode, res.body).toBe(202);
  const done = await waitForEvaluation(s, res.json().id, (e) => e.status === 'done');
  const rows = await s.t.sql<{ model_id: string; metrics: RunReport['metrics']; facts: { caseSetHash: string; shownSurfaceHash: string } }[]>`
    SELECT model_id, metrics, facts FROM model_runs WHERE evaluation_id = ${done.id} ORDER BY ordinal`;
  const baseline = await cli(['--provider', 'lexical']);
  const model = await cli(['--provider', 'openai-chat', '--model', 'fake', '--base-url', fake.baseURL, '--retries', '0', '--max-trials', '5000']);
  for (const [row, report] of [[rows[0]!, baseline], [rows[1]!, model]] as const) {
    expect(row.facts.caseSetHash).toBe(report.caseSet.hash);
    expect(row.facts.shownSurfaceHash).toBe(report.shownSurfaceHash);
    expect(row.metrics).toEqual(report.metrics);
  }
  // A real comparison, not two empty runs.
  expect(baseline.metrics.selectionAcc.denominator).toBeGreaterThan(10);
  expect(model.metrics.scored).toBe(model.trials.length);
});
