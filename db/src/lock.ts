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

/**
 * Run `work` only if the advisory lock is free (`pg_try_advisory_xact_lock`, transaction-scoped as above):
 * for start-up work that one process does for all and the others skip rather than wait for (the catalogue
 * seed: a second process must not be held back from serving while the first seeds). `ran` says which.
 */
export async function withTryAdvisoryLock<T>(sql: Sql, key: number, work: () => Promise<T>): Promise<{ ran: true; result: T } | { ran: false }> {
  let outcome: { ran: true; result: T } | { ran: false } = { ran: false };
  await sql.begin(async (tx) => {
    const [row] = await tx<{ locked: boolean }[]>`SELECT pg_try_advisory_xact_lock(${key}) AS locked`;
    if (row?.locked !== true) return;
    outcome = { ran: true, result: await work() };
  });
  return outcome;
}

/** The advisory lock keys toolmark uses (arbitrary constants, one per start-up step). */
export const LOCKS = { migrate: 7_310_442_001, seed: 7_310_442_002, queues: 7_310_442_003, catalogue: 7_310_442_004 } as const;
