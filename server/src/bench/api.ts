// npm run bench:api — autocannon against the real service (`server/dist/start.js`, a child process) on
// 127.0.0.1, with its database on this machine: a fresh database on the machine's PostgreSQL
// (TOOLMARK_BENCH_SERVER_URL, default the test server) — never the real data.
//   1. saves: POST /v1/servers/{id}/lint with a `ci` key, a 20-tool surface; 80 % of bodies unchanged, 20 %
//      changed (a new version each time), spread over 20 servers;
//   2. reads: GET /v1/leaderboards/lint.
// Prints req/s, p50, p99, errors and non-2xx for each. Targets (2-core machine): saves ≥ 500/s with p99
// < 50 ms and 0 errors; leaderboard reads ≥ 2 000 req/s.
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { createTestDatabase } from '@toolmark/db/testing';
import { benchServiceEnv, startService, stopService } from './service.js';
import { loadDistractorSet } from '@toolmark/distractors';

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

/** CPU seconds (user + system) of the processes matching `which`, from /proc (Linux; empty elsewhere). */
function cpuSeconds(which: (pid: number, comm: string) => boolean): number {
  let ticks = 0;
  let pids: string[] = [];
  try {
    pids = readdirSync('/proc').filter((d) => /^\d+$/.test(d));
  } catch {
    return Number.NaN;
  }
  for (const pid of pids) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      const close = stat.lastIndexOf(')');
      const comm = stat.slice(stat.indexOf('(') + 1, close);
      if (!which(Number(pid), comm)) continue;
      const fields = stat.slice(close + 2).split(' ');
      ticks += Number(fields[11]) + Number(fields[12]); // utime, stime (fields 14 and 15 of stat)
    } catch {
      // the process ended while we read
    }
  }
  return ticks / 100; // USER_HZ is 100 on Linux
}

/** Run `work` and report the CPU milliseconds per request it cost the service, PostgreSQL and the load generator. */
async function withCpu(servicePid: number, work: () => Promise<autocannon.Result>): Promise<{ result: autocannon.Result; cpu: string }> {
  const service = () => cpuSeconds((pid) => pid === servicePid);
  const postgres = () => cpuSeconds((_pid, comm) => comm === 'postgres');
  const [s0, p0, b0] = [service(), postgres(), process.cpuUsage()];
  const result = await work();
  const [s1, p1, b1] = [service(), postgres(), process.cpuUsage(b0)];
  const n = Math.max(1, result.requests.total);
  const per = (seconds: number) => ((seconds * 1000) / n).toFixed(2);
  const cpu = Number.isNaN(s0)
    ? 'CPU per request: not measured (no /proc)'
    : `CPU per request: service ${per(s1 - s0)} ms, PostgreSQL ${per(p1 - p0)} ms, load generator ${per((b1.user + b1.system) / 1e6)} ms`;
  return { result, cpu };
}

function summary(name: string, r: autocannon.Result): string {
  return `${name.padEnd(22)} ${r.requests.average.toFixed(0).padStart(7)} req/s   p50 ${String(r.latency.p50).padStart(4)} ms   p99 ${String(r.latency.p99).padStart(4)} ms   errors ${r.errors}   timeouts ${r.timeouts}   non-2xx ${r.non2xx}   (${r.requests.total} requests)`;
}

async function main(): Promise<void> {
  const db = await createTestDatabase(4);
  const state = mkdtempSync(join(tmpdir(), 'toolmark-bench-api-'));
  // The bench database is throwaway: the app migrates it again (no-op) and seeds it.
  const { child, url } = await startService(benchServiceEnv(db.url, state));
  try {
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
    console.log(`node ${process.version}; service on ${url} (database: machine PostgreSQL, fresh database); ${CONNECTIONS} connections, ${DURATION} s each after a ${WARMUP} s warm-up of saves`);
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
    const { result: saves, cpu: savesCpu } = await withCpu(child.pid!, () => saveLoad(DURATION));
    console.log(summary('POST …/lint (ci key)', saves));
    console.log(`  ${savesCpu}`);
    // 1b. At the target rate (BENCH_RATE saves/s offered, whatever the answers' pace): the latency a CI
    //     fleet sees when it sends that many saves a second. Reports the rate achieved.
    if (RATE > 0) {
      const { result: paced, cpu: pacedCpu } = await withCpu(child.pid!, () => saveLoad(DURATION, RATE));
      console.log(summary(`POST …/lint @ ${RATE}/s`, paced));
      console.log(`  ${pacedCpu}`);
    }
    if (process.env.BENCH_ONLY !== 'saves') {
      const { result: reads, cpu: readsCpu } = await withCpu(child.pid!, () => autocannon({ url: `${url}/v1/leaderboards/lint?limit=20`, connections: CONNECTIONS, duration: DURATION }));
      console.log(summary('GET /v1/leaderboards/lint', reads));
      console.log(`  ${readsCpu}`);
    }
    await new Promise((r) => setTimeout(r, 2_000)); // let the requests autocannon left in flight finish
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
    console.log(`stored: ${versions[0]!.n} versions, ${savedRows[0]!.n} saves`);
  } finally {
    await stopService(child);
    await db.drop();
    rmSync(state, { recursive: true, force: true });
  }
}

await main();
