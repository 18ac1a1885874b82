// npm run bench:jobs — lint-version jobs through one process's workers (startWorkers on real pg-boss), on a
// throwaway database on the machine's PostgreSQL (createTestDatabase; never the real data).
//   1. the workers start (concurrency BENCH_CONCURRENCY, pg-boss polling as in production);
//   2. N servers with one stored version each; each version is one of the frozen distractor sets with every
//      tool's description made unique (so the worker's per-tool lint memo never answers: a cold lint); then
//      the N lints are queued in one burst through the workers' JobSender, as a burst of uploads would;
//   3. wait until every job completed (or BENCH_MAX_SECONDS passed).
// Prints jobs/s, the job's own time (started → completed) and the latency uploads see (queued → completed)
// as percentiles, and how much of the wall time the concurrency slots ran a handler. Target: ≥ 20 lint jobs/s per process.
//
// A lint job scores under the latest rules only and queues the other published versions at low priority
// (issue 25): the throughput is that of the N queued jobs (each version's latest result stored); the time
// until every version has every published result is printed after it. BENCH_MODE=every queues each job
// naming every published version instead — what every job did before — to compare on the same build and load.
import { LATEST_RULES, parseSurfaceValue, publishedRuleSetIds, surfaceHash } from '@toolmark/benchmarks';
import { addVersionIfChanged, createOrganisation, createServer } from '@toolmark/db';
import { createTestDatabase } from '@toolmark/db/testing';
import { listDistractorSets, loadDistractorSet } from '@toolmark/distractors';
import { loadavg } from 'node:os';
import { bossSender, createBoss, stopBoss, type JobLog } from '../jobs/boss.js';
import { startWorkers } from '../jobs/workers.js';

const JOBS = Number(process.env.BENCH_JOBS ?? 500);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 2);
// pg-boss's polling interval of the workers; the service's default unless set.
const POLL = process.env.BENCH_POLL_SECONDS === undefined ? undefined : Number(process.env.BENCH_POLL_SECONDS);
// A run that has not finished by then reports what it did (the code before the fix needs ~1 s a job).
const MAX_SECONDS = Number(process.env.BENCH_MAX_SECONDS ?? 120);
const MODE = process.env.BENCH_MODE === 'every' ? 'every' : 'latest';

const quantile = (sorted: number[], q: number): number => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? Number.NaN;
const ms = (values: number[]): string => {
  const sorted = [...values].sort((a, b) => a - b);
  return `p50 ${quantile(sorted, 0.5).toFixed(0)} ms, p95 ${quantile(sorted, 0.95).toFixed(0)} ms, p99 ${quantile(sorted, 0.99).toFixed(0)} ms, max ${(sorted.at(-1) ?? Number.NaN).toFixed(0)} ms`;
};

