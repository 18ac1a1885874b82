import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { migrate } from 'drizzle-orm/postgres-js/migrator';
import type { DatabaseHandle } from './client.js';

/** The generated migrations shipped with this package (db/drizzle). */
export const MIGRATIONS_DIR = join(dirname(fileURLToPath(import.meta.url)), '..', 'drizzle');

// An arbitrary constant: every toolmark process takes the same advisory lock around migrations.
const MIGRATION_LOCK = 7_310_442_001;

/**
 * Apply pending migrations. Safe when several processes start at once: each holds a session advisory lock
 * on one reserved connection while it migrates, so the second waits and then finds nothing to do.
 */
export async function migrateDatabase(handle: Pick<DatabaseHandle, 'db' | 'sql'>): Promise<void> {
  const lock = await handle.sql.reserve();
  try {
    await lock`SELECT pg_advisory_lock(${MIGRATION_LOCK})`;
    try {
      await migrate(handle.db, { migrationsFolder: MIGRATIONS_DIR });
    } finally {
      await lock`SELECT pg_advisory_unlock(${MIGRATION_LOCK})`;
    }
  } finally {
    lock.release();
  }
}
