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
