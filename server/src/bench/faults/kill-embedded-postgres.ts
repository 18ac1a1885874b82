// kill-embedded-postgres — the service on its embedded default (no DATABASE_URL; its own data directory
// under this run's /tmp folder), mixed traffic, and `kill -9` of the embedded postmaster (its pid from
// the data directory's postmaster.pid), twice. Expected: the service stays the same process, starts its
// PostgreSQL again by itself (a new postmaster.pid with a live pid, then a connection accepted once its
// crash recovery is done: "the database returned"), answers 503
// with Retry-After meanwhile (2xx from caches allowed, within 2 s), and serves again within 5 s of the
// database's return; every save answered 200 is stored. At the end every process of the cluster is
// stopped and the data directory removed, whatever happened.
import { existsSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { connect } from '@toolmark/db';
import { must, makeKeys, registerServer, startServiceFor, surface, type Service } from './fixture.js';
import { pool } from './http.js';
import { scaled, sleep, tally, type Context, type Row, type Scenario } from './lib.js';
import { checkSaves, type SaveCounts } from './saves-check.js';
import { judge, mixedTraffic, recordRecovery, type Fault } from './traffic.js';

const alive = (pid: number): boolean => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
};
const cmdline = (pid: number | string): string => {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').replaceAll('\0', ' ');
  } catch {
    return '';
  }
};

/** The running postmaster of the cluster: pid and port from postmaster.pid, when that pid lives and is a postgres. */
function postmaster(clusterDir: string): { pid: number; port: number } | null {
  const file = join(clusterDir, 'postmaster.pid');
  if (!existsSync(file)) return null;
  const lines = readFileSync(file, 'utf8').split('\n');
  const pid = Number(lines[0]);
  const port = Number(lines[3]);
  if (!Number.isInteger(pid) || pid <= 0 || !alive(pid) || !cmdline(pid).includes('postgres')) return null;
  return { pid, port };
}

/** A connection URL to the embedded cluster's toolmark database (its generated password is in credentials.json). */
function embeddedUrl(dataDir: string, port: number): string {
  const { password } = JSON.parse(readFileSync(join(dataDir, 'credentials.json'), 'utf8')) as { password: string };
  return `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/toolmark`;
}

async function counts(dataDir: string, clusterDir: string): Promise<SaveCounts | null> {
  const pm = postmaster(clusterDir);
  if (!pm) return null;
  const { sql } = connect(embeddedUrl(dataDir, pm.port), 1, 10_000);
  try {
    const [r] = await sql<SaveCounts[]>`SELECT (SELECT count(*)::int FROM lint_saves) AS saves, (SELECT coalesce(sum(units), 0)::int FROM usage) AS units`;
    return r!;
  } catch {
    return null;
  } finally {
    await sql.end({ timeout: 5 }).catch(() => undefined);
  }
}

/** Poll until the cluster on `port` answers `SELECT 1` (a fresh connection each time), or `deadline` passes. */
async function acceptsConnections(dataDir: string, port: number, deadline: number): Promise<boolean> {
  while (performance.now() < deadline) {
    const { sql } = connect(embeddedUrl(dataDir, port), 1, 1_000);
    try {
      await sql`SELECT 1`;
      return true;
    } catch {
      await sleep(100);
    } finally {
      await sql.end({ timeout: 1 }).catch(() => undefined);
    }
  }
  return false;
}

/** Every process whose command line names the cluster directory (postmaster and backends, orphans included). */
const clusterProcesses = (clusterDir: string): number[] =>
  readdirSync('/proc')
    .filter((d) => /^\d+$/.test(d) && Number(d) !== process.pid && cmdline(d).includes(clusterDir))
    .map(Number);

