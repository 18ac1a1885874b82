// A worker process killed in the middle of a job (SIGKILL: no chance to hand the job back) on "another
// machine" must not hold it until its attempt expires: while it heartbeats, its job is left alone; once it
// is silent for the dead-after window, a live instance fails the attempt into a retry at once, and a live
// worker completes it, once. The attempt's expiry (300 s) is far beyond the test, so only the heartbeat can
// have freed it. The killed worker is a real child process on the BUILT code (`npx tsc -b` first).
import { spawn, type ChildProcess } from 'node:child_process';
import { parseSurfaceValue, publishedRuleSetIds, surfaceHash } from '@toolmark/benchmarks';
import { addVersionIfChanged, createOrganisation, createServer } from '@toolmark/db';
import { createTestDatabase, type TestDatabase } from '@toolmark/db/testing';
import type PgBoss from 'pg-boss';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { bossSender, createBoss, stopBoss, type BossOptions } from '../../src/jobs/boss.js';
import { startWorkers, type StopWorkers } from '../../src/jobs/workers.js';
import { FAST, jobsOf, lintRows, recordingLog, tool, waitFor } from './helpers.js';

const BOSS_JS = new URL('../../dist/jobs/boss.js', import.meta.url).href;
const INSTANCE_JS = new URL('../../dist/jobs/instance.js', import.meta.url).href;
const DB_JS = new URL('../../../db/dist/index.js', import.meta.url).href;
const QUEUES: BossOptions['queues'] = { 'lint-version': { expireInSeconds: 300, retryDelay: 30, retryLimit: 3 } };
const INSTANCE = { heartbeatSeconds: 1, deadAfterSeconds: 3 };

// The child: our createBoss and a worker instance on the built code, as if on another machine (its own
// host name), and a lint-version handler that says it started, is listed by the instance, and never ends.
const CHILD = `
const { createBoss } = await import(${JSON.stringify(BOSS_JS)});
const { startInstance } = await import(${JSON.stringify(INSTANCE_JS)});
const { openDatabase } = await import(${JSON.stringify(DB_JS)});
const log = { info() {}, warn() {}, error() {} };
const handle = await openDatabase({ url: process.env.TM_URL, maxConnections: 2 });
const boss = await createBoss({ url: process.env.TM_URL, log, pollingIntervalSeconds: 0.5, queues: JSON.parse(process.env.TM_QUEUES) });
const instance = await startInstance(handle.db, boss, log, { ...JSON.parse(process.env.TM_INSTANCE), host: 'another-machine' });
await boss.work('lint-version', { batchSize: 1 }, async ([job]) => {
  instance.started(job.id);
  await instance.beat();
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

it('a job whose worker on another machine was SIGKILLed is failed over by the heartbeat, long before it expires, and completes once', async () => {
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
    env: { PATH: process.env.PATH ?? '', TM_URL: t.url, TM_QUEUES: JSON.stringify(QUEUES), TM_INSTANCE: JSON.stringify(INSTANCE) },
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

  // A live instance judges the child while it heartbeats: for three dead-after windows, its job is left alone.
  stop = await startWorkers(boss, { db: t.db, sender: bossSender(boss), log, allowPrivateUrls: false, allowNpmCapture: false, concurrency: 1, instance: INSTANCE });
  await new Promise((resolve) => setTimeout(resolve, 3 * INSTANCE.deadAfterSeconds * 1000));
  expect((await jobsOf(t, 'lint-version')).find((j) => j.id === jobId)).toMatchObject({ state: 'active', retry_count: 0 });
  expect(log.lines.filter((l) => l.message.includes('failed over'))).toEqual([]);

  const killedAt = Date.now();
  child.kill('SIGKILL');
  await new Promise((resolve) => child!.once('exit', resolve));
  const all = await waitFor(
    'the job (and any other lint of the version) to complete after the failover',
    async () => {
      const jobs = (await jobsOf(t, 'lint-version')).filter((j) => j.data.versionId === version.id);
      return jobs.every((j) => j.state === 'completed') && jobs;
    },
    60_000,
  );
  const seconds = (Date.now() - killedAt) / 1000;
  console.log(`killed-worker: another machine's worker SIGKILLed; its job completed on a live worker ${seconds.toFixed(1)} s later (dead-after ${INSTANCE.deadAfterSeconds} s, expiry 300 s)`);
  // Freed by the heartbeat, not the expiry: the failover named the job, and the retry ran on the live worker.
  expect(log.lines.find((l) => l.message.includes('failed over'))?.fields.jobIds).toEqual([jobId]);
  expect(seconds).toBeLessThan(60);
  const done = all.find((j) => j.id === jobId)!;
  expect(done.retry_count).toBe(1);
  expect(all.flatMap((j) => (j.output?.stored as string[]) ?? []).sort()).toEqual(publishedRuleSetIds().sort());
  expect(await lintRows(t, version.id)).toHaveLength(publishedRuleSetIds().length);
}, 90_000);
