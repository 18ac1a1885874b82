// The start-up backfill on a real PostgreSQL: after start every stored version — latest or not — has a
// result under every registered rules version, queued once however often the workers start.
import { LATEST_RULES, lintSurface, parseSurfaceValue, publishedRuleSetIds, surfaceHash } from '@toolmark/benchmarks';
import { addVersionIfChanged, createOrganisation, createServer, storeLintResult } from '@toolmark/db';
import { createTestDatabase, type TestDatabase } from '@toolmark/db/testing';
import type PgBoss from 'pg-boss';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { backfillLints } from '../../src/jobs/backfill-lints.js';
import { bossSender, createBoss, stopBoss } from '../../src/jobs/boss.js';
import { startWorkers, type StopWorkers } from '../../src/jobs/workers.js';
import { BACKGROUND_LINT_PRIORITY } from '../../src/jobs/sender.js';
import { FAST, jobsOf, recordingLog, tool, waitFor } from './helpers.js';

let t: TestDatabase;
const running: { boss: PgBoss; stop?: StopWorkers }[] = [];
const RULES = publishedRuleSetIds().sort();
const versions: string[] = [];
let v1Only: string;
/** Versions lacking a result, per published rules id: all nine lack each, but the one scored under v1. */
const MISSING = Object.fromEntries(RULES.map((id) => [id, id === 'v1' ? 8 : 9]));

beforeAll(async () => {
  t = await createTestDatabase();
  const orgId = (await createOrganisation(t.db, { name: 'Acme', slug: 'acme' })).id;
  // Three servers of three versions each: the older versions are no server's latest.
  for (let s = 0; s < 3; s++) {
    const server = await createServer(t.db, { name: `S${s}`, slug: `s-${s}`, source: 'upload', organisationId: orgId, public: true });
    for (let v = 0; v < 3; v++) {
      const value = { tools: [tool(`search_${s}`, `Searches collection ${s} by keyword, revision ${v}, and returns the matching records.`)] };
      const surface = parseSurfaceValue(value);
      const { version } = await addVersionIfChanged(t.db, { serverId: server.id, surfaceHash: surfaceHash(surface), tools: value, toolCount: 1, label: null, origin: 'upload' });
      versions.push(version.id);
      // One old version was scored under v1 before v2 and v3 were published: it lacks those only.
      if (s === 0 && v === 0) {
        await storeLintResult(t.db, version.id, await lintSurface(surface, 'v1'));
        v1Only = version.id;
      }
    }
  }
});
afterEach(async () => {
  for (const r of running.splice(0)) {
    await r.stop?.({ timeoutMs: 5_000 });
    await stopBoss(r.boss, { graceful: false });
  }
});
afterAll(async () => t?.drop());

const resultsOf = async () =>
  t.sql.unsafe<{ version: string; rules: string[] }[]>(
    'SELECT server_version_id AS version, array_agg(rules_id ORDER BY rules_id) AS rules FROM lint_results GROUP BY server_version_id',
  );

describe('start-up backfill of lint-version', () => {
  it('queues one job per version lacking results, naming the rules it lacks, in bounded pages; again queues nothing', async () => {
    const boss = await createBoss({ url: t.url, log: recordingLog(), ...FAST });
    running.push({ boss });
    const deps = { db: t.db, sender: bossSender(boss), log: recordingLog() };
    const first = await backfillLints(deps, { pageSize: 2 });
    expect(first).toEqual({ queued: 9, waiting: 0, missing: MISSING });
    const jobs = (await jobsOf(t, 'lint-version')).filter((j) => j.state === 'created');
    // Per version: the latest rules at normal priority (what boards read), the others it lacks after every
    // such job (BACKGROUND_LINT_PRIORITY).
    const priorities = new Map(
      (await t.sql.unsafe<{ id: string; priority: number }[]>("SELECT id, priority FROM pgboss.job WHERE name = 'lint-version'")).map((r) => [r.id, r.priority]),
    );
    const latest = jobs.filter((j) => JSON.stringify(j.data.rules) === JSON.stringify([LATEST_RULES]));
    const background = jobs.filter((j) => JSON.stringify(j.data.rules) !== JSON.stringify([LATEST_RULES]));
    expect(latest.map((j) => j.data.versionId).sort()).toEqual([...versions].sort());
    expect(latest.every((j) => priorities.get(j.id) === 0)).toBe(true);
    // Each version's background job names exactly the other published versions it lacks (v1Only has v1).
    const others = (v: string) => RULES.filter((id) => id !== LATEST_RULES && !(v === v1Only && id === 'v1'));
    expect(background.map((j) => j.data.versionId).sort()).toEqual(versions.filter((v) => others(v).length > 0).sort());
    for (const j of background) expect(j.data.rules, String(j.data.versionId)).toEqual(others(String(j.data.versionId)));
    expect(background.every((j) => priorities.get(j.id) === BACKGROUND_LINT_PRIORITY)).toBe(true);
    // The jobs are still waiting: a second start (another process, a restart) adds none.
    expect(await backfillLints(deps, { pageSize: 4 })).toEqual({ queued: 0, waiting: 9, missing: MISSING });
    expect((await jobsOf(t, 'lint-version')).length).toBe(jobs.length);
    await boss.deleteJob('lint-version', jobs.map((j) => j.id));
  });

  it('after the workers start every stored version has a result under every published version; a restart queues nothing', async () => {
    const boss = await createBoss({ url: t.url, log: recordingLog(), ...FAST });
    const entry: (typeof running)[number] = { boss };
    running.push(entry);
    const log = recordingLog();
    entry.stop = await startWorkers(boss, { db: t.db, sender: bossSender(boss), log, allowPrivateUrls: false, allowNpmCapture: false, concurrency: 2 });
    expect(log.lines.find((l) => l.message === 'job workers started')!.fields.backfilled).toBe(9);
    const done = await waitFor('every version scored under every rules version', async () => {
      const rows = await resultsOf();
      return rows.length === versions.length && rows.every((r) => JSON.stringify(r.rules) === JSON.stringify(RULES)) && rows;
    });
    expect(done.map((r) => r.version).sort()).toEqual([...versions].sort());
    await entry.stop({ timeoutMs: 5_000 });
    entry.stop = undefined;

    // A restart finds nothing to do: no job added, no result added.
    const before = (await jobsOf(t, 'lint-version')).length;
    const again = recordingLog();
    entry.stop = await startWorkers(boss, { db: t.db, sender: bossSender(boss), log: again, allowPrivateUrls: false, allowNpmCapture: false, concurrency: 1 });
    expect(again.lines.find((l) => l.message === 'job workers started')!.fields.backfilled).toBe(0);
    expect((await jobsOf(t, 'lint-version')).length).toBe(before);
    const count = await t.sql.unsafe<{ n: number }[]>('SELECT count(*)::int AS n FROM lint_results');
    expect(count[0]!.n).toBe(versions.length * RULES.length);
  });
});
