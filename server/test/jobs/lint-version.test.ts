// The lint-version queue on a real PostgreSQL: one stored result however often a version is linted and by
// however many workers, and a job that cannot succeed retries with backoff and then lands in the dead-letter queue.
import { LATEST_RULES, parseSurfaceValue, publishedRuleSetIds, type RegisteredRuleSet, ruleSets, surfaceHash } from '@toolmark/benchmarks';
import { addVersionIfChanged, createOrganisation, createServer } from '@toolmark/db';
import { createTestDatabase, type TestDatabase } from '@toolmark/db/testing';
import type PgBoss from 'pg-boss';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { bossSender, createBoss, deadLetterQueue, stopBoss } from '../../src/jobs/boss.js';
import { lintVersion } from '../../src/jobs/lint-version.js';
import { startWorkers, type StopWorkers } from '../../src/jobs/workers.js';
import { BACKGROUND_LINT_PRIORITY, type JobSender } from '../../src/jobs/sender.js';
import { CpuPool } from '../../src/cpu/pool.js';
import { loadDistractorSet } from '@toolmark/distractors';
import { FAST, jobsOf, lintRows, recordingLog, tool, waitFor } from './helpers.js';

let t: TestDatabase;
let orgId: string;
const running: { boss: PgBoss; stop?: StopWorkers }[] = [];
const RULES = publishedRuleSetIds();
const OTHERS = RULES.filter((id) => id !== LATEST_RULES);

/** A sender that keeps what it was asked to queue (the direct calls below run no pg-boss). */
function recordingSender(): JobSender & { sent: { queue: string; payload: unknown; priority?: number }[] } {
  const sent: { queue: string; payload: unknown; priority?: number }[] = [];
  return {
    sent,
    async send(queue, payload, options = {}) {
      sent.push({ queue, payload, ...(options.priority === undefined ? {} : { priority: options.priority }) });
      return `job-${sent.length}`;
    },
  };
}

async function newVersion(slug: string, tools: unknown[]): Promise<string> {
  const server = await createServer(t.db, { name: slug, slug, source: 'upload', organisationId: orgId, public: true });
  const value = { tools };
  const { version } = await addVersionIfChanged(t.db, {
    serverId: server.id,
    surfaceHash: surfaceHash(parseSurfaceValue(value)),
    tools: value,
    toolCount: tools.length,
    label: null,
    origin: 'upload',
  });
  return version.id;
}

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

