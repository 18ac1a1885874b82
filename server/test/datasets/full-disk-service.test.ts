// The real service (`server/dist/start.js`, its own workers, the first-start seed) with its datasets folder
// on a full 64 KiB tmpfs: the operator's build fails its job with the write error, removes what it wrote,
// publishes nothing — and the process stays up: /health and the API answer after it, and no unhandled
// rejection was logged. (Issue 23: a full disk used to end the process.)
import { execFileSync } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createTestDatabase, type TestDatabase } from '@toolmark/db/testing';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { waitFor } from '../jobs/helpers.js';
import { startServiceProcess, type ServiceProcess } from '../service/service-process.js';

let t: TestDatabase;
let state: string;
let full: string;
let service: ServiceProcess | undefined;

beforeAll(async () => {
  t = await createTestDatabase(4);
  state = await mkdtemp(join(tmpdir(), 'toolmark-full-state-'));
  full = await mkdtemp(join(tmpdir(), 'toolmark-full-datasets-'));
  execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=64k', 'tmpfs', full]);
  await writeFile(join(full, 'filler'), Buffer.alloc(60 * 1024));
  service = await startServiceProcess({ DATABASE_URL: t.url, TOOLMARK_DATA_DIR: state, TOOLMARK_DATASETS_DIR: full });
}, 120_000);
afterAll(async () => {
  await service?.stop();
  execFileSync('umount', [full]);
  await rm(full, { recursive: true, force: true });
  await rm(state, { recursive: true, force: true });
  await t?.drop();
});

it('a build into a full folder fails its job with the error, leaves nothing, and the service keeps answering', async () => {
  const s = service!;
  const key = (await readFile(join(state, 'first-admin-key'), 'utf8')).trim();
  await waitFor('the seeded servers on the board', async () => ((await (await fetch(`${s.url}/v1/leaderboards/lint?limit=1`)).json()) as { total: number }).total > 0 || undefined, 60_000);
  // The first start queued a build at once (so a fresh install has releases); the operator asks too — merged into it when it still waits.
  const asked = await fetch(`${s.url}/v1/datasets/builds`, { method: 'POST', headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' }, body: '{}' });
  expect(asked.status).toBe(202);
  const job = await waitFor('a build job failed', async () => {
    const [row] = await t.sql<{ state: string; output: { error?: { code: string; message: string } } | null }[]>`SELECT state, output FROM pgboss.job WHERE name = 'build-release' AND state IN ('retry', 'failed') AND data->>'reason' <> 'first-release' LIMIT 1`;
    return row;
  }, 60_000);
  // pg-boss keeps the thrown error as the job's output (ToolmarkError's uniform shape).
  expect(job.output?.error?.code).toBe('dataset_write_failed');
  expect(job.output?.error?.message).toMatch(/^dataset release lint-\S+ could not be written in \S+: ENOSPC .*nothing was published and its partial output was removed$/);
  expect(s.out()).toContain('job failed; will retry');
  expect(s.alive()).toBe(true);
  const health = await fetch(`${s.url}/health`);
  expect(health.status).toBe(200);
  expect(((await (await fetch(`${s.url}/v1/datasets`)).json()) as { items: unknown[] }).items).toEqual([]);
  // What a failed build leaves, read while no build runs: the first start's build and the operator's are two
  // jobs, and the one still waiting (put back while the other held the build, or a retry) may be writing now.
  const activeBuilds = async () => Number((await t.sql<{ n: string }[]>`SELECT count(*) AS n FROM pgboss.job WHERE name = 'build-release' AND state = 'active'`)[0]!.n);
  const left = await waitFor('a moment with no build running', async () => {
    if ((await activeBuilds()) > 0) return undefined;
    const entries = { top: (await readdir(full)).sort(), building: await readdir(join(full, '.building')) };
    return (await activeBuilds()) === 0 ? entries : undefined;
  }, 60_000);
  expect(left.top).toEqual(['.building', 'filler']);
  expect(left.building).toEqual([]);
  expect(s.out()).not.toMatch(/unhandled|uncaught/i);
  // The first start made the dataset signing key beside the first admin key (0600) and serves its public half.
  expect((await stat(join(state, 'datasets-signing-key.pem'))).mode & 0o777).toBe(0o600);
  const keys = (await (await fetch(`${s.url}/.well-known/toolmark-datasets-keys.json`)).json()) as { keys: { keyId: string }[] };
  expect(keys.keys).toHaveLength(1);
  expect(keys.keys[0]!.keyId).toMatch(/^ed25519:[0-9a-f]{32}$/);
}, 120_000);
