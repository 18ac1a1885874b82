// The real service for the benches: `server/dist/start.js` as a child process on a free port of
// 127.0.0.1, ready when /health answers. BENCH_NODE_ARGS passes flags to its node (e.g. --cpu-prof).
import { spawn, type ChildProcess } from 'node:child_process';
import { closeSync, openSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import { resolve } from 'node:path';

export async function freePort(): Promise<number> {
  return new Promise((done) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      server.close(() => done(port));
    });
  });
}

/**
 * The environment of a bench's service: its own throwaway database and data directory, no workers,
 * warnings only (logging costs nothing in the figures), anonymous reads not rate limited, and no limit on
 * connections per address (every bench connection comes from 127.0.0.1; BENCH_CONNECTIONS may pass 64). A
 * `databaseUrl` of null leaves DATABASE_URL out: the service starts its embedded PostgreSQL under `dataDir`.
 */
export function benchServiceEnv(databaseUrl: string | null, dataDir: string, extra: Record<string, string> = {}): Record<string, string> {
  // TOOLMARK_* settings of the bench's own environment reach the service (e.g. TOOLMARK_SAVES_POOL=4 npm run
  // bench:api), except those the bench decides below.
  const passed = Object.fromEntries(Object.entries(process.env).filter((e): e is [string, string] => e[0].startsWith('TOOLMARK_') && e[1] !== undefined));
  return {
    ...passed,
    PATH: process.env.PATH ?? '',
    ...(databaseUrl === null ? {} : { DATABASE_URL: databaseUrl }),
    TOOLMARK_DATA_DIR: dataDir,
    TOOLMARK_WORKERS: 'off',
    TOOLMARK_LOG_LEVEL: 'warn',
    TOOLMARK_ANON_RATE_LIMIT: '1000000',
    // The fault benches mint hundreds of keys per organisation on purpose (scope matrix, fuzz).
    TOOLMARK_KEYS_PER_HOUR: '1000000',
    TOOLMARK_LIVE_KEYS: '1000000',
    TOOLMARK_MAX_CONNECTIONS_PER_ADDRESS: '0',
    // The frozen catalogue is not seeded unless a bench asks (bench:site measures the seed): its ~280 servers
    // and their lints, written in the background, would change the rows the fault benches count and run
    // beside the measured requests.
    TOOLMARK_SEED_CATALOGUE: 'false',
    ...extra,
  };
}

/** Options of {@link startService}. */
export interface StartOptions {
  /** Append the service's stdout and stderr to this file instead of the bench's own (default: inherited). */
  logFile?: string;
}

/** Start the service with `env` (plus PORT and HOST) and wait up to 60 s for /health. */
export async function startService(env: Record<string, string>, options: StartOptions = {}): Promise<{ child: ChildProcess; url: string }> {
  const port = await freePort();
  const nodeArgs = (process.env.BENCH_NODE_ARGS ?? '').split(' ').filter(Boolean);
  const log = options.logFile === undefined ? undefined : openSync(options.logFile, 'a');
  const child = spawn(process.execPath, [...nodeArgs, resolve(import.meta.dirname, '..', 'start.js')], {
    env: { ...env, PORT: String(port), HOST: '127.0.0.1' },
    stdio: ['ignore', log ?? 'inherit', log ?? 'inherit'],
  });
  if (log !== undefined) closeSync(log); // the child holds its own copy
  const url = `http://127.0.0.1:${port}`;
  let exited: number | null | undefined;
  child.once('exit', (code) => (exited = code));
  for (let i = 0; i < 600; i++) {
    if (exited !== undefined) throw new Error(`the service exited with ${exited}`);
    if (await fetch(`${url}/health`).then((r) => r.ok, () => false)) return { child, url };
    await new Promise((r) => setTimeout(r, 100));
  }
  child.kill('SIGKILL');
  throw new Error('the service did not answer /health within 60 s');
}

/**
 * Stop the service with SIGTERM and wait for it to exit; with `killAfterMs`, SIGKILL it if it has not
 * exited by then. Returns at once when it has already exited.
 */
export async function stopService(child: ChildProcess, options: { killAfterMs?: number } = {}): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  if (options.killAfterMs === undefined) {
    await exited;
    return;
  }
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<'late'>((r) => (timer = setTimeout(() => r('late'), options.killAfterMs)));
  if ((await Promise.race([exited, late])) === 'late') {
    child.kill('SIGKILL');
    await exited;
  }
  clearTimeout(timer);
}
