// `build-release` through real pg-boss workers: a worker given dataset settings registers the schedule,
// and a job (as POST /v1/datasets/builds sends it) builds and publishes the releases.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { publishedReleases } from '@toolmark/db';
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
  const published = await waitFor('lint releases published', async () => {
    const rows = await publishedReleases(t.db);
    return rows.length >= 2 ? rows : undefined;
  }, 30_000);
  expect(published.every((r) => r.kind === 'lint')).toBe(true);
  expect(published.map((r) => (r.manifest as { license: string }).license)).toEqual(['CC0-1.0', 'CC0-1.0']);
});
