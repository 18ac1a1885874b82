import type { Sql } from 'postgres';

/**
 * Run `work` while holding an advisory lock: start-up steps that every process runs (migrations, seeding,
 * the job queue's schema and queues) run one process at a time, and the next finds the work done.
 *
 * The lock is transaction-scoped (`pg_advisory_xact_lock` in a transaction that stays open while `work`
 * runs on other connections), so it goes with the transaction whatever happens: committed after `work`,
 * rolled back when it throws, dropped by PostgreSQL when the connection dies. It used to be a session lock on
 * a `sql.reserve()`d connection — the exact trigger of porsager/postgres#1208 (a reserved connection whose
 * backend died threw an uncatchable TypeError on its next write) and of the hung replacement query of
 * porsager/postgres#1168's notes; a transaction is an ordinary pooled connection to the driver.
 */
export async function withAdvisoryLock<T>(sql: Sql, key: number, work: () => Promise<T>): Promise<T> {
  let result: T | undefined;
  await sql.begin(async (tx) => {
    await tx`SELECT pg_advisory_xact_lock(${key})`;
    result = await work();
  });
  return result as T;
}

/** The advisory lock keys toolmark uses (arbitrary constants, one per start-up step). */
export const LOCKS = { migrate: 7_310_442_001, seed: 7_310_442_002, queues: 7_310_442_003 } as const;
