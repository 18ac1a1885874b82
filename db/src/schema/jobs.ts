// Job worker liveness (issue 23): which process holds which pg-boss job, so the active jobs of a process
// that died are retried in seconds instead of when their attempt expires (server/src/jobs/README.md).
import { integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { now } from './columns.js';

/**
 * One row per running worker process (an "instance"): it heartbeats every few seconds with the ids of the
 * pg-boss jobs its handlers run. An instance is dead when it ended (`endedAt`: its own clean stop, or its
 * successor on the same host saw its pid gone) or its heartbeat is older than the dead-after window.
 */
export const jobInstances = pgTable('job_instances', {
  id: uuid().primaryKey(),
  /** The host and PID namespace the process runs in: a successor on the same one can tell its pid is gone. */
  host: text().notNull(),
  pid: integer().notNull(),
  startedAt: now(),
  heartbeatAt: now(),
  /** The active pg-boss jobs its handlers ran at the last heartbeat. */
  jobs: uuid().array().notNull().default([]),
  endedAt: timestamp({ withTimezone: true, mode: 'date' }),
});

/**
 * Exclusive work: one row per key (`<queue>:<singleton key>`, a model run, an evaluation's cases, a build)
 * naming the job and instance that hold it, so the same run is never executed by two workers at once. A
 * hold whose instance is dead, or whose job is no longer the active attempt, may be taken.
 */
export const jobHolds = pgTable('job_holds', {
  key: text().primaryKey(),
  jobId: uuid().notNull(),
  instanceId: uuid().notNull(),
  takenAt: now(),
});
