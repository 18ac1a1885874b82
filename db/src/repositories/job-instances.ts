// Worker liveness and exclusive holds (issue 23; server/src/jobs/README.md "Instances and heartbeats"):
// which process runs which pg-boss job, which of them died, and which job may run a model run or a build.
// pg-boss's job table is read through a drizzle description of the few columns used here (never part of
// schema.ts: pg-boss owns and migrates it), named by the schema pg-boss was started in.
import { and, eq, inArray, isNull, lt, ne, notExists, notInArray, or, sql, type SQL } from 'drizzle-orm';
import { integer, pgSchema, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { Executor } from '../client.js';
import { evaluations, jobHolds, jobInstances, modelRuns } from '../schema.js';

const bossTables = new Map<string, ReturnType<typeof describeBossJob>>();
function describeBossJob(schema: string) {
  return pgSchema(schema).table('job', {
    id: uuid().notNull(),
    name: text().notNull(),
    state: text().notNull(),
    priority: integer().notNull(),
    data: text(),
    startAfter: timestamp({ withTimezone: true, mode: 'date' }).notNull(),
    startedOn: timestamp({ withTimezone: true, mode: 'date' }),
    createdOn: timestamp({ withTimezone: true, mode: 'date' }).notNull(),
  });
}
/** pg-boss's job table in `schema` (`pgboss` unless createBoss was told otherwise). */
function bossJob(schema: string) {
  let table = bossTables.get(schema);
  if (!table) bossTables.set(schema, (table = describeBossJob(schema)));
  return table;
}

/** A worker process as it registers: its id, and where it runs (host and PID namespace) and as which pid. */
export interface InstanceIdentity {
  id: string;
  host: string;
  pid: number;
}

const secondsAgo = (seconds: number) => sql`now() - ${seconds} * interval '1 second'`;

/** Instances that are alive: not ended and heartbeated within `deadAfterSeconds`. */
const liveInstance = (deadAfterSeconds: number) => and(isNull(jobInstances.endedAt), sql`${jobInstances.heartbeatAt} > ${secondsAgo(deadAfterSeconds)}`);

/** Record this process's heartbeat and the jobs it runs (the row is made again if it was pruned meanwhile). */
export async function heartbeatInstance(db: Executor, instance: InstanceIdentity, jobs: readonly string[]): Promise<void> {
  await db
    .insert(jobInstances)
    .values({ ...instance, jobs: [...jobs] })
    .onConflictDoUpdate({ target: jobInstances.id, set: { heartbeatAt: sql`now()`, jobs: [...jobs], endedAt: null } });
}

/** The instances on `host` (other than `except`) not known to have ended: a new process checks which of their pids are gone. */
export async function instancesOnHost(db: Executor, host: string, except: string): Promise<{ id: string; pid: number }[]> {
  return db.select({ id: jobInstances.id, pid: jobInstances.pid }).from(jobInstances).where(and(eq(jobInstances.host, host), ne(jobInstances.id, except), isNull(jobInstances.endedAt)));
}

/** Mark instances ended (their process stopped, or is known to be gone): their jobs can be retried at once. */
export async function endInstances(db: Executor, ids: readonly string[]): Promise<void> {
  if (ids.length === 0) return;
  await db.update(jobInstances).set({ endedAt: sql`now()` }).where(and(inArray(jobInstances.id, [...ids]), isNull(jobInstances.endedAt)));
}

/** Forget instances that ended, or went silent, more than `olderThanSeconds` ago. */
export async function pruneInstances(db: Executor, olderThanSeconds: number): Promise<void> {
  await db.delete(jobInstances).where(sql`coalesce(${jobInstances.endedAt}, ${jobInstances.heartbeatAt}) < ${secondsAgo(olderThanSeconds)}`);
}

/** What {@link orphanedJobs} looks for. */
export interface OrphanQuery {
  bossSchema: string;
  queues: readonly string[];
  deadAfterSeconds: number;
  /**
   * Also judge by silence: instances whose heartbeat is older than the window are dead, and an active job
   * nobody claims that started longer ago than the window is an orphan. Only a process that has itself
   * heartbeated without a gap for the whole window may judge so (after a database outage every heartbeat is old).
   * Without it, only instances that ended count as dead.
   */
  judgeSilence: boolean;
}

/**
 * Active jobs of `queues` whose holder is dead: claimed (in a heartbeat's job list or a hold) for this
 * attempt only by dead instances, or — judging silence — claimed by no live instance and started longer
 * ago than the window (a process that died before its first heartbeat listed the job).
 */
export async function orphanedJobs(db: Executor, query: OrphanQuery): Promise<{ queue: string; id: string }[]> {
  const job = bossJob(query.bossSchema);
  const dead = query.judgeSilence
    ? sql`(${jobInstances.endedAt} IS NOT NULL OR ${jobInstances.heartbeatAt} <= ${secondsAgo(query.deadAfterSeconds)})`
    : sql`${jobInstances.endedAt} IS NOT NULL`;
  // Every claim of a job: the heartbeat lists (at the heartbeat's time) and the holds (at the time taken).
  // A claim made before this attempt started is of an earlier attempt of the same job id (a retry keeps it).
  const claims = sql`(
    SELECT unnest(${jobInstances.jobs}) AS job_id, ${jobInstances.id} AS instance_id, ${jobInstances.heartbeatAt} AS at FROM ${jobInstances}
    UNION ALL SELECT ${jobHolds.jobId}, ${jobHolds.instanceId}, ${jobHolds.takenAt} FROM ${jobHolds})`;
  const deadIds = sql`(SELECT ${jobInstances.id} FROM ${jobInstances} WHERE ${dead})`;
  const liveIds = sql`(SELECT ${jobInstances.id} FROM ${jobInstances} WHERE NOT ${dead})`;
  const claimedBy = (who: SQL) => sql`EXISTS (SELECT 1 FROM ${claims} c WHERE c.job_id = ${job.id} AND c.at >= ${job.startedOn} AND ${who})`;
  const rows = await db
    .select({ queue: job.name, id: job.id })
    .from(job)
    .where(
      and(
        sql`${job.state} = 'active'`,
        inArray(job.name, [...query.queues]),
        sql`NOT ${claimedBy(sql`c.instance_id IN ${liveIds}`)}`,
        or(
          claimedBy(sql`(c.instance_id IN ${deadIds} OR c.instance_id NOT IN (SELECT ${jobInstances.id} FROM ${jobInstances}))`),
          query.judgeSilence ? lt(job.startedOn, secondsAgo(query.deadAfterSeconds)) : sql`false`,
        ),
      ),
    );
  return rows;
}

/** Retry failed-over jobs now rather than after the queue's back-off: a dead process is not the job's fault. */
export async function retryNow(db: Executor, bossSchema: string, queue: string, ids: readonly string[]): Promise<void> {
  if (ids.length === 0) return;
  const job = bossJob(bossSchema);
  await db
    .update(job)
    .set({ startAfter: sql`now()` })
    .where(and(eq(job.name, queue), inArray(job.id, [...ids]), sql`${job.state} = 'retry'`));
}

/** A hold to take: the key, the job taking it and its instance. */
export interface HoldRequest {
  key: string;
  jobId: string;
  instanceId: string;
  bossSchema: string;
  deadAfterSeconds: number;
}

/**
 * Take the exclusive hold of `key` for a job, in one statement: free, already this job's, held by a dead
 * instance, or held for a job that is no longer that active attempt (it ended, or was retried). Returns
 * whether the job holds it now; false means another live job is running the same work.
 */
export async function takeHold(db: Executor, request: HoldRequest): Promise<boolean> {
  const job = bossJob(request.bossSchema);
  const rows = await db
    .insert(jobHolds)
    .values({ key: request.key, jobId: request.jobId, instanceId: request.instanceId })
    .onConflictDoUpdate({
      target: jobHolds.key,
      set: { jobId: request.jobId, instanceId: request.instanceId, takenAt: sql`now()` },
      setWhere: or(
        and(eq(jobHolds.jobId, request.jobId), eq(jobHolds.instanceId, request.instanceId)),
        notExists(db.select({ one: sql`1` }).from(jobInstances).where(and(eq(jobInstances.id, jobHolds.instanceId), liveInstance(request.deadAfterSeconds)))),
        notExists(db.select({ one: sql`1` }).from(job).where(and(eq(job.id, jobHolds.jobId), sql`${job.state} = 'active'`, sql`${job.startedOn} <= ${jobHolds.takenAt}`))),
      ),
    })
    .returning({ key: jobHolds.key });
  return rows.length === 1;
}

/** Let go of a hold this job took on this instance (nothing when it was taken over meanwhile). */
export async function releaseHold(db: Executor, key: string, jobId: string, instanceId: string): Promise<void> {
  await db.delete(jobHolds).where(and(eq(jobHolds.key, key), eq(jobHolds.jobId, jobId), eq(jobHolds.instanceId, instanceId)));
}

/** pg-boss's job table and the organisation of a run (a subquery). */
function organisationRunJobs(db: Executor, bossSchema: string, modelRunId: string) {
  const job = bossJob(bossSchema);
  const organisationOf = db
    .select({ organisationId: evaluations.organisationId })
    .from(modelRuns)
    .innerJoin(evaluations, eq(evaluations.id, modelRuns.evaluationId))
    .where(eq(modelRuns.id, modelRunId));
  return { job, organisationOf };
}

/**
 * The priority a `run-model` job of this run gets: minus the number of the organisation's run jobs waiting
 * or running (this run's own included). pg-boss fetches the highest priority first, then the oldest: an
 * organisation's k-th job waits behind every organisation's first, second … (k−1)-th — round robin by
 * organisation — and a continuation or re-queue, sent while the run still has a job, goes behind the
 * organisation's others and behind another organisation's first.
 */
export async function fairRunPriority(db: Executor, bossSchema: string, modelRunId: string): Promise<number> {
  const { job, organisationOf } = organisationRunJobs(db, bossSchema, modelRunId);
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(job)
    .innerJoin(modelRuns, sql`${modelRuns.id}::text = ${job.data}::jsonb->>'modelRunId'`)
    .innerJoin(evaluations, eq(evaluations.id, modelRuns.evaluationId))
    .where(and(eq(job.name, 'run-model'), sql`${job.state} < 'completed'`, inArray(evaluations.organisationId, organisationOf)));
  return -(row?.n ?? 0);
}

/**
 * Whether a `run-model` job of another organisation than the run's could start but has waited longer than
 * `waitedSeconds` (longer than an idle worker takes to fetch it: every slot is busy), so the run should yield its slot.
 */
export async function otherOrganisationWaiting(db: Executor, bossSchema: string, modelRunId: string, waitedSeconds: number): Promise<boolean> {
  const { job, organisationOf } = organisationRunJobs(db, bossSchema, modelRunId);
  const rows = await db
    .select({ one: sql`1` })
    .from(job)
    .innerJoin(modelRuns, sql`${modelRuns.id}::text = ${job.data}::jsonb->>'modelRunId'`)
    .innerJoin(evaluations, eq(evaluations.id, modelRuns.evaluationId))
    .where(
      and(
        eq(job.name, 'run-model'),
        sql`${job.state} < 'active'`,
        sql`greatest(${job.startAfter}, ${job.createdOn}) < ${secondsAgo(waitedSeconds)}`,
        notInArray(evaluations.organisationId, organisationOf),
        sql`${modelRuns.status} IN ('queued', 'running')`,
      ),
    )
    .limit(1);
  return rows.length > 0;
}
