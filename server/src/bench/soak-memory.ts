// node server/dist/bench/soak-memory.js — where the service's memory goes under a short soak (issue 23 §7:
// RSS 238 → 590–625 MiB and stays). The real service (seeded, workers inline) on a throwaway database,
// six keep-alive lanes of mixed traffic (lint saves of distinct 40-tool synthetic surfaces, the leaderboard,
// the site's front page, a server) for SOAK_SECONDS (default 150), with `--trace-gc` (plus SOAK_NODE_ARGS):
// prints RSS every 10 s and the live heap after each full (Mark-Compact) collection, so growth of what is
// alive can be told from the heap V8 keeps committed between collections. docs/reliability.md has a run.
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createTestDatabase } from '@toolmark/db/testing';
import { benchServiceEnv, startService, stopService } from './service.js';
import { syntheticSurface } from './synthetic.js';

const SECONDS = Number(process.env.SOAK_SECONDS ?? 150);
const LANES = 6;

const db = await createTestDatabase(4);
const dir = mkdtempSync(join(tmpdir(), 'toolmark-soak-'));
const logFile = join(dir, 'service.log');
process.env.BENCH_NODE_ARGS = `--trace-gc ${process.env.SOAK_NODE_ARGS ?? ''}`;
const { child, url } = await startService(benchServiceEnv(db.url, dir, { TOOLMARK_SEED: 'true', TOOLMARK_WORKERS: 'inline' }), { logFile });
try {
  await db.sql`UPDATE organisations SET rate_limit_per_minute = 100000000, monthly_units_ci = 100000000`;
  const admin = readFileSync(join(dir, 'first-admin-key'), 'utf8').trim();
  const adminHeaders = { authorization: `Bearer ${admin}`, 'content-type': 'application/json' };
  const ids: string[] = [];
  for (let i = 0; i < 20; i++) {
    const res = await fetch(`${url}/v1/servers`, { method: 'POST', headers: adminHeaders, body: JSON.stringify({ name: `Soak ${i}`, source: { kind: 'upload', tools: { tools: [] } } }) });
    ids.push(((await res.json()) as { server: { id: string } }).server.id);
  }
  // Lint saves take a ci key (an admin key is a 403 there).
  const ci = ((await (await fetch(`${url}/v1/keys`, { method: 'POST', headers: adminHeaders, body: JSON.stringify({ purpose: 'ci', name: 'soak' }) })).json()) as { key: string }).key;
  const headers = { authorization: `Bearer ${ci}`, 'content-type': 'application/json' };
  const rssMiB = (): number => Math.round(Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${child.pid}/status`, 'utf8'))?.[1] ?? 0) / 1024);
  const until = Date.now() + SECONDS * 1000;
  const statuses = new Map<number, number>();
  let n = 0;
  let surfaces = 0;
  const lane = async (): Promise<void> => {
    while (Date.now() < until) {
      const k = n++ % 6;
      const id = ids[n % ids.length]!;
      const res = await (k < 3
        ? fetch(`${url}/v1/servers/${id}/lint?label=s${n}`, { method: 'POST', headers, body: JSON.stringify(syntheticSurface(40, 60, 4, surfaces++)) })
        : fetch(k === 3 ? `${url}/v1/leaderboards/lint?limit=50` : k === 4 ? `${url}/` : `${url}/v1/servers/${id}`)
      ).catch(() => undefined);
      await res?.arrayBuffer();
      statuses.set(res?.status ?? 0, (statuses.get(res?.status ?? 0) ?? 0) + 1);
    }
  };
  const t0 = Date.now();
  const rss: [number | string, number][] = [[0, rssMiB()]];
  const timer = setInterval(() => rss.push([Math.round((Date.now() - t0) / 1000), rssMiB()]), 10_000);
  await Promise.all(Array.from({ length: LANES }, lane));
  clearInterval(timer);
  await new Promise((r) => setTimeout(r, 15_000));
  rss.push(['idle 15 s', rssMiB()]);
  const log = readFileSync(logFile, 'utf8');
  const fullGcs = [...log.matchAll(/(\d+) ms: Mark-Compact [\d.]+ \([\d.]+\) -> ([\d.]+) \(([\d.]+)\) MB/g)].map((m) => ({ s: Math.round(Number(m[1]) / 1000), liveMiB: Number(m[2]), committedMiB: Number(m[3]) }));
  const scavenges = [...log.matchAll(/Scavenge [\d.]+ \([\d.]+\) -> ([\d.]+) \(([\d.]+)\) MB/g)];
  const last = scavenges.at(-1);
  process.stdout.write(
    `${JSON.stringify({ seconds: SECONDS, requests: n, statuses: Object.fromEntries(statuses), rssMiB: rss, fullGcs, lastScavenge: last ? { heapMiB: Number(last[1]), committedMiB: Number(last[2]) } : null })}\n`,
  );
} finally {
  await stopService(child, { killAfterMs: 15_000 });
  await db.drop();
}
