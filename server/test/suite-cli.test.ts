// `toolmark suite run` as a process (the BUILT CLI) against a seeded database: queues the suite's
// evaluations at the asked steps, runs them in its own workers, prints each model's curve; a second run
// starts only what is missing (nothing); a step the suite has not is a usage error.
import { createTestDatabase, type TestDatabase } from '@toolmark/db/testing';
import { BASELINE_MODEL_ID, MODELS_SUITE } from '@toolmark/benchmarks';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { seedDatabase } from '../src/pipelines/seed.js';
import { runCli } from './helpers.js';

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase();
  await seedDatabase(t);
}, 60_000);
afterAll(async () => t?.drop());

it('runs the baseline on the suite at two steps, waits for it and prints the curve', async () => {
  const run = await runCli(['suite', 'run', '--models', BASELINE_MODEL_ID, '--step', '0', '1'], { env: { DATABASE_URL: t.url }, timeoutMs: 180_000 });
  expect(run.code, run.stderr).toBe(0);
  expect(run.stdout).toContain(`suite ${MODELS_SUITE.id} v${MODELS_SUITE.version}: ${MODELS_SUITE.servers.length * 2} evaluations queued, 0 units`);
  for (const slug of MODELS_SUITE.servers) {
    expect(run.stdout).toMatch(new RegExp(`queued   ${slug} \\[no distractor set\\]: evaluation [0-9a-f-]{36}, 0 units`));
    expect(run.stdout).toMatch(new RegExp(`queued   ${slug} \\[memory\\]: evaluation`));
  }
  const rows = await t.sql<{ status: string; distractors_key: string; n: number }[]>`
    SELECT mr.status, mr.distractors_key, count(*)::int AS n FROM model_runs mr GROUP BY 1, 2 ORDER BY 2`;
  expect(rows).toEqual([
    { status: 'done', distractors_key: '', n: MODELS_SUITE.servers.length },
    { status: 'done', distractors_key: 'memory', n: MODELS_SUITE.servers.length },
  ]);
  // One line per model with a point per step run: the server alone, then with memory's 9 tools more. The x is
  // the mean of tools shown per request (each server weighted by its cases: 23.1 on the suite's test half).
  expect(run.stdout).toMatch(/lexical\/baseline \(baseline, not a model\): 23\.1 tools \d+\.\d % · 32\.1 tools \d+\.\d %/);
}, 240_000);

it('a second run starts only what is missing: nothing', async () => {
  const run = await runCli(['suite', 'run', '--models', BASELINE_MODEL_ID, '--step', '1'], { env: { DATABASE_URL: t.url }, timeoutMs: 120_000 });
  expect(run.code, run.stderr).toBe(0);
  expect(run.stdout).toContain('0 evaluations queued');
  expect(run.stdout.match(/skipped {2}\S+ \[memory\]: already evaluated/g)).toHaveLength(MODELS_SUITE.servers.length);
  const [row] = await t.sql<{ n: number }[]>`SELECT count(*)::int AS n FROM evaluations`;
  expect(row!.n).toBe(MODELS_SUITE.servers.length * 2);
}, 180_000);

it('a step the suite does not have, and a model the catalogue does not have, are refused with nothing started', async () => {
  const step = await runCli(['suite', 'run', '--step', '9'], { env: { DATABASE_URL: t.url } });
  expect(step.code).toBe(2);
  expect(step.stderr).toContain(`the suite has steps 0 to ${MODELS_SUITE.steps.length - 1}`);
  const model = await runCli(['suite', 'run', '--models', 'openai/nope', '--no-wait'], { env: { DATABASE_URL: t.url }, timeoutMs: 120_000 });
  expect(model.code).toBe(2);
  expect(model.stderr).toContain('no model "openai/nope"');
  const [row] = await t.sql<{ n: number }[]>`SELECT count(*)::int AS n FROM evaluations`;
  expect(row!.n).toBe(MODELS_SUITE.servers.length * 2);
}, 180_000);
