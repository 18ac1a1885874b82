// Test support: a fresh, migrated database per test file on a real PostgreSQL server, dropped afterwards.
// The server is TOOLMARK_TEST_DATABASE_URL (default: the machine's PostgreSQL on 127.0.0.1:5432, trust auth).
import { randomBytes } from 'node:crypto';
import postgres from 'postgres';
import { connect, type DatabaseHandle } from './client.js';
import { migrateDatabase } from './migrate.js';

/** The maintenance URL tests create their databases through. */
export const TEST_SERVER_URL = process.env.TOOLMARK_TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

/** A throwaway database: a handle like the app's, and `drop()` for afterAll. */
export interface TestDatabase extends DatabaseHandle {
  name: string;
  drop(): Promise<void>;
}

/** Create `tm_test_<random>` on the test server, migrate it, and return a handle to it. */
export async function createTestDatabase(maxConnections = 10): Promise<TestDatabase> {
  const name = `tm_test_${randomBytes(6).toString('hex')}`;
  const admin = postgres(TEST_SERVER_URL, { max: 1, onnotice: () => undefined });
  await admin.unsafe(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(TEST_SERVER_URL);
  url.pathname = `/${name}`;
  const { db, sql } = connect(url.toString(), maxConnections);
  await migrateDatabase({ db, sql });
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

