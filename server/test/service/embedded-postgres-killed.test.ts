// The embedded default when its PostgreSQL dies under the service (kill -9 of the postmaster, as an OOM
// killer would): the service keeps running, answers 503 with Retry-After while the database is away,
// starts its PostgreSQL again by itself, and serves the same data; SIGTERM still stops everything.
// Before the watchdog the service answered 500 for good (nothing restarted the cluster), and the driver's
// uncaught TypeError killed it in 3 of 6 runs.
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startServiceProcess, type ServiceProcess } from './service-process.js';

const base = mkdtempSync(join(tmpdir(), 'toolmark-killed-pg-'));
chmodSync(base, 0o755); // as root the cluster runs as the postgres user, which must be able to enter it
const dataDir = join(base, 'data');
let service: ServiceProcess | undefined;
afterAll(async () => {
  await service?.stop();
  rmSync(base, { recursive: true, force: true });
});

const postmasterPid = (): number => Number(readFileSync(join(dataDir, 'postgres', 'postmaster.pid'), 'utf8').split('\n')[0]);
const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

describe('the embedded PostgreSQL killed under load', () => {
  it('is started again by the service, which survives and serves the same data', async () => {
    service = await startServiceProcess({ HOME: process.env.HOME ?? base, TOOLMARK_DATA_DIR: dataDir, TOOLMARK_READ_CACHE_MS: '0', TOOLMARK_LOG_LEVEL: 'info' });
    const { url } = service;
    const board = async () => {
      const res = await fetch(`${url}/v1/leaderboards/lint?limit=100`);
      return { status: res.status, retryAfter: res.headers.get('retry-after'), body: (await res.json()) as { total?: number; error?: { code: string } } };
    };
    expect((await board()).body.total).toBe(8);
    const before = postmasterPid();

    const statuses = new Map<number, number>();
    const healthSeen = new Set<string>();
    let stop = false;
    const client = async (i: number) => {
      while (!stop) {
        if (i === 0) {
          const res = await fetch(`${url}/health`);
          const body = (await res.json()) as { database: string };
          healthSeen.add(`${res.status} ${body.database}`);
        } else {
          const a = await board();
          statuses.set(a.status, (statuses.get(a.status) ?? 0) + 1);
          if (a.status === 503) {
            expect(a.retryAfter).toMatch(/^\d+$/);
            expect(a.body.error?.code).toBe('database_unavailable');
          }
        }
        await new Promise((r) => setTimeout(r, 20));
      }
    };
    const clients = Array.from({ length: 4 }, (_, i) => client(i));
    await new Promise((r) => setTimeout(r, 300));
    process.kill(before, 'SIGKILL');
    const killedAt = performance.now();

    // Back: a new postmaster, and the board answers with the same rows.
    let recoveredMs = Number.NaN;
    while (performance.now() - killedAt < 30_000) {
      const a = await board().catch(() => undefined);
      if (a?.status === 200 && existsSync(join(dataDir, 'postgres', 'postmaster.pid')) && postmasterPid() !== before) {
        recoveredMs = performance.now() - killedAt;
        expect(a.body.total).toBe(8);
        break;
      }
      await new Promise((r) => setTimeout(r, 50));
    }
    stop = true;
    await Promise.all(clients);
    expect(recoveredMs).toBeLessThan(15_000);
    expect(service.alive()).toBe(true);
    expect([...statuses.keys()].filter((s) => s !== 200 && s !== 503)).toEqual([]);
    expect(healthSeen.has('200 ok')).toBe(true);
    for (const seen of healthSeen) expect(['200 ok', '503 unreachable', '503 restarting']).toContain(seen);
    expect(service.out()).toContain('the embedded postgres is running again');
    const after = postmasterPid();
    expect(alive(after)).toBe(true);

    // SIGTERM still shuts everything down: exit 0 and no postgres left behind.
    expect(await service.stop()).toBe(0);
    service = undefined;
    expect(alive(after)).toBe(false);
  });
});
