// Throughput of one process's workers on real pg-boss and PostgreSQL: jobs are bounded by the work, not by
// pg-boss's polling interval. pg-boss 10's worker waits the interval after every fetch, empty or not, so with
// the production interval (2 s) and concurrency 2 a process used to finish one job a second.
import { LATEST_RULES, parseSurfaceValue, publishedRuleSetIds, surfaceHash } from '@toolmark/benchmarks';
import { addVersionIfChanged, createOrganisation, createServer } from '@toolmark/db';
import { createTestDatabase, type TestDatabase } from '@toolmark/db/testing';
import type PgBoss from 'pg-boss';
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import { bossSender, createBoss, stopBoss } from '../../src/jobs/boss.js';
import { lintVersion } from '../../src/jobs/lint-version.js';
import { startWorkers, type StopWorkers } from '../../src/jobs/workers.js';
import { jobsOf, recordingLog, tool, waitFor } from './helpers.js';

let t: TestDatabase;
let orgId: string;
const running: { boss: PgBoss; stop?: StopWorkers }[] = [];
const RULES = publishedRuleSetIds();

async function newVersions(prefix: string, count: number): Promise<string[]> {
  const ids: string[] = [];
  for (let i = 0; i < count; i++) {
    const slug = `${prefix}-${i}`;
    const server = await createServer(t.db, { name: slug, slug, source: 'upload', organisationId: orgId, public: true });
    const value = {
      tools: [
        tool(`search_${prefix}_${i}`, `Search the ${prefix} records of workspace ${i} by keyword and return the matching ones.`),
        tool(`get_${prefix}_${i}`, `Get one ${prefix} record of workspace ${i} by its id, with every field.`),
      ],
    };
    const { version } = await addVersionIfChanged(t.db, {
      serverId: server.id,
      surfaceHash: surfaceHash(parseSurfaceValue(value)),
      tools: value,
      toolCount: value.tools.length,
      label: null,
      origin: 'upload',
    });
    ids.push(version.id);
  }
  return ids;
}

const workerDeps = (boss: PgBoss, log: ReturnType<typeof recordingLog>, concurrency: number) => ({
  db: t.db,
  sender: bossSender(boss),
  log,
  allowPrivateUrls: false,
  allowNpmCapture: false,
  concurrency,
});

beforeAll(async () => {
  t = await createTestDatabase();
  orgId = (await createOrganisation(t.db, { name: 'Acme', slug: 'acme' })).id;
});
afterEach(async () => {
  for (const r of running.splice(0)) {
    await r.stop?.({ timeoutMs: 5_000 });
    await stopBoss(r.boss, { graceful: false });
  }
});
afterAll(async () => t?.drop());

it('60 lint jobs finish in well under the minute that one job a second (2 pollers, 2 s interval) would take', async () => {
  const log = recordingLog();
  // The production polling interval (createBoss's default), not the tests' fast one.
  const workers = await createBoss({ url: t.url, log, maintenanceIntervalSeconds: 1 });
  const entry: (typeof running)[number] = { boss: workers };
  running.push(entry);
  entry.stop = await startWorkers(workers, workerDeps(workers, log, 2));
  // The jobs come from another pg-boss instance, as from an API process: nothing in the workers' process
  // hears of them, so only the workers' own fetching moves them.
  const producer = await createBoss({ url: t.url, log: recordingLog() });
  running.push({ boss: producer });
  const versionIds = await newVersions('burst', 60);
  const sender = bossSender(producer);
  for (const versionId of versionIds) expect(await sender.send('lint-version', { versionId })).toEqual(expect.any(String));

  // 60 one-second polls would need ~60 s; the lints themselves take a few ms each. 20 s leaves a loaded
  // 2-core machine a wide margin.
  const jobs = await waitFor(
    'all 60 lints to complete',
    async () => {
      // Each job scores the latest rules and queues the other published versions at low priority: 60 jobs
      // of the burst, and one more per version while another version is published.
      const mine = (await jobsOf(t, 'lint-version')).filter((j) => versionIds.includes(j.data.versionId as string));
      return mine.length === 60 * (RULES.length > 1 ? 2 : 1) && mine.every((j) => j.state === 'completed') && mine;
    },
    20_000,
  );
  expect(jobs.flatMap((j) => j.output?.stored as string[])).toHaveLength(60 * RULES.length);
  const rows = await t.sql.unsafe<{ count: number }[]>('SELECT count(*)::int AS count FROM lint_results WHERE server_version_id = ANY($1::uuid[])', [versionIds]);
  expect(rows[0]?.count).toBe(60 * RULES.length);
});

it('a job sent in the workers\' own process starts at once, not at the next poll', async () => {
  const log = recordingLog();
  // A long interval: the idle workers' next poll comes 30 s after their first, empty one.
  const boss = await createBoss({ url: t.url, log, pollingIntervalSeconds: 30, maintenanceIntervalSeconds: 1 });
  const entry: (typeof running)[number] = { boss };
  running.push(entry);
  // Scored already, so the start-up backfill queues nothing and the workers' first fetch finds the queue empty.
  const [versionId] = await newVersions('wake', 1);
  await lintVersion({ db: t.db, log, sender: bossSender(boss) }, { versionId, rules: RULES });
  entry.stop = await startWorkers(boss, workerDeps(boss, log, 2));
  expect((await jobsOf(t, 'lint-version')).filter((j) => j.data.versionId === versionId)).toEqual([]);
  // Time for that first, empty fetch to come back: the workers are asleep now.
  await new Promise((resolve) => setTimeout(resolve, 1_500));

  const sent = Date.now();
  const id = await bossSender(boss).send('lint-version', { versionId: versionId! }, { singletonKey: 'again' });
  const done = await waitFor(
    'the sent job to complete',
    async () => (await jobsOf(t, 'lint-version')).find((j) => j.id === id && j.state === 'completed'),
    15_000,
  );
  // A job naming no rules scores the latest (already there); the others are a background job's.
  expect(done.output).toMatchObject({ status: 'done', alreadyScored: [LATEST_RULES] });
  // Well under the 30 s the sleeping workers would otherwise wait.
  expect(Date.now() - sent).toBeLessThan(15_000);
});
