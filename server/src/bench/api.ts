// npm run bench:api — autocannon against the real service (`server/dist/start.js`, a child process) on
// 127.0.0.1, with its database on this machine: a fresh database on the machine's PostgreSQL
// (TOOLMARK_BENCH_SERVER_URL, default the test server) — never the real data.
//   1. saves: POST /v1/servers/{id}/lint with a `ci` key, a 20-tool surface; 80 % of bodies unchanged, 20 %
//      changed (a new version each time), spread over 20 servers;
//   2. reads: GET /v1/leaderboards/lint.
// Prints req/s, p50, p99, errors and non-2xx for each. Targets (2-core machine): saves ≥ 500/s with p99
// < 50 ms and 0 errors; leaderboard reads ≥ 2 000 req/s.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { connectProbe } from '@toolmark/db';
import { createTestDatabase, type TestDatabase } from '@toolmark/db/testing';
import { backendsCpu, backendsCpuSpent, cpuMsOf } from './proc-cpu.js';
import { startWireCounter } from './pg-wire-count.js';
import { savesPoolSize } from '../config.js';
import { benchServiceEnv, startService, stopService } from './service.js';
import { loadDistractorSet } from '@toolmark/distractors';
import { watchVersion } from '../jobs/watch-version.js';
import type { JobSender } from '../jobs/sender.js';

