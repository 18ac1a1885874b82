import type { Sql } from 'postgres';

/**
 * Run `work` while holding a session advisory lock on one reserved connection: start-up steps that every
 * process runs (migrations, seeding, the job queue's schema and queues) run one process at a time, and the
 * next finds the work done. The lock is released even when `work` throws.
 */
export async function withAdvisoryLock<T>(sql: Sql, key: number, work: () => Promise<T>): Promise<T> {
  const lock = await sql.reserve();
  try {
    await lock`SELECT pg_advisory_lock(${key})`;
    try {
      return await work();
    } finally {
      await lock`SELECT pg_advisory_unlock(${key})`;
    }
  } finally {
    lock.release();
  }
}

/** The advisory lock keys toolmark uses (arbitrary constants, one per start-up step). */
export const LOCKS = { migrate: 7_310_442_001, seed: 7_310_442_002, queues: 7_310_442_003 } as const;
