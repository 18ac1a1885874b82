// Test support: a fresh, migrated database per test file on a real PostgreSQL server (a copy of a migrated
// template, see migratedTemplate), dropped afterwards.
// The server is TOOLMARK_TEST_DATABASE_URL (default: the machine's PostgreSQL on 127.0.0.1:5432, trust auth).
import { createHash, randomBytes } from 'node:crypto';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import postgres from 'postgres';
import { connect, type DatabaseHandle } from './client.js';
import { MIGRATIONS_DIR, migrateDatabase } from './migrate.js';

/** The maintenance URL tests create their databases through. */
export const TEST_SERVER_URL = process.env.TOOLMARK_TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

/** A throwaway database: a handle like the app's, and `drop()` for afterAll. */
export interface TestDatabase extends DatabaseHandle {
  name: string;
  drop(): Promise<void>;
}

/** The URL of database `name` on the test server. */
function urlOf(name: string): URL {
  const url = new URL(TEST_SERVER_URL);
  url.pathname = `/${name}`;
  return url;
}

let template: Promise<string> | undefined;

/**
 * A migrated database to copy test databases from: `tm_tpl_<hash of the migrations>`, made once per set of
 * migrations on this server and kept (a copy is a file copy, ~10× faster than running every migration per
 * test file). It is built under a temporary name and renamed when complete, so a copy never starts from a
 * half-migrated one; when two processes build it at once, the second rename fails and that one is dropped.
 * Connections to it are then refused (a copy needs none open). Other branches' migrations get their own.
 */
export function migratedTemplate(): Promise<string> {
  template ??= (async () => {
    const hash = createHash('sha256');
    for (const file of readdirSync(MIGRATIONS_DIR, { recursive: true }).map(String).sort()) {
      const path = join(MIGRATIONS_DIR, file);
      if (statSync(path).isFile()) hash.update(file).update('\0').update(readFileSync(path)).update('\0');
    }
    const name = `tm_tpl_${hash.digest('hex').slice(0, 16)}`;
    const admin = postgres(TEST_SERVER_URL, { max: 1, onnotice: () => undefined });
    try {
      const [found] = await admin<{ n: number }[]>`SELECT count(*)::int AS n FROM pg_database WHERE datname = ${name}`;
      if (found!.n > 0) return name;
      const building = `tm_tplb_${randomBytes(6).toString('hex')}`;
      await admin.unsafe(`CREATE DATABASE ${building}`);
      const { db, sql } = connect(urlOf(building).toString(), 2);
      try {
        await migrateDatabase({ db, sql });
      } finally {
        await sql.end({ timeout: 5 });
      }
      try {
        await admin.unsafe(`ALTER DATABASE ${building} RENAME TO ${name}`);
        await admin.unsafe(`ALTER DATABASE ${name} WITH ALLOW_CONNECTIONS false`);
      } catch (e) {
        // 42P04 duplicate_database: another process finished the same template first.
        await admin.unsafe(`DROP DATABASE IF EXISTS ${building} WITH (FORCE)`);
        if ((e as { code?: string }).code !== '42P04') throw e;
      }
      return name;
    } finally {
      await admin.end();
    }
  })();
  template.catch(() => (template = undefined));
  return template;
}

