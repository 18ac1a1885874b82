// A worker process killed in the middle of a job (SIGKILL: no chance to hand the job back) must not lose
// it: when the attempt expires, another process's maintenance fails it into a retry, and a live worker
// completes it, once. The killed worker is a real child process on the BUILT code (`npm run build` first).
import { spawn, type ChildProcess } from 'node:child_process';
import { parseSurfaceValue, ruleSets, surfaceHash } from '@toolmark/benchmarks';
import { addVersionIfChanged, createOrganisation, createServer } from '@toolmark/db';
import { createTestDatabase, type TestDatabase } from '@toolmark/db/testing';
import type PgBoss from 'pg-boss';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { bossSender, createBoss, stopBoss, type BossOptions } from '../../src/jobs/boss.js';
import { startWorkers, type StopWorkers } from '../../src/jobs/workers.js';
import { FAST, jobsOf, lintRows, recordingLog, tool, waitFor } from './helpers.js';

const BOSS_JS = new URL('../../dist/jobs/boss.js', import.meta.url).href;
// Short expiry so the test waits seconds, not minutes; both processes create the queue with these settings.
const QUEUES: BossOptions['queues'] = { 'lint-version': { expireInSeconds: 3, retryDelay: 1, retryLimit: 3 } };

// The child: our createBoss on the built code, and a lint-version handler that says it started, then never ends.
const CHILD = `
const { createBoss } = await import(${JSON.stringify(BOSS_JS)});
const log = { info() {}, warn() {}, error() {} };
const boss = await createBoss({ url: process.env.TM_URL, log, pollingIntervalSeconds: 0.5, queues: JSON.parse(process.env.TM_QUEUES) });
await boss.work('lint-version', { batchSize: 1 }, async ([job]) => {
  process.stdout.write('started ' + job.id + '\\n');
  await new Promise(() => {});
});
`;

let t: TestDatabase;
let child: ChildProcess | undefined;
let boss: PgBoss | undefined;
let stop: StopWorkers | undefined;

beforeAll(async () => {
  t = await createTestDatabase();
});
afterAll(async () => {
  child?.kill('SIGKILL');
  await stop?.({ timeoutMs: 5_000 });
  if (boss) await stopBoss(boss, { graceful: false });
  await t?.drop();
});

it('a job whose worker was SIGKILLed is retried after it expires and completes once', async () => {
  const org = await createOrganisation(t.db, { name: 'Acme', slug: 'acme' });
  const server = await createServer(t.db, { name: 'killed', slug: 'killed', source: 'upload', organisationId: org.id, public: true });
  const value = { tools: [tool('list_files', 'List the files in a folder of the workspace.')] };
  const { version } = await addVersionIfChanged(t.db, {
    serverId: server.id,
    surfaceHash: surfaceHash(parseSurfaceValue(value)),
    tools: value,
    toolCount: 1,
    label: null,
    origin: 'upload',
  });
  const log = recordingLog();
  boss = await createBoss({ url: t.url, log, ...FAST, queues: QUEUES });
  const jobId = await bossSender(boss).send('lint-version', { versionId: version.id });

  child = spawn(process.execPath, ['--input-type=module', '-e', CHILD], {
    env: { PATH: process.env.PATH ?? '', TM_URL: t.url, TM_QUEUES: JSON.stringify(QUEUES) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const started = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`the child worker did not start a job: ${stderr}`)), 20_000);
    child!.stdout?.on('data', (chunk: Buffer) => {
      const match = /started (\S+)/.exec(chunk.toString());
      if (match) {
        clearTimeout(timer);
        resolve(match[1]!);
      }
    });
    child!.on('exit', (code) => reject(new Error(`the child worker exited (${code}): ${stderr}`)));
  });
  expect(started).toBe(jobId);
  child.kill('SIGKILL');
  await new Promise((resolve) => child!.once('exit', resolve));

  // The attempt is still `active` in the database: nobody said it ended.
  const [held] = await jobsOf(t, 'lint-version');
  expect(held).toMatchObject({ id: jobId, state: 'active', retry_count: 0 });

  stop = await startWorkers(boss, { db: t.db, sender: bossSender(boss), log, allowPrivateUrls: false, allowNpmCapture: false, concurrency: 1 });
  const all = await waitFor('the job (and any other lint of the version) to complete after expiry', async () => {
    const jobs = (await jobsOf(t, 'lint-version')).filter((j) => j.data.versionId === version.id);
    return jobs.every((j) => j.state === 'completed') && jobs;
  });
  const done = all.find((j) => j.id === jobId)!;
  // The second attempt (retry_count 1) ran on the live worker.
  expect(done.retry_count).toBe(1);
  // The start-up backfill also queued a lint of this version (it had no result yet); between them the
  // result was stored once, by one job.
  expect(all.flatMap((j) => (j.output?.stored as string[]) ?? []).sort()).toEqual(Object.keys(ruleSets).sort());
  expect(await lintRows(t, version.id)).toHaveLength(Object.keys(ruleSets).length);
});
