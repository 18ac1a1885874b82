import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { migrate } from 'drizzle-orm/postgres-js/migrator';
import type { DatabaseHandle } from './client.js';
import { LOCKS, withAdvisoryLock } from './lock.js';

/** The generated migrations shipped with this package (db/drizzle). */
export const MIGRATIONS_DIR = join(dirname(fileURLToPath(import.meta.url)), '..', 'drizzle');


/**
 * Apply pending migrations. Safe when several processes start at once: each holds a session advisory lock
 * on one reserved connection while it migrates, so the second waits and then finds nothing to do.
 */
export async function migrateDatabase(handle: Pick<DatabaseHandle, 'db' | 'sql'>): Promise<void> {
  await withAdvisoryLock(handle.sql, LOCKS.migrate, () => migrate(handle.db, { migrationsFolder: MIGRATIONS_DIR }));
}