describe('lint-version', () => {
  it('called directly: scores under the latest rules, leaves the others to a low-priority job, stores once', async () => {
    const versionId = await newVersion('direct', [tool('search_docs', 'Search the documentation by keyword and return matching pages.')]);
    const log = recordingLog();
    const sender = recordingSender();
    const first = await lintVersion({ db: t.db, log, sender }, { versionId });
    expect(first).toEqual({ versionId, status: 'done', stored: [LATEST_RULES], alreadyScored: [], unknownRules: [], draftRules: [], deferred: OTHERS, watch: [] });
    expect((await lintRows(t, versionId)).map((r) => r.rules_id)).toEqual([LATEST_RULES]);
    // The other published versions: one job, below every job sent without a priority.
    expect(sender.sent).toEqual(OTHERS.length === 0 ? [] : [{ queue: 'lint-version', payload: { versionId, rules: OTHERS }, priority: BACKGROUND_LINT_PRIORITY }]);
    expect(BACKGROUND_LINT_PRIORITY).toBeLessThan(0);
    // What that job does: the others stored, nothing queued again.
    const filled = await lintVersion({ db: t.db, log, sender }, { versionId, rules: OTHERS });
    expect(filled).toMatchObject({ stored: OTHERS, deferred: [] });
    expect(sender.sent).toHaveLength(OTHERS.length === 0 ? 0 : 1);
    const again = await lintVersion({ db: t.db, log, sender }, { versionId, rules: ['v1', 'v999'] });
    expect(again).toEqual({ versionId, status: 'done', stored: [], alreadyScored: ['v1'], unknownRules: ['v999'], draftRules: [], deferred: [], watch: [] });
    expect(await lintRows(t, versionId)).toHaveLength(RULES.length);
    expect(log.lines.some((l) => l.level === 'warn' && (l.fields.rules as string[]).includes('v999'))).toBe(true);
    // A version deleted after the job was queued is not an error.
    const gone = await lintVersion({ db: t.db, log, sender }, { versionId: '00000000-0000-4000-8000-000000000000' });
    expect(gone.status).toBe('missing');
    await expect(lintVersion({ db: t.db, log, sender }, { versionId: 'not-a-uuid' })).rejects.toThrow();
  });

  it('never stores a result of a draft rules version, named or not', async () => {
    const versionId = await newVersion('draft', [tool('delete_note', 'Delete a note by its id. Cannot be undone.')]);
    // The same build's rule sets, the latest one marked draft (a draft can be run, never stored as final).
    const registry: Record<string, RegisteredRuleSet> = {};
    for (const [id, set] of Object.entries(ruleSets) as [string, RegisteredRuleSet][]) registry[id] = { ...set, status: id === LATEST_RULES ? 'draft' : 'published' };
    const log = recordingLog();
    const sender = recordingSender();
    const outcome = await lintVersion({ db: t.db, log, sender, registry }, { versionId, rules: RULES });
    expect(outcome.draftRules).toEqual([LATEST_RULES]);
    expect(outcome.stored).toEqual(OTHERS);
    const byDefault = await lintVersion({ db: t.db, log, sender, registry }, { versionId });
    expect(byDefault).toMatchObject({ stored: [], draftRules: [LATEST_RULES] });
    expect((await lintRows(t, versionId)).map((r) => r.rules_id).sort()).toEqual([...OTHERS].sort());
    expect(log.lines.some((l) => l.level === 'warn' && l.message.startsWith('draft rules versions are never stored'))).toBe(true);
    // The registry the service runs with has no draft among what it stores.
    const served = await newVersion('served', [tool('delete_note', 'Delete a note by its id. Cannot be undone.')]);
    expect((await lintVersion({ db: t.db, log, sender }, { versionId: served, rules: RULES })).draftRules).toEqual(
      RULES.filter((id) => (ruleSets[id as keyof typeof ruleSets] as RegisteredRuleSet).status === 'draft'),
    );
  });

  it('on a CPU pool (npm start shares the API\'s with its inline workers): a worker thread stores exactly what the event loop stores', async () => {
    const tools = loadDistractorSet('notion').surface.tools as unknown[];
    const inLoop = await newVersion('in-loop', tools);
    const onPool = await newVersion('on-pool', tools);
    const cpu = new CpuPool({ threads: 1, queue: 4, budgetMs: 60_000, nice: 0 });
    try {
      await lintVersion({ db: t.db, log: recordingLog(), sender: recordingSender() }, { versionId: inLoop, rules: RULES });
      // Every lint of the job is a task of the pool (a worker thread), none is run on this thread.
      const tasks: string[] = [];
      const run = cpu.run.bind(cpu);
      cpu.run = ((name, input) => (tasks.push(name), run(name, input))) as typeof cpu.run;
      expect((await lintVersion({ db: t.db, log: recordingLog(), cpu, sender: recordingSender() }, { versionId: onPool, rules: RULES })).stored).toEqual(RULES);
      expect(tasks).toEqual(RULES.map(() => 'lintStored'));
    } finally {
      await cpu.close();
    }
    const rows = (versionId: string) =>
      t.sql.unsafe<{ rules_id: string; result: unknown }[]>('SELECT rules_id, result FROM lint_results WHERE server_version_id = $1 ORDER BY rules_id', [versionId]);
    const [a, b] = [await rows(inLoop), await rows(onPool)];
    expect(b.map((r) => r.rules_id)).toEqual(a.map((r) => r.rules_id));
    expect(JSON.stringify(b.map((r) => r.result))).toBe(JSON.stringify(a.map((r) => r.result)));
  });

  it('the sender refuses a bad payload and does not queue the same waiting work twice', async () => {
    const boss = await createBoss({ url: t.url, log: recordingLog(), ...FAST });
    running.push({ boss });
    const sender = bossSender(boss);
    const versionId = await newVersion('dedupe', [tool('get_weather', 'Get the current weather for a city.')]);
    await expect(sender.send('lint-version', { versionId: 'nope' })).rejects.toThrow();
    const first = await sender.send('lint-version', { versionId });
    expect(first).toEqual(expect.any(String));
    expect(await sender.send('lint-version', { versionId })).toBeNull();
    // Other rules, or an explicit key, are other work.
    expect(await sender.send('lint-version', { versionId, rules: ['v1'] })).toEqual(expect.any(String));
    expect(await sender.send('lint-version', { versionId }, { singletonKey: 'by-hand' })).toEqual(expect.any(String));
    const jobs = await jobsOf(t, 'lint-version');
    expect(jobs.filter((j) => j.data.versionId === versionId).map((j) => j.singleton_key)).toEqual([`${versionId}:*`, `${versionId}:v1`, 'by-hand']);
    await boss.deleteJob('lint-version', jobs.map((j) => j.id));
  });

  it('two deliveries run by two pg-boss instances on one database store exactly one result', async () => {
    const logs = [recordingLog(), recordingLog()];
    // Created one after the other: pg-boss's setup deadlocks when two run it at once (the service takes an
    // advisory lock around it).
    const bosses: PgBoss[] = [];
    for (const log of logs) bosses.push(await createBoss({ url: t.url, log, ...FAST }));
    const entries = bosses.map((boss) => ({ boss }) as (typeof running)[number]);
    running.push(...entries);
    const versionId = await newVersion('twice', [
      tool('create_issue', 'Create an issue in a repository with a title and a body.'),
      tool('close_issue', 'Close an open issue in a repository by its number.'),
    ]);
    // Both queued before any worker runs, under different keys: the route's job and the start-up backfill's.
    const sender = bossSender(bosses[0]!);
    const ids = [await sender.send('lint-version', { versionId }), await sender.send('lint-version', { versionId }, { singletonKey: 'again' })];
    expect(ids.every((id) => typeof id === 'string')).toBe(true);
    // Each instance's single poller fetches at once, so each takes one of the two jobs (SKIP LOCKED).
    const stops = await Promise.all(
      bosses.map((boss, i) => startWorkers(boss, { db: t.db, sender: bossSender(boss), log: logs[i]!, allowPrivateUrls: false, allowNpmCapture: false, concurrency: 1 })),
    );
    stops.forEach((stop, i) => (entries[i]!.stop = stop));

    // Each of the two jobs scores the latest rules (one stores, one finds it stored) and queues the other
    // versions at low priority under one singleton key: one more job, whose key names the rules it lacks.
    const jobs = await waitFor('every lint of the version to complete', async () => {
      const mine = (await jobsOf(t, 'lint-version')).filter((j) => j.data.versionId === versionId);
      return mine.length >= 2 + (OTHERS.length > 0 ? 1 : 0) && mine.every((j) => j.state === 'completed') && mine;
    });
    expect(await lintRows(t, versionId)).toHaveLength(RULES.length);
    // Across all deliveries (the backfill may have added one), each rules id was stored by exactly one job.
    const stored = jobs.flatMap((j) => (j.output?.stored as string[]) ?? []);
    expect(stored.sort()).toEqual([...RULES].sort());
    const background = jobs.filter((j) => j.singleton_key === `${versionId}:${[...OTHERS].sort().join(',')}`);
    expect(background).toHaveLength(OTHERS.length > 0 ? 1 : 0);
    const rows = await t.sql.unsafe<{ priority: number }[]>('SELECT priority FROM pgboss.job WHERE id = $1', [background[0]!.id]);
    expect(rows.map((r) => r.priority)).toEqual([BACKGROUND_LINT_PRIORITY]);
    // Both instances did lint work.
    for (const log of logs) expect(log.lines.filter((l) => l.message === 'job done' && l.fields.queue === 'lint-version').length).toBeGreaterThan(0);
  });

  it('a job that cannot succeed is retried with backoff, then copied to the dead-letter queue', async () => {
    const log = recordingLog();
    const boss = await createBoss({ url: t.url, log, ...FAST, queues: { 'lint-version': { retryLimit: 2, retryDelay: 1, retryBackoff: true } } });
    const entry: (typeof running)[number] = { boss };
    running.push(entry);
    const sender = bossSender(boss);
    entry.stop = await startWorkers(boss, { db: t.db, sender, log, allowPrivateUrls: false, allowNpmCapture: false, concurrency: 1 });
    // Stored tools that no longer parse (a tool without a name): damage only a person can repair.
    const server = await createServer(t.db, { name: 'damaged', slug: 'damaged', source: 'upload', organisationId: orgId, public: true });
    const { version } = await addVersionIfChanged(t.db, {
      serverId: server.id,
      surfaceHash: 'f'.repeat(64),
      tools: { tools: [{ description: 'no name here', inputSchema: { type: 'object' } }] },
      toolCount: 1,
      label: null,
      origin: 'seed',
    });
    const sent = Date.now();
    const id = await sender.send('lint-version', { versionId: version.id });

    const dead = await waitFor(
      'the dead-letter copy',
      async () => (await jobsOf(t, deadLetterQueue('lint-version'))).find((j) => j.data.versionId === version.id),
      30_000,
    );
    const [job] = (await jobsOf(t, 'lint-version')).filter((j) => j.id === id);
    expect(job).toMatchObject({ state: 'failed', retry_count: 2 });
    // Backoff: the retries waited at least 1 s and 2 s (pg-boss: retryDelay·2^(n-1) plus up to as much jitter).
    expect(new Date(job!.completed_on!).getTime() - sent).toBeGreaterThanOrEqual(3_000);
    expect(dead.state).toBe('created');
    // The failure travels with the copy, in the uniform error shape (InputError's toJSON).
    expect(dead.output).toMatchObject({ error: { code: 'missing_tool_name' } });
    expect(await lintRows(t, version.id)).toHaveLength(0);
    const failures = log.lines.filter((l) => l.message.startsWith('job failed'));
    expect(failures.map((l) => l.fields.final)).toEqual([false, false, true]);
  });
});