/** Create `tm_test_<random>` on the test server as a copy of the migrated template, and return a handle to it. */
export async function createTestDatabase(maxConnections = 10): Promise<TestDatabase> {
  const name = `tm_test_${randomBytes(6).toString('hex')}`;
  const from = await migratedTemplate();
  const admin = postgres(TEST_SERVER_URL, { max: 1, onnotice: () => undefined });
  await admin.unsafe(`CREATE DATABASE ${name} TEMPLATE ${from}`);
  await admin.end();
  const url = urlOf(name);
  const { db, sql } = connect(url.toString(), maxConnections);
  let closed = false;
  const close = async () => {
    if (!closed) await sql.end({ timeout: 5 });
    closed = true;
  };
  return {
    name,
    db,
    sql,
    url: url.toString(),
    embeddedDataDir: null,
    close,
    async drop() {
      await close();
      const again = postgres(TEST_SERVER_URL, { max: 1, onnotice: () => undefined });
      await again.unsafe(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await again.end();
    },
  };
}

/**
 * A session of its own for tests of lock order and deadlocks: one connection, so `BEGIN`, `SAVEPOINT` and
 * the statements between them share a transaction, and a deadlock_timeout of a minute, so in a deadlock the
 * other session (PostgreSQL's default, 1 s) is the one that detects it and is aborted.
 */
export interface LockingSession {
  /** The session's backend pid (to tell its waits from others'). */
  pid: number;
  /** Run one statement; the promise settles when PostgreSQL answers, i.e. after any lock wait. */
  run(text: string, params?: (string | number | null)[]): Promise<unknown[]>;
  end(): Promise<void>;
}

/** Open a {@link LockingSession} on `url`. */
export async function openLockingSession(url: string): Promise<LockingSession> {
  const sql = postgres(url, { max: 1, onnotice: () => undefined, connection: { application_name: 'toolmark-test-locks', deadlock_timeout: '60s' } });
  const [row] = await sql<{ pid: number }[]>`SELECT pg_backend_pid() AS pid`;
  return {
    pid: row!.pid,
    // async: postgres.js sends a query only once it is awaited, and a caller may start one it awaits later.
    run: async (text, params = []) => sql.unsafe(text, params),
    end: () => sql.end({ timeout: 5 }),
  };
}

/**
 * Wait until a session of `sql`'s database waits for a lock: `pid`'s when given, otherwise any session
 * other than the asking one whose current statement matches `pattern` (ILIKE). Polls pg_stat_activity
 * (no fixed sleeps to guess); gives up after `timeoutMs`.
 */
export async function waitForLockWait(sql: postgres.Sql, which: { pid: number } | { pattern: string }, timeoutMs = 30_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const [row] =
      'pid' in which
        ? await sql<{ n: number }[]>`SELECT count(*)::int AS n FROM pg_stat_activity WHERE pid = ${which.pid} AND wait_event_type = 'Lock'`
        : await sql<{ n: number }[]>`
            SELECT count(*)::int AS n FROM pg_stat_activity
            WHERE datname = current_database() AND pid <> pg_backend_pid() AND wait_event_type = 'Lock' AND query ILIKE ${which.pattern}`;
    if (row!.n > 0) return;
    if (Date.now() > until) throw new Error(`no session waited for a lock (${JSON.stringify(which)}) within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/**
 * Make the next `times` attempts of one full-transaction save of NEW tools to a server (saveLintScore:
 * server row, version, …, usage row) lose a real deadlock, in an order that does not depend on timing.
 * Two sessions of their own: Y holds an uncommitted version with the next seq, X the organisation's usage
 * rows (at least one must exist). Call it, start the save, then `play()`: for each round, when the save
 * holds the server row and waits for Y's seq, X waits for the server row; then Y rolls back, the save goes
 * on to the usage row X holds — a cycle, which the save's session finds (X waits a minute before looking)
 * and aborts. Between rounds Y takes the seq again and X lets the retry have the server row. `play()`
 * returns once the last round's deadlock happened and both sessions let go; the save then runs freely.
 * (With a month's allowance left, the one-statement save of new tools would wait on the usage row first:
 * tests of the API give the organisation no allowance, so only the full transaction takes locks.)
 */
export async function forceSaveDeadlocks(url: string, target: { serverId: string; organisationId: string }, times: number): Promise<{ play(): Promise<void> }> {
  const asking = postgres(url, { max: 1, onnotice: () => undefined });
  const x = await openLockingSession(url);
  const y = await openLockingSession(url);
  const takeSeq = async () => {
    await y.run('BEGIN');
    await y.run(
      `INSERT INTO server_versions (server_id, seq, surface_hash, tools, tool_count, origin)
       SELECT $1, COALESCE(max(seq), 0) + 1, 'held-by-test', '{"tools":[]}', 0, 'api' FROM server_versions WHERE server_id = $1`,
      [target.serverId],
    );
  };
  await takeSeq();
  await x.run('BEGIN');
  const held = await x.run('SELECT 1 FROM usage WHERE organisation_id = $1 FOR UPDATE', [target.organisationId]);
  if (held.length === 0) throw new Error('forceSaveDeadlocks: the organisation has no usage row to hold; save once first');
  return {
    async play() {
      try {
        for (let round = 1; round <= times; round++) {
          await waitForLockWait(asking, { pattern: '%insert into "server_versions"%' });
          await x.run(`SAVEPOINT round_${round}`);
          const serverRow = x.run('SELECT 1 FROM servers WHERE id = $1 FOR NO KEY UPDATE', [target.serverId]);
          await waitForLockWait(asking, { pid: x.pid });
          await y.run('ROLLBACK');
          await serverRow; // the save's attempt was aborted: X has the row
          if (round < times) {
            await takeSeq();
            await waitForLockWait(asking, { pattern: '%from "servers"%for no key update%' });
            await x.run(`ROLLBACK TO SAVEPOINT round_${round}`);
          }
        }
        await x.run('ROLLBACK');
      } finally {
        await Promise.all([x.end(), y.end(), asking.end({ timeout: 5 })]);
      }
    },
  };
}
