// npm run bench:api — autocannon against the real service (`server/dist/start.js`, a child process) on
// 127.0.0.1, with its database on this machine: a fresh database on the machine's PostgreSQL
// (TOOLMARK_BENCH_SERVER_URL, default the test server) — never the real data.
//   1. saves: POST /v1/servers/{id}/lint with a `ci` key, a 20-tool surface; 80 % of bodies unchanged, 20 %
//      changed (a new version each time), spread over 20 servers;
//   2. reads: GET /v1/leaderboards/lint.
// Prints req/s, p50, p99, errors and non-2xx for each. Targets (2-core machine): saves ≥ 500/s with p99
// < 50 ms and 0 errors; leaderboard reads ≥ 2 000 req/s.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { createTestDatabase } from '@toolmark/db/testing';
import { benchServiceEnv, startService } from './service.js';
import { loadDistractorSet } from '@toolmark/distractors';

const DURATION = Number(process.env.BENCH_DURATION ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const SERVERS = 20;
// Share of saves whose tools changed since the last save (BENCH_CHANGED_SHARE; default one in five).
const CHANGED_SHARE = Number(process.env.BENCH_CHANGED_SHARE ?? 0.2);

interface Created {
  key: string;
  server: { id: string };
}

const post = async (url: string, key: string, body: unknown): Promise<Created> => {
  const res = await fetch(url, { method: 'POST', headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' }, body: JSON.stringify(body) });
  if (!res.ok) throw new Error(`${url}: ${res.status} ${await res.text()}`);
  return res.json() as Promise<Created>;
};

function summary(name: string, r: autocannon.Result): string {
  return `${name.padEnd(22)} ${r.requests.average.toFixed(0).padStart(7)} req/s   p50 ${String(r.latency.p50).padStart(4)} ms   p99 ${String(r.latency.p99).padStart(4)} ms   errors ${r.errors}   timeouts ${r.timeouts}   non-2xx ${r.non2xx}   (${r.requests.total} requests)`;
}

async function main(): Promise<void> {
  const db = await createTestDatabase(4);
  const state = mkdtempSync(join(tmpdir(), 'toolmark-bench-api-'));
  // The bench database is throwaway: the app migrates it again (no-op) and seeds it.
  const { child, url } = await startService(benchServiceEnv(db.url, state, { TOOLMARK_DB_POOL: process.env.TOOLMARK_DB_POOL ?? '20' }));
  try {
    await db.sql`UPDATE organisations SET rate_limit_per_minute = 100000000, monthly_units_ci = 100000000`;
    const admin = readFileSync(join(state, 'first-admin-key'), 'utf8').trim();
    const ci = (await post(`${url}/v1/keys`, admin, { purpose: 'ci', name: 'bench' })).key;
    // A real 20-tool surface (playwright's first 20 tools) and variants of it that each change one description.
    const base = loadDistractorSet('playwright').surface.tools.slice(0, 20);
    const body = JSON.stringify({ tools: base });
    let variant = 0;
    const changed = () => JSON.stringify({ tools: base.map((t, i) => (i === variant % 20 ? { ...t, description: `${t.description ?? ''} (revision ${++variant})` } : t)) });
    const ids: string[] = [];
    for (let i = 0; i < SERVERS; i++) {
      const reg = await post(`${url}/v1/servers`, admin, { name: `bench ${i}`, public: true, source: { kind: 'upload', tools: { tools: base } } });
      ids.push(reg.server.id);
      await post(`${url}/v1/servers/${reg.server.id}/lint`, ci, { tools: base }); // first save: the version's result exists
    }
    console.log(`node ${process.version}; service on ${url} (database: machine PostgreSQL, fresh database); ${CONNECTIONS} connections, ${DURATION} s each`);
    console.log(`surface: 20 tools, ${(body.length / 1024).toFixed(0)} KiB; ${SERVERS} servers; ${CHANGED_SHARE * 100} % of saves change the tools`);

    let n = 0;
    const saves = await autocannon({
      url,
      connections: CONNECTIONS,
      duration: DURATION,
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
    console.log(summary('POST …/lint (ci key)', saves));
    if (process.env.BENCH_ONLY !== 'saves') {
      const reads = await autocannon({ url: `${url}/v1/leaderboards/lint?limit=20`, connections: CONNECTIONS, duration: DURATION });
      console.log(summary('GET /v1/leaderboards/lint', reads));
    }
    await new Promise((r) => setTimeout(r, 2_000)); // let the requests autocannon left in flight finish
    const versions = await db.sql`SELECT count(*)::int AS n FROM server_versions`;
    const savedRows = await db.sql`SELECT count(*)::int AS n FROM lint_saves`;
    console.log(`stored: ${versions[0]!.n} versions, ${savedRows[0]!.n} saves`);
  } finally {
    const exited = new Promise((r) => child.once('exit', r));
    child.kill('SIGTERM');
    await exited;
    await db.drop();
    rmSync(state, { recursive: true, force: true });
  }
}

await main();
