// pg-boss jobs inserted by one of our own statements, so a job commits (or rolls back) with the rows it is
// about: a save that adds a version queues its watch events and its other rules' lint in the save's own
// statement — no second round trip, no second WAL flush, and no window in which the save is committed but
// its jobs are not (a process killed between the two, a send that fails). pg-boss 10 does this with its
// `db` option (its own INSERT through a caller's transaction): that is a second statement and, for a
// one-statement save, a BEGIN and a COMMIT as well. Here the INSERT is a part of the statement instead.
//
// The row is the one pg-boss 10's `send` writes (plans.js `insertJob`) for a job with only a priority and a
// singleton key: the queue's retry, expiry, retention, dead-letter queue and policy read from its row in
// `<schema>.queue`. A queue that does not exist inserts nothing (the join), as pg-boss would refuse it;
// our queues are created at every start before the API serves (jobs/boss.ts createBoss). The test
// `server/test/jobs/save-follow-ups.test.ts` compares these rows with the ones pg-boss's own `send` writes, so a
// pg-boss upgrade that changes its table fails there.

/** One job to insert: its queue, payload, singleton key (always set: jobs/boss.ts) and pg-boss priority. */
export interface QueuedJob {
  queue: string;
  data: object;
  singletonKey: string;
  priority: number;
}

/** Where pg-boss keeps its jobs: its schema in the application database. */
export interface JobTable {
  schema: string;
}

/**
 * Jobs a save inserts in its own statement (or transaction): where, and which, given the id of the version
 * the save adds (made before the statement runs).
 */
export interface JobsWithSave {
  table: JobTable;
  jobs(versionId: string): QueuedJob[];
}

/** A tagged-template SQL builder: postgres.js's `sql` or drizzle's `sql` (both nest fragments and bind values). */
type Tag<F> = (strings: TemplateStringsArray, ...values: unknown[]) => F;

/**
 * `INSERT INTO <schema>.job … RETURNING id` for `jobs`, written once for both clients: `ident` is the
 * schema as an identifier in the client's own form (postgres.js `sql(name)`, drizzle `sql.identifier(name)`)
 * and `when` a condition (another CTE of the same statement: insert only when the save wrote its rows).
 * The jobs go as one JSON text parameter (`::text::json`, so postgres.js does not encode the text again),
 * so the statement text does not depend on how many there are and stays prepared.
 */
export function insertJobs<F>(sql: Tag<F>, ident: unknown, jobs: readonly QueuedJob[], when: F): F {
  const rows = JSON.stringify(jobs.map((j) => ({ name: j.queue, data: j.data, singleton_key: j.singletonKey, priority: j.priority })));
  return sql`
    INSERT INTO ${ident}.job (id, name, data, priority, start_after, singleton_key, singleton_on, dead_letter, expire_in, keep_until, retry_limit, retry_delay, retry_backoff, policy)
    SELECT gen_random_uuid(), j.name, j.data, j.priority, now(), j.singleton_key, NULL, q.dead_letter,
      CASE WHEN q.expire_seconds IS NOT NULL THEN q.expire_seconds * interval '1s' ELSE interval '15 minutes' END,
      now() + CAST(COALESCE((q.retention_minutes * 60)::text, '14 days') AS interval),
      COALESCE(q.retry_limit, 2),
      CASE WHEN COALESCE(q.retry_backoff, false) THEN GREATEST(q.retry_delay, 1) ELSE COALESCE(q.retry_delay, 0) END,
      COALESCE(q.retry_backoff, false),
      q.policy
    FROM json_to_recordset(${rows}::text::json) AS j(name text, data jsonb, singleton_key text, priority int)
    JOIN ${ident}.queue q ON q.name = j.name
    WHERE ${when}
    ON CONFLICT DO NOTHING
    RETURNING id`;
}