const scenario: Scenario = {
  id: 'kill-embedded-postgres',
  what: 'the service on the embedded PostgreSQL; kill -9 of the postmaster under mixed traffic; it must restart it and recover',
  budgetSeconds: 150,
  async run(ctx: Context, row: Row) {
    const dataDir = join(ctx.dir, 'embedded-data');
    const clusterDir = join(dataDir, 'postgres');
    // Registered first, so it runs last: after the service's own stop, nothing of the cluster is left.
    ctx.defer(async () => {
      for (let i = 0; i < 50 && clusterProcesses(clusterDir).length; i++) {
        for (const pid of clusterProcesses(clusterDir)) {
          try {
            process.kill(pid, i < 20 ? 'SIGTERM' : 'SIGKILL');
          } catch {
            // gone meanwhile
          }
        }
        await sleep(200);
      }
      const left = clusterProcesses(clusterDir);
      if (left.length) row.failures.push(`harness: cluster processes left after clean-up: ${left.join(', ')}`);
      rmSync(dataDir, { recursive: true, force: true });
    });
    const service: Service = await startServiceFor(ctx, 'embedded', null, {}, dataDir);
    const first = postmaster(clusterDir);
    if (!first) throw new Error(`no running postmaster in ${clusterDir} after start-up`);
    // Limits raised straight in the embedded database; the connection is closed before any kill.
    const { sql: admin } = connect(embeddedUrl(dataDir, first.port), 1, 10_000);
    await admin`UPDATE organisations SET rate_limit_per_minute = 100000000, monthly_units_ci = 100000000, monthly_units_script = 100000000`;
    await admin.end({ timeout: 5 });
    const p = pool(service.url, 2);
    ctx.defer(() => p.agent.destroy());
    const keys = await makeKeys(service, p);
    const servers: string[] = [];
    for (let i = 0; i < 3; i++) {
      const s = await registerServer(p, keys.admin, `faults embedded ${i}`, surface(4));
      await must(p, 'POST', `/v1/servers/${s.id}/lint`, surface(4), keys.ci);
      servers.push(s.id);
    }
    const before = await counts(dataDir, clusterDir);

    const kills = scaled(ctx, 2, 1);
    let stop!: () => void;
    const until = new Promise<void>((r) => (stop = r));
    const traffic = mixedTraffic({ service, ciKey: keys.ci, servers }, 4, until);
    const faults: Fault[] = [];
    const restarts: string[] = [];
    await sleep(3_000);
    for (let i = 0; i < kills && service.alive(); i++) {
      const pm = postmaster(clusterDir);
      if (!pm) {
        row.failures.push(`no running postmaster before kill ${i + 1}`);
        break;
      }
      const at = performance.now();
      process.kill(pm.pid, 'SIGKILL');
      ctx.log(`kill ${i + 1}/${kills}: kill -9 ${pm.pid}`);
      // The database has returned when a new postmaster runs (bounded: 30 s).
      let back: { pid: number; port: number } | null = null;
      while (performance.now() - at < 30_000 && service.alive()) {
        back = postmaster(clusterDir);
        if (back && back.pid !== pm.pid) break;
        back = null;
        await sleep(100);
      }
      // ... and has finished its crash recovery: it accepts a connection. A new postmaster replays the WAL
      // since the last checkpoint first (refusing connections: "the database system is starting up"), which
      // on a loaded 2-core host took 3-4 s: PostgreSQL's own time, not the service's, so it is measured apart.
      const running = back ? performance.now() : null;
      const accepting = back ? await acceptsConnections(dataDir, back.port, at + 30_000) : false;
      if (back && accepting) {
        const restored = performance.now();
        faults.push({ at, restored });
        restarts.push(`${((running! - at) / 1000).toFixed(1)}/${((restored - at) / 1000).toFixed(1)}`);
        ctx.log(`kill ${i + 1}/${kills}: postgres running again (pid ${back.pid}) after ${((running! - at) / 1000).toFixed(1)} s, accepting connections after ${((restored - at) / 1000).toFixed(1)} s`);
      } else {
        faults.push({ at, restored: Number.POSITIVE_INFINITY });
        restarts.push('never');
        ctx.log(`kill ${i + 1}/${kills}: postgres not running again within 30 s${service.alive() ? '' : ' (the service exited)'}`);
        break;
      }
      await sleep(8_000);
    }
    stop();
    const answers = await traffic;
    const endedAt = performance.now();
    // A fault whose database never returned: judged as one long outage, and never recovered.
    const judged = faults.map((f) => ({ at: f.at, restored: Number.isFinite(f.restored) ? f.restored : endedAt }));
    const { recoveries, outageViolations } = judge(row, answers, judged, { graceMs: 5_000, strictWithinMs: 2_000, endedAt, serviceAlive: service.alive() });
    recordRecovery(row, service, recoveries.map((r, i) => (Number.isFinite(faults[i]!.restored) ? r : null)));
    row.recoveryTarget = 5;
    row.notes.push(`after each kill, postgres running again / accepting connections again (s): ${restarts.join(', ') || '—'} (recovery counts from the second)`);
    if (outageViolations.length) row.failures.push(`answers while postgres was down not 2xx or 503 + Retry-After (uniform) within 2 s ×${outageViolations.length}: ${tally(outageViolations)}`);
    const after = await counts(dataDir, clusterDir);
    if (before && after) checkSaves(row, answers, before, after);
    else row.failures.push('the embedded database was not reachable at the end: stored saves not checked');
  },
};

export default scenario;