async function main(): Promise<void> {
  const t = await createTestDatabase(4);
  let boss: Awaited<ReturnType<typeof createBoss>> | undefined;
  try {
    const sets = listDistractorSets()
      .filter((entry) => entry.status === 'available')
      .map((entry) => ({ name: entry.name, tools: loadDistractorSet(entry.name).surface.tools as Record<string, unknown>[] }));
    const handlerMs: number[] = [];
    let failed = 0;
    const log: JobLog = {
      info(fields, message) {
        if (message === 'job done' && fields.queue === 'lint-version') handlerMs.push(fields.ms as number);
      },
      warn(fields, message) {
        if (message.startsWith('job failed')) failed++;
        else if (message !== 'pg-boss reported an error') return;
        console.error(message, JSON.stringify(fields));
      },
      error(fields, message) {
        console.error(message, JSON.stringify(fields));
      },
    };
    boss = await createBoss({ url: t.url, log, ...(POLL === undefined ? {} : { pollingIntervalSeconds: POLL }) });
    const sender = bossSender(boss);
    // The workers start on the empty database: versions present at start without a lint would be queued by
    // the start-up backfill (under another key) and linted twice. They poll, idle, while the versions are made.
    const stop = await startWorkers(boss, { db: t.db, sender, log, allowPrivateUrls: false, allowNpmCapture: false, concurrency: CONCURRENCY });
    const org = await createOrganisation(t.db, { name: 'Bench', slug: 'bench' });
    const versionIds: string[] = [];
    let tools = 0;
    for (let i = 0; i < JOBS; i++) {
      const set = sets[i % sets.length]!;
      const value = { tools: set.tools.map((tool) => ({ ...tool, description: `${String(tool.description ?? '')} (revision ${i})` })) };
      tools += value.tools.length;
      const server = await createServer(t.db, { name: `bench ${i}`, slug: `bench-${i}`, source: 'upload', organisationId: org.id, public: true });
      const { version } = await addVersionIfChanged(t.db, {
        serverId: server.id,
        surfaceHash: surfaceHash(parseSurfaceValue(value)),
        tools: value,
        toolCount: value.tools.length,
        label: null,
        origin: 'upload',
      });
      versionIds.push(version.id);
    }

    const published = publishedRuleSetIds();
    const cpu0 = process.cpuUsage();
    const t0 = performance.now();
    const ids: string[] = [];
    for (const versionId of versionIds) {
      const id = await sender.send('lint-version', MODE === 'every' ? { versionId, rules: published } : { versionId });
      if (id !== null) ids.push(id);
    }
    const queuedMs = performance.now() - t0;
    const deadline = t0 + MAX_SECONDS * 1000;
    const pause = () => new Promise((r) => setTimeout(r, 20));
    // pg-boss marks a job completed after its handler returned, without waiting for it: count those rows.
    const completedCount = async () =>
      (await t.sql.unsafe<{ n: number }[]>(`SELECT count(*)::int AS n FROM pgboss.job WHERE name = 'lint-version' AND state = 'completed' AND id = ANY($1::uuid[])`, [ids]))[0]!.n;
    while (failed === 0 && (await completedCount()) < JOBS && performance.now() < deadline) await pause();
    const wallMs = performance.now() - t0;
    const cpu = process.cpuUsage(cpu0);
    // Then every published version of every stored version (the low-priority jobs).
    const storedCount = async () => (await t.sql.unsafe<{ n: number }[]>('SELECT count(*)::int AS n FROM lint_results'))[0]!.n;
    while (failed === 0 && (await storedCount()) < JOBS * published.length && performance.now() < deadline) await pause();
    const allMs = performance.now() - t0;
    const stored = await storedCount();
    await stop({ timeoutMs: 10_000 });

    // pg-boss's own timestamps (the database's clock): queued, fetched by a worker, completed.
    const rows = await t.sql.unsafe<{ queued: number; run: number; state: string }[]>(
      `SELECT state::text AS state,
              EXTRACT(EPOCH FROM completed_on - created_on) * 1000 AS queued,
              EXTRACT(EPOCH FROM completed_on - started_on) * 1000 AS run
       FROM pgboss.job WHERE name = 'lint-version' AND id = ANY($1::uuid[])`,
      [ids],
    );
    const completed = rows.filter((r) => r.state === 'completed');
    const finished = completed.length === JOBS;
    console.log(
      `node ${process.version}, ${JOBS} lint-version jobs (${sets.map((s) => s.name).join(', ')}; ${(tools / JOBS).toFixed(1)} tools a job on average, every tool new), ` +
        `concurrency ${CONCURRENCY}, polling ${POLL ?? 'default'} s, mode ${MODE} (${MODE === 'every' ? `each job lints ${published.join(', ')}` : `each job lints ${LATEST_RULES}, then queues ${published.filter((id) => id !== LATEST_RULES).join(', ') || 'nothing'} at low priority`})`,
    );
    console.log(`queued in ${(queuedMs / 1000).toFixed(2)} s; ${completed.length} completed, ${failed} failed in ${(wallMs / 1000).toFixed(1)} s${finished ? '' : ` (stopped after BENCH_MAX_SECONDS=${MAX_SECONDS})`}`);
    const rate = (completed.length / wallMs) * 1000;
    console.log(`throughput: ${rate.toFixed(1)} lint jobs/s (target ≥ 20: ${rate >= 20 && finished ? 'met' : 'NOT met'}${MODE === 'every' ? '; mode every is not the default' : ''}); load average ${loadavg().map((l) => l.toFixed(2)).join(' ')}`);
    console.log(`every published version (${published.join(', ')}) of every version stored: ${stored} of ${JOBS * published.length} results in ${(allMs / 1000).toFixed(1)} s`);
    const slotsBusy = handlerMs.reduce((a, b) => a + b, 0) / (allMs * CONCURRENCY);
    console.log(`handler (lint + its queries, every job): ${ms(handlerMs)}; the ${CONCURRENCY} slots ran a handler ${(slotsBusy * 100).toFixed(0)} % of the wall time`);
    console.log(`job started → completed: ${ms(completed.map((r) => Number(r.run)))}`);
    console.log(`job queued → completed: ${ms(completed.map((r) => Number(r.queued)))}`);
    console.log(`CPU of this process until the ${JOBS} jobs completed: ${((cpu.user + cpu.system) / 1000 / Math.max(1, completed.length)).toFixed(1)} ms a job`);
  } finally {
    if (boss) await stopBoss(boss, { graceful: false });
    await t.drop();
  }
}

await main();
