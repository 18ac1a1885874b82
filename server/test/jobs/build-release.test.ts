// `build-release` through real pg-boss workers: a worker given dataset settings registers the schedule,
// and a job (as POST /v1/datasets/builds sends it) builds and publishes the releases; one asked for while
// another build of its kind runs comes back later.
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { heartbeatInstance, publishedReleases, takeHold } from '@toolmark/db';
import { publishedRuleSets } from '@toolmark/benchmarks';
import { createTestDatabase, type TestDatabase } from '@toolmark/db/testing';
import type PgBoss from 'pg-boss';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { bossSender, createBoss, stopBoss } from '../../src/jobs/boss.js';
import { startWorkers, type StopWorkers } from '../../src/jobs/workers.js';
import { FAST, recordingLog, waitFor } from './helpers.js';
import { TEST_SIGNER } from '../datasets/signer.js';

let t: TestDatabase;
let boss: PgBoss;
let stop: StopWorkers;
let root: string;

beforeAll(async () => {
  t = await createTestDatabase();
  root = await mkdtemp(join(tmpdir(), 'toolmark-build-job-'));
  const log = recordingLog();
  boss = await createBoss({ url: t.url, log, ...FAST });
  stop = await startWorkers(boss, { db: t.db, sender: bossSender(boss), log, allowPrivateUrls: false, allowNpmCapture: false, concurrency: 1, datasets: { signer: TEST_SIGNER, root, license: 'CC0-1.0', siteUrl: 'http://127.0.0.1:9', cron: '41 4 * * *' } });
});
afterAll(async () => {
  await stop?.({ timeoutMs: 5_000 });
  if (boss) await stopBoss(boss, { graceful: false });
  await t?.drop();
  await rm(root, { recursive: true, force: true });
});

it('registers the nightly schedule and publishes releases when a build job arrives', async () => {
  const schedules = await boss.getSchedules();
  expect(schedules.find((s) => s.name === 'build-release')).toMatchObject({ cron: '41 4 * * *', data: { reason: 'scheduled' } });
  const id = await bossSender(boss).send('build-release', { reason: 'requested', kind: 'lint' });
  expect(id).not.toBeNull();
  // One lint release per published rules version.
  const versions = publishedRuleSets().length;
  const published = await waitFor('lint releases published', async () => {
    const rows = await publishedReleases(t.db);
    return rows.length >= versions ? rows : undefined;
  }, 30_000);
  expect(published.every((r) => r.kind === 'lint')).toBe(true);
  expect(published.map((r) => (r.manifest as { license: string }).license)).toEqual(Array(versions).fill('CC0-1.0'));
});

it('a build asked for while another holds the same kind is put back, not dropped, and builds once the hold is gone', async () => {
  // Another worker (a live instance elsewhere) runs a lint build: its job is active and holds the key.
  const other = { id: randomUUID(), host: 'another-machine', pid: 1 };
  const running = await boss.send('build-release', { kind: 'lint', reason: 'requested' }, { singletonKey: 'lint', startAfter: 3600 });
  const [fetched] = await boss.fetch('build-release', { ignoreStartAfter: true });
  expect(fetched?.id).toBe(running);
  await heartbeatInstance(t.db, other, [running!]);
  expect(await takeHold(t.db, { key: 'build-release:lint', jobId: running!, instanceId: other.id, bossSchema: 'pgboss', deadAfterSeconds: 30 })).toBe(true);

  const before = (await publishedReleases(t.db)).length;
  const asked = await bossSender(boss).send('build-release', { reason: 'requested', kind: 'lint' });
  const [done] = await waitFor('the asked-for build to find the key held', async () => {
    const rows = await t.sql<{ output: { status: string; retryInSeconds: number } }[]>`SELECT output FROM pgboss.job WHERE id = ${asked!} AND state = 'completed'`;
    return rows.length > 0 && rows;
  });
  expect(done!.output).toMatchObject({ status: 'busy', retryInSeconds: 30 });
  // Put back for later, with the same key; nothing built meanwhile.
  const [later] = await t.sql<{ id: string; wait: number }[]>`SELECT id, extract(epoch FROM start_after - now())::float AS wait FROM pgboss.job WHERE name = 'build-release' AND state = 'created' AND singleton_key = 'lint' AND id <> ${running!}`;
  expect(later!.wait).toBeGreaterThan(20);
  expect((await publishedReleases(t.db)).length).toBe(before);

  // The other build's job completes (its hold left behind, as by a crash between the two: a hold of an
  // ended job is free); the put-back job (brought forward, not to wait 30 s here) takes it and builds.
  await boss.complete('build-release', running!);
  await t.sql`UPDATE pgboss.job SET start_after = now() WHERE id = ${later!.id}`;
  await waitFor('the put-back job to complete', async () => (await t.sql`SELECT 1 FROM pgboss.job WHERE id = ${later!.id} AND state = 'completed'`).length > 0, 30_000);
  const [output] = await t.sql<{ output: { releases: unknown[] } }[]>`SELECT output FROM pgboss.job WHERE id = ${later!.id}`;
  expect(output!.output.releases.length).toBeGreaterThan(0);
});