const DURATION = Number(process.env.BENCH_DURATION ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const SERVERS = 20;
// Share of saves whose tools changed since the last save (BENCH_CHANGED_SHARE; default one in five).
const CHANGED_SHARE = Number(process.env.BENCH_CHANGED_SHARE ?? 0.2);
// Seconds of the same save mix before the measured run (BENCH_WARMUP; 0 to skip), then ANALYZE.
const WARMUP = Number(process.env.BENCH_WARMUP ?? 5);
// Saves per second offered in the paced run (BENCH_RATE; 0 to skip): the target rate.
const RATE = Number(process.env.BENCH_RATE ?? 500);

interface Created {
  key: string;
  server: { id: string };
}

const post = async (url: string, key: string, body: unknown): Promise<Created> => {
  const res = await fetch(url, { method: 'POST', headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' }, body: JSON.stringify(body) });
  if (!res.ok) throw new Error(`${url}: ${res.status} ${await res.text()}`);
  return res.json() as Promise<Created>;
};

/** Run `work` and report the CPU milliseconds per request it cost the service, this database's PostgreSQL backends and the load generator. */
async function withCpu(servicePid: number, db: TestDatabase, work: () => Promise<autocannon.Result>): Promise<{ result: autocannon.Result; cpu: string }> {
  const [s0, p0, b0] = [cpuMsOf(servicePid), await backendsCpu(db.sql, db.name), process.cpuUsage()];
  const result = await work();
  const [s1, p1, b1] = [cpuMsOf(servicePid), await backendsCpu(db.sql, db.name), process.cpuUsage(b0)];
  const n = Math.max(1, result.requests.total);
  const per = (ms: number) => (ms / n).toFixed(2);
  const cpu = Number.isNaN(s0)
    ? 'CPU per request: not measured (no /proc)'
    : `CPU per request: service ${per(s1 - s0)} ms, PostgreSQL (this database's backends) ${per(backendsCpuSpent(p0, p1))} ms, load generator ${per((b1.user + b1.system) / 1000)} ms`;
  return { result, cpu };
}

/** A run's figures, each beside its target (`target` null: no target, informative), and whether the targets hold. */
function summary(name: string, r: autocannon.Result, target: { rate: number; p99?: number } | null): string {
  const failures = r.errors + r.timeouts + r.non2xx;
  const rateOk = target === null || r.requests.average >= target.rate * 0.98; // autocannon's paced runs land a hair under the offered rate
  const p99Ok = target?.p99 === undefined || r.latency.p99 < target.p99;
  const verdict = target === null ? '' : `   ${rateOk && p99Ok && failures === 0 ? 'MET' : 'NOT MET'}`;
  if (target !== null && !(rateOk && p99Ok && failures === 0)) missed.push(name);
  return (
    `${name.padEnd(26)} ${r.requests.average.toFixed(0).padStart(7)} req/s${target ? ` (target ≥ ${target.rate})` : ''}   p50 ${String(r.latency.p50).padStart(4)} ms   ` +
    `p99 ${String(r.latency.p99).padStart(4)} ms${target?.p99 !== undefined ? ` (target < ${target.p99})` : ''}   errors ${r.errors}   timeouts ${r.timeouts}   non-2xx ${r.non2xx}   (${r.requests.total} requests)${verdict}`
  );
}
/** Runs whose target was missed (the bench exits 1 when any was). */
const missed: string[] = [];

/** Round trips to PostgreSQL (and statements parsed) per save of each kind, read through the counting proxy. */
const ROUND_TRIP_SAVES = Number(process.env.BENCH_ROUND_TRIP_SAVES ?? 40);

/** commit_delay in microseconds for the bench's database (BENCH_COMMIT_DELAY; unset: the server's, 0 by default). */
const COMMIT_DELAY = process.env.BENCH_COMMIT_DELAY === undefined ? undefined : Math.max(0, Math.min(100_000, Math.trunc(Number(process.env.BENCH_COMMIT_DELAY)) || 0));

/** How many of the queued `watch-version` jobs the bench runs itself after the timed runs (BENCH_WATCH_JOBS; 0 to skip). */
const BENCH_WATCH_JOBS = Number(process.env.BENCH_WATCH_JOBS ?? 100);

/** Run up to `limit` of the `watch-version` jobs the saves queued, in this process, and report their CPU. */
async function runWatchJobs(db: TestDatabase, limit: number): Promise<string> {
  const rows = await db.sql<{ versionId: string }[]>`SELECT data->>'versionId' AS "versionId" FROM pgboss.job WHERE name = 'watch-version' ORDER BY created_on LIMIT ${limit}`;
  if (rows.length === 0) return 'watch-version jobs: none queued';
  // No webhooks are subscribed in the bench: nothing is sent (a sender that would say so).
  const sender: JobSender = { send: () => Promise.reject(new Error('the bench subscribes no webhook')) };
  const log = { info: () => undefined, warn: () => undefined, error: () => undefined };
  // The backends are read through a connection of their own: the one the jobs use must be counted.
  const probe = connectProbe(db.url);
  const [p0, b0] = [await backendsCpu(probe, db.name), process.cpuUsage()];
  const kinds = new Map<string, number>();
  for (const { versionId } of rows) for (const kind of (await watchVersion({ db: db.db, sender, log }, { versionId })).events) kinds.set(kind, (kinds.get(kind) ?? 0) + 1);
  const [p1, b1] = [await backendsCpu(probe, db.name), process.cpuUsage(b0)];
  await probe.end();
  const per = (ms: number) => (ms / rows.length).toFixed(2);
  return (
    `watch-version jobs the saves queued, ${rows.length} run one at a time in the bench's process (off the answer path): CPU per job ${per((b1.user + b1.system) / 1000)} ms, ` +
    `PostgreSQL ${per(backendsCpuSpent(p0, p1))} ms; events ${[...kinds].map(([k, n]) => `${k} ${n}`).join(', ')}`
  );
}

async function main(): Promise<void> {
  const db = await createTestDatabase(4);
  // Group commit, measured (docs/performance.md): BENCH_COMMIT_DELAY=<µs> sets PostgreSQL's commit_delay for
  // this database's sessions (a superuser setting; the bench's own throwaway database, never the server's).
  if (COMMIT_DELAY !== undefined) await db.sql.unsafe(`ALTER DATABASE "${db.name}" SET commit_delay = ${COMMIT_DELAY}`);
  const state = mkdtempSync(join(tmpdir(), 'toolmark-bench-api-'));
  const pg = new URL(db.url);
  // First the service behind a counting proxy (pg-wire-count.ts): the servers are registered, then saves are
  // sent one at a time and the round trips each kind of save makes are counted. The proxy costs CPU in this
  // process, so the timed runs below use a second start of the service, connected directly.
  const counter = await startWireCounter({ host: pg.hostname, port: Number(pg.port || 5432) }, { log: process.env.BENCH_WIRE_LOG === '1' });
  // The frozen catalogue is not seeded (benchServiceEnv): its background lints would run beside the measured saves.
  let service = await startService(benchServiceEnv(counter.url(db.url), state));
  const asyncCommit = process.env.TOOLMARK_SAVES_ASYNC_COMMIT === 'true';
  try {
    let url = service.url;
    await db.sql`UPDATE organisations SET rate_limit_per_minute = 100000000, monthly_units_ci = 100000000`;
    const admin = readFileSync(join(state, 'first-admin-key'), 'utf8').trim();
    const ci = (await post(`${url}/v1/keys`, admin, { purpose: 'ci', name: 'bench' })).key;
    // A real 20-tool surface (playwright's first 20 tools) and variants of it that each change one description.
    const base = loadDistractorSet('playwright').surface.tools.slice(0, 20);
    const body = JSON.stringify({ tools: base });
    // Each changed body edits the description of one tool (the next one each time) and keeps the other 19.
    let variant = 0;
    const changed = () => {
      const revision = ++variant;
      const edited = revision % base.length;
      return JSON.stringify({ tools: base.map((t, i) => (i === edited ? { ...t, description: `${t.description ?? ''} (revision ${revision})` } : t)) });
    };
    const ids: string[] = [];
    for (let i = 0; i < SERVERS; i++) {
      const reg = await post(`${url}/v1/servers`, admin, { name: `bench ${i}`, public: true, source: { kind: 'upload', tools: { tools: base } } });
      ids.push(reg.server.id);
      await post(`${url}/v1/servers/${reg.server.id}/lint`, ci, { tools: base }); // first save: the version's result exists
    }
    const saveOnce = async (id: string, text: string) => {
      const res = await fetch(`${url}/v1/servers/${id}/lint?label=bench`, { method: 'POST', headers: { authorization: `Bearer ${ci}`, 'content-type': 'application/json' }, body: text });
      if (!res.ok) throw new Error(`save: ${res.status} ${await res.text()}`);
      await res.arrayBuffer();
    };
    const perSave = async (kind: string, text: () => string) => {
      // Warm: the memo, and each statement prepared on each connection of the pools (the API's pool has 20).
      for (let i = 0; i < ROUND_TRIP_SAVES; i++) await saveOnce(ids[i % SERVERS]!, text());
      await new Promise((r) => setTimeout(r, 200)); // let background sends (low-priority jobs) land before counting
      const before = { ...counter.counts, statements: [...(counter.counts.statements ?? [])] };
      for (let i = 0; i < ROUND_TRIP_SAVES; i++) await saveOnce(ids[i % SERVERS]!, text());
      await new Promise((r) => setTimeout(r, 500));
      if (counter.counts.statements) {
        const seen = new Map<string, number>();
        for (const text of counter.counts.statements.slice(before.statements.length)) seen.set(text.replace(/\s+/g, ' ').slice(0, 160), (seen.get(text.replace(/\s+/g, ' ').slice(0, 160)) ?? 0) + 1);
        console.log(`${kind} statements (BENCH_WIRE_LOG=1), per save:\n${[...seen].map(([text, n]) => `  ${(n / ROUND_TRIP_SAVES).toFixed(2)}  ${text}`).join('\n')}`);
      }
      const trips = (counter.counts.roundTrips - before.roundTrips) / ROUND_TRIP_SAVES;
      const parses = (counter.counts.parses - before.parses) / ROUND_TRIP_SAVES;
      return `${kind} ${trips.toFixed(2)} round trips (statements) a save, ${parses.toFixed(2)} parsed (not yet prepared on their connection)`;
    };
    console.log(`round trips to PostgreSQL, ${ROUND_TRIP_SAVES} saves one at a time (counted on the wire): ${await perSave('unchanged tools:', () => body)}; ${await perSave('one tool changed:', changed)}`);
    if (process.env.BENCH_ONLY === 'round-trips') return;
    await stopService(service.child);
    await counter.close();
    service = await startService(benchServiceEnv(db.url, state));
    url = service.url;
    const child = service.child;
    // A fresh process: its first lints load the tokenizer on the CPU pool's threads and fill the memo, which
    // on a busy host takes longer than a timed run. A few saves of each kind, one at a time, first.
    for (let i = 0; i < 2 * SERVERS; i++) await saveOnce(ids[i % SERVERS]!, i % 2 === 0 ? body : changed());
    const load = () => loadavg().map((l) => l.toFixed(2)).join(' ');
    console.log(`node ${process.version}; load average ${load()}; service on ${url} (database: machine PostgreSQL, fresh database); ${CONNECTIONS} connections, ${DURATION} s each after a ${WARMUP} s warm-up of saves`);
    console.log(`commit: ${asyncCommit ? 'TOOLMARK_SAVES_ASYNC_COMMIT=true (asynchronous: NOT the default, the targets are judged on the default)' : 'synchronous (the default: an answered save is on disk)'}; saves pools of ${process.env.TOOLMARK_SAVES_POOL ?? `${savesPoolSize({ TOOLMARK_SAVES_ASYNC_COMMIT: asyncCommit })} (the default for this commit mode)`} connections each`);
    if (COMMIT_DELAY !== undefined) console.log(`commit_delay = ${COMMIT_DELAY} µs for this database (BENCH_COMMIT_DELAY; commit_siblings ${(await db.sql<{ v: string }[]>`SELECT current_setting('commit_siblings') AS v`)[0]!.v})`);
    console.log(`surface: 20 tools, ${(body.length / 1024).toFixed(0)} KiB; ${SERVERS} servers; ${CHANGED_SHARE * 100} % of saves change the tools`);

    let n = 0;
    const saveLoad = (duration: number, overallRate?: number) =>
      autocannon({
        url,
        connections: CONNECTIONS,
        duration,
        ...(overallRate ? { overallRate } : {}),
        requests: [
          {
            method: 'POST',
            setupRequest: (request) => {
              n++;
              const id = ids[n % SERVERS]!;
              // Deterministic mix: every fifth request carries changed tools.
              const text = CHANGED_SHARE > 0 && n % Math.round(1 / CHANGED_SHARE) === 0 ? changed() : body;
              return { ...request, path: `/v1/servers/${id}/lint?label=bench`, headers: { authorization: `Bearer ${ci}`, 'content-type': 'application/json' }, body: text };
            },
          },
        ],
      });
    // Warm-up with the same mix, then ANALYZE: a running service has history, a JIT-compiled hot path and
    // planner statistics that autovacuum keeps (it analyses a table after ~10 % of its rows change, at
    // most once a minute). Measuring a database filled in the last few seconds would time plans made for
    // empty tables.
    if (WARMUP > 0) {
      await saveLoad(WARMUP);
      await db.sql`ANALYZE`;
    }
    // 1a. As fast as it goes: each connection sends its next save when the last one is answered (the
    //     service is saturated, so latency here is mostly waiting in line).
    const { result: saves, cpu: savesCpu } = await withCpu(child.pid!, db, () => saveLoad(DURATION));
    console.log(summary('POST …/lint (ci key)', saves, CHANGED_SHARE === 0.2 ? { rate: 500 } : null));
    console.log(`  ${savesCpu}`);
    // 1b. At the target rate (BENCH_RATE saves/s offered, whatever the answers' pace): the latency a CI
    //     fleet sees when it sends that many saves a second. Reports the rate achieved.
    if (RATE > 0) {
      const { result: paced, cpu: pacedCpu } = await withCpu(child.pid!, db, () => saveLoad(DURATION, RATE));
      console.log(summary(`POST …/lint @ ${RATE}/s`, paced, CHANGED_SHARE === 0.2 && RATE === 500 ? { rate: 500, p99: 50 } : null));
      console.log(`  ${pacedCpu}`);
    }
    if (process.env.BENCH_ONLY !== 'saves') {
      const { result: reads, cpu: readsCpu } = await withCpu(child.pid!, db, () => autocannon({ url: `${url}/v1/leaderboards/lint?limit=20`, connections: CONNECTIONS, duration: DURATION }));
      console.log(summary('GET /v1/leaderboards/lint', reads, { rate: 2000 }));
      console.log(`  ${readsCpu}`);
    }
    await new Promise((r) => setTimeout(r, 2_000)); // let the requests autocannon left in flight finish
    // The watch events a save of new tools no longer raises before answering (issue 31): the `watch-version`
    // jobs its statement queued (the bench's service runs no workers). Run here, one after the other, so
    // the work moved off the answer path is counted too: CPU per job of this process and of PostgreSQL.
    if (BENCH_WATCH_JOBS > 0) console.log(await runWatchJobs(db, BENCH_WATCH_JOBS));
    const rss = (() => {
      try {
        return /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${child.pid}/status`, 'utf8'))?.[1];
      } catch {
        return undefined;
      }
    })();
    if (rss) console.log(`service resident memory after the runs: ${(Number(rss) / 1024).toFixed(0)} MiB`);
    const versions = await db.sql`SELECT count(*)::int AS n FROM server_versions`;
    const savedRows = await db.sql`SELECT count(*)::int AS n FROM lint_saves`;
    console.log(`stored: ${versions[0]!.n} versions, ${savedRows[0]!.n} saves; load average after ${load()}`);
    if (missed.length > 0) {
      console.log(`targets NOT met: ${missed.join('; ')}${asyncCommit ? '' : ' (synchronous commit, the default)'}`);
      process.exitCode = 1;
    } else console.log(`every target met${asyncCommit ? ' (asynchronous commit: not the default)' : ' on the defaults (synchronous commit)'}`);
  } finally {
    await stopService(service.child);
    await counter.close();
    await db.drop();
    rmSync(state, { recursive: true, force: true });
  }
}

await main();
