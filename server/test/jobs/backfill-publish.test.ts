// Publishing a rules version on a real PostgreSQL (issue 25, "Versions"): an install whose servers were
// scored under v1 and v2 only — as every install was before v3 was published — starts workers of a build
// that publishes v3 (the latest). The start-up backfill (backfill-lints.ts) gives every stored version a v3
// result, the one of the code (scored like `toolmark lint --rules v3`), at normal priority since v3 is the
// latest; the v1 and v2 rows stay exactly as they were (same rows, same results, same times); each board
// ranks within its own version; a restart queues nothing.
import { LATEST_RULES, lintSurface, parseSurfaceValue, publishedRuleSetIds, ruleSets, surfaceHash, type LintResult, type RuleSetId, type Surface } from '@toolmark/benchmarks';
import { addVersionIfChanged, createOrganisation, createServer, leaderboard, storeLintResult } from '@toolmark/db';
import { createTestDatabase, type TestDatabase } from '@toolmark/db/testing';
import { loadDistractorSet } from '@toolmark/distractors';
import type PgBoss from 'pg-boss';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { bossSender, createBoss, stopBoss } from '../../src/jobs/boss.js';
import { BACKGROUND_LINT_PRIORITY } from '../../src/jobs/sender.js';
import { startWorkers, type StopWorkers } from '../../src/jobs/workers.js';
import { FAST, jobsOf, recordingLog, waitFor } from './helpers.js';

/** The versions stored before the new build: each scored under the versions published then. */
const BEFORE = ['v1', 'v2'] as const;
/** The version the build publishes. */
const PUBLISHED = 'v3';

let t: TestDatabase;
const running: { boss: PgBoss; stop?: StopWorkers }[] = [];
/** Stored version id → its surface and server slug. */
const stored = new Map<string, { surface: Surface; slug: string; latest: boolean }>();

interface Row {
  id: string;
  version: string;
  rules_id: string;
  rules_hash: string;
  score: number | null;
  result: string;
  created_at: string;
}
const rows = async (): Promise<Row[]> =>
  t.sql.unsafe<Row[]>('SELECT id, server_version_id AS version, rules_id, rules_hash, score, result::text AS result, created_at::text AS created_at FROM lint_results ORDER BY id');

beforeAll(async () => {
  t = await createTestDatabase();
  const orgId = (await createOrganisation(t.db, { name: 'Acme', slug: 'acme' })).id;
  // Three real public surfaces, each stored in two versions (the first without its last tool): the older
  // version is no server's latest, so the backfill's second pass is covered too.
  for (const name of ['memory', 'filesystem', 'context7']) {
    const server = await createServer(t.db, { name, slug: `${name}-demo`, source: 'upload', organisationId: orgId, public: true });
    const full = loadDistractorSet(name).surface;
    for (const [k, tools] of [full.tools.slice(0, -1), full.tools].entries()) {
      const value = { tools };
      const surface = parseSurfaceValue(value);
      const { version } = await addVersionIfChanged(t.db, { serverId: server.id, surfaceHash: surfaceHash(surface), tools: value, toolCount: tools.length, label: null, origin: 'upload' });
      stored.set(version.id, { surface, slug: server.slug, latest: k === 1 });
      for (const id of BEFORE) await storeLintResult(t.db, version.id, await lintSurface(surface, id));
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

describe(`publishing ${PUBLISHED}: the start-up backfill re-scores every stored version`, () => {
  it(`this build publishes ${PUBLISHED} as the latest beside ${BEFORE.join(' and ')}`, () => {
    expect(publishedRuleSetIds()).toEqual([...BEFORE, PUBLISHED]);
    expect(LATEST_RULES).toBe(PUBLISHED);
  });

  it(`every stored version gets its ${PUBLISHED} result; the ${BEFORE.join(' and ')} rows stay untouched; a restart queues nothing`, async () => {
    const before = await rows();
    expect(before.length).toBe(stored.size * BEFORE.length);

    const boss = await createBoss({ url: t.url, log: recordingLog(), ...FAST });
    const entry: (typeof running)[number] = { boss };
    running.push(entry);
    const log = recordingLog();
    entry.stop = await startWorkers(boss, { db: t.db, sender: bossSender(boss), log, allowPrivateUrls: false, allowNpmCapture: false, concurrency: 2 });
    expect(log.lines.find((l) => l.message === 'job workers started')!.fields.backfilled).toBe(stored.size);
    const backfill = log.lines.find((l) => l.message.startsWith('backfill:'))!;
    expect(backfill.fields.missing).toEqual(Object.fromEntries(publishedRuleSetIds().map((id) => [id, id === PUBLISHED ? stored.size : 0])));

    const done = await waitFor(`a ${PUBLISHED} result for every stored version`, async () => {
      const now = await rows();
      return now.filter((r) => r.rules_id === PUBLISHED).length === stored.size && now;
    });
    // One job per version naming only the new version, at normal priority: it is the latest, what boards read.
    const jobs = await jobsOf(t, 'lint-version');
    expect(jobs.map((j) => j.data.versionId).sort()).toEqual([...stored.keys()].sort());
    expect(jobs.every((j) => JSON.stringify(j.data.rules) === JSON.stringify([PUBLISHED]))).toBe(true);
    const priorities = await t.sql.unsafe<{ priority: number }[]>("SELECT priority FROM pgboss.job WHERE name = 'lint-version'");
    expect(priorities.map((p) => p.priority)).toEqual(jobs.map(() => 0));
    expect(BACKGROUND_LINT_PRIORITY).toBeLessThan(0);

    // The v1 and v2 rows: the same rows, byte for byte, and no other row of theirs.
    expect(done.filter((r) => r.rules_id !== PUBLISHED)).toEqual(before);
    // The new rows: the code's result under the new version, for every stored version.
    for (const row of done.filter((r) => r.rules_id === PUBLISHED)) {
      const expected = await lintSurface(stored.get(row.version)!.surface, PUBLISHED);
      const result = JSON.parse(row.result) as LintResult;
      expect(row.rules_hash).toBe(ruleSets[PUBLISHED].hash);
      expect(result.rules).toEqual(expected.rules);
      expect([row.score, result.score, result.tools.map((x) => [x.name, x.score])]).toEqual([expected.score, expected.score, expected.tools.map((x) => [x.name, x.score])]);
    }

    // Each board ranks the servers' latest versions by that version's own scores; the old boards are unchanged.
    for (const id of [...BEFORE, PUBLISHED] as RuleSetId[]) {
      const board = await leaderboard(t.db, { rulesId: id, rulesHash: ruleSets[id].hash, sort: 'score', order: 'desc', limit: 10, offset: 0 });
      const want = await Promise.all(
        [...stored.values()].filter((s) => s.latest).map(async (s) => ({ slug: s.slug, score: (await lintSurface(s.surface, id)).score })),
      );
      expect(board.items.map((i) => ({ slug: i.slug, score: i.score })).sort((a, b) => a.slug.localeCompare(b.slug))).toEqual(
        want.sort((a, b) => a.slug.localeCompare(b.slug)),
      );
    }

    // A restart finds nothing to do.
    await entry.stop({ timeoutMs: 5_000 });
    entry.stop = undefined;
    const again = recordingLog();
    entry.stop = await startWorkers(boss, { db: t.db, sender: bossSender(boss), log: again, allowPrivateUrls: false, allowNpmCapture: false, concurrency: 1 });
    expect(again.lines.find((l) => l.message === 'job workers started')!.fields.backfilled).toBe(0);
    expect((await rows()).length).toBe(stored.size * (BEFORE.length + 1));
  }, 120_000);
});
