// A fresh install (the real `npm start` process on an empty database, seed on, its own workers): the first
// start's build publishes the lint releases, and the seeded baseline evaluations' first releases follow as
// soon as their runs settle (jobs/first-release.ts) — no nightly build, no operator — so /datasets and the
// methodology page list evaluation releases, each verifiable with the instance's key.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { BASELINE_MODEL_ID, MODELS_SUITE } from '@toolmark/benchmarks';
import { createTestDatabase, type TestDatabase } from '@toolmark/db/testing';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { waitFor } from '../jobs/helpers.js';
import { runCli } from '../helpers.js';
import { startServiceProcess, type ServiceProcess } from '../service/service-process.js';

let t: TestDatabase;
let state: string;
let service: ServiceProcess | undefined;

beforeAll(async () => {
  t = await createTestDatabase(8);
  state = await mkdtemp(join(tmpdir(), 'toolmark-first-start-'));
  service = await startServiceProcess({ DATABASE_URL: t.url, TOOLMARK_DATA_DIR: state, TOOLMARK_DATASETS_DIR: join(state, 'datasets') });
}, 120_000);
afterAll(async () => {
  await service?.stop();
  await rm(state, { recursive: true, force: true });
  await t?.drop();
});

interface Listed {
  id: string;
  kind: string;
  key: string;
  latest: boolean;
}

it('lists evaluation releases on /datasets and /methodology minutes after the first start, without another build', async () => {
  const s = service!;
  // The seeded baseline runs the suite without distractors and at the curve's distractor steps (`memory`, …):
  // each settles into its own first release, in whatever order the runs finish. The one without is waited for.
  const key = `${BASELINE_MODEL_ID}|none|en|${MODELS_SUITE.generator}|${MODELS_SUITE.casesPerTool}|${MODELS_SUITE.repeats}`;
  const releases = await waitFor('the evaluation release of the seeded baseline without distractors', async () => {
    const items = ((await (await fetch(`${s.url}/v1/datasets?latest=true`)).json()) as { items: Listed[] }).items;
    return items.some((r) => r.kind === 'evaluation' && r.key === key) && items.some((r) => r.kind === 'lint') ? items : undefined;
  }, 150_000, 1_000);
  const evaluation = releases.find((r) => r.kind === 'evaluation' && r.key === key)!;
  expect(evaluation.key).toBe(key);
  // Only the first-start build and first releases ran: no scheduled or operator build.
  const reasons = (await t.sql<{ reason: string }[]>`SELECT DISTINCT data->>'reason' AS reason FROM pgboss.job WHERE name = 'build-release' ORDER BY 1`).map((r) => r.reason);
  expect(reasons.filter((r) => r !== 'scheduled').sort()).toEqual(expect.arrayContaining(['first-release']));
  expect(reasons).not.toContain('withdrawal');
  const page = await fetch(`${s.url}/methodology`);
  expect(page.status).toBe(200);
  expect(await page.text()).toContain(evaluation.id);
  const datasets = await (await fetch(`${s.url}/datasets`)).text();
  expect(datasets).toContain(evaluation.id);
  // The release verifies against the instance's published key.
  const verify = await runCli(['datasets', 'verify', `${s.url}/v1/datasets/${evaluation.id}`], { timeoutMs: 120_000 });
  expect(verify.stdout + verify.stderr).toMatch(/^ok {2}/m);
  expect(verify.code).toBe(0);
}, 240_000);
