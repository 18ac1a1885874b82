// This process as a job worker "instance": an id, a heartbeat every few seconds with the jobs it runs, the
// exclusive holds of model runs, case sets and builds, and the reaper that fails the active jobs of dead
// instances into a retry at once (server/src/jobs/README.md "Instances and heartbeats").
import { randomUUID } from 'node:crypto';
import { readlinkSync } from 'node:fs';
import { hostname } from 'node:os';
import process from 'node:process';
import { JOB_QUEUES, type JobQueue } from '@toolmark/benchmarks';
import { endInstances, heartbeatInstance, instancesOnHost, orphanedJobs, pruneInstances, releaseHold, retryNow, takeHold, type Database, type InstanceIdentity } from '@toolmark/db';
import type PgBoss from 'pg-boss';
import type { JobLog } from './boss.js';

/** How liveness is judged; tests shorten both. */
export interface InstanceSettings {
  /** How often the heartbeat (and the reaper) runs; default 10 s. */
  heartbeatSeconds?: number;
  /** Silent for longer than this, an instance is dead; default 30 s (three heartbeats missed). */
  deadAfterSeconds?: number;
  /** Where this process runs, as its successor will recognise it; default the host name and PID namespace. */
  host?: string;
  /** The schema pg-boss runs in; default `pgboss`. */
  bossSchema?: string;
}

export const INSTANCE_DEFAULTS = { heartbeatSeconds: 10, deadAfterSeconds: 30, bossSchema: 'pgboss' } as const;

/** Dead instances are forgotten after an hour (their jobs were failed over long before). */
const PRUNE_AFTER_SECONDS = 3600;

/** The queues whose work one job at a time may do (the singleton key is the work: a run, an evaluation, a build). */
export const EXCLUSIVE_QUEUES: ReadonlySet<JobQueue> = new Set(['generate-cases', 'run-model', 'build-release']);

/**
 * Exclusive queues whose job, finding its work held, comes back later instead of ending: a build asked for
 * while one runs must still read the newer data (the holder of a run or of cases does the whole work, so
 * another job of theirs has nothing left to do). Seconds until it is tried again.
 */
export const BUSY_LATER: Readonly<Partial<Record<JobQueue, number>>> = { 'build-release': 30 };

/** A running instance. */
export interface JobInstance {
  readonly id: string;
  /** A handler started / ended a job: listed at the next heartbeat. */
  started(jobId: string): void;
  ended(jobId: string): void;
  /** Take the exclusive hold of `key` for `jobId`; false when a live job holds it. */
  take(key: string, jobId: string): Promise<boolean>;
  release(key: string, jobId: string): Promise<void>;
  /** One heartbeat and reaper round (the timer runs them; tests call it). */
  beat(): Promise<void>;
  /**
   * Stop heartbeating; record the end (whatever it still held may be taken over at once) unless handlers
   * still run (`ended: false`): then the instance just goes silent, and pg-boss's stop fails those jobs.
   */
  stop(options?: { ended?: boolean }): Promise<void>;
}

/** The host and PID namespace of this process: pids are only comparable inside one. */
function hostKey(): string {
  try {
    return `${hostname()}/${readlinkSync('/proc/self/ns/pid')}`;
  } catch {
    return hostname();
  }
}

/** Instances of this very process (tests run several): never taken for a previous incarnation. */
const ownInstances = new Set<string>();

/** Whether a process with this pid exists here (EPERM: it does, as another user). */
function pidAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * pg-boss's `fail` only for attempts still active: its statement fails any job not yet completed, and the
 * reaper must not fail again a job that pg-boss's expiry (or another instance's reaper) just put in
 * `retry` — that would push it back, or past its last retry. One condition of pg-boss 10.4's
 * failJobsById statement is narrowed; a pg-boss whose statement differs fails loudly here.
 */
function activeOnly(db: PgBoss.Db): PgBoss.Db {
  const anyUnfinished = "state < 'completed'";
  return {
    executeSql(text, values) {
      if (!text.includes(anyUnfinished)) throw new Error('pg-boss fail statement changed: the reaper cannot narrow it to active jobs');
      return db.executeSql(text.replace(anyUnfinished, "state = 'active'"), values);
    },
  };
}

/** Register this process as an instance, end its previous incarnations on this host, and start heartbeating. */
export async function startInstance(db: Database, boss: PgBoss, log: JobLog, settings: InstanceSettings = {}): Promise<JobInstance> {
  const heartbeatSeconds = settings.heartbeatSeconds ?? INSTANCE_DEFAULTS.heartbeatSeconds;
  const deadAfterSeconds = settings.deadAfterSeconds ?? INSTANCE_DEFAULTS.deadAfterSeconds;
  const bossSchema = settings.bossSchema ?? INSTANCE_DEFAULTS.bossSchema;
  const identity: InstanceIdentity = { id: randomUUID(), host: settings.host ?? hostKey(), pid: process.pid };
  const running = new Set<string>();
  ownInstances.add(identity.id);
  // Judging others by silence needs this process to have heartbeated without a gap for the whole window:
  // after a database outage (or this loop stalled) every heartbeat is old, and live instances would look dead.
  let continuousSince: number | undefined;
  let lastBeat: number | undefined;
  let beating: Promise<void> | undefined;
  let stopped = false;

  // An instance on this host (same host and PID namespace) whose pid is gone — or is ours: a container's
  // pid 1 restarted — died: its jobs are failed over now, not when its heartbeat goes stale.
  const endGoneOnHost = async (): Promise<{ id: string }[]> => {
    const gone = (await instancesOnHost(db, identity.host, identity.id)).filter((i) => !ownInstances.has(i.id) && (i.pid === process.pid || !pidAlive(i.pid)));
    await endInstances(
      db,
      gone.map((i) => i.id),
    );
    return gone;
  };

  const reap = async (judgeSilence: boolean): Promise<number> => {
    const orphans = await orphanedJobs(db, { bossSchema, queues: JOB_QUEUES, deadAfterSeconds, judgeSilence });
    const byQueue = new Map<string, string[]>();
    for (const o of orphans) byQueue.set(o.queue, [...(byQueue.get(o.queue) ?? []), o.id]);
    for (const [queue, ids] of byQueue) {
      const data = { message: 'the worker process running this attempt died; retried at once', instance: identity.id };
      await boss.fail(queue, ids as unknown as string, data, { db: activeOnly(boss.getDb()) });
      await retryNow(db, bossSchema, queue, ids);
      log.warn({ queue, jobIds: ids }, 'jobs of a dead worker instance failed over: retried now');
    }
    return orphans.length;
  };

  const beat = async (): Promise<void> => {
    const at = performance.now();
    try {
      await heartbeatInstance(db, identity, [...running]);
    } catch (error) {
      continuousSince = undefined;
      throw error;
    }
    if (lastBeat === undefined || at - lastBeat > deadAfterSeconds * 1000) continuousSince = at;
    lastBeat = at;
    await endGoneOnHost();
    await reap(at - continuousSince! >= deadAfterSeconds * 1000);
    await pruneInstances(db, PRUNE_AFTER_SECONDS);
  };
  const tick = () => {
    if (stopped || beating) return;
    beating = beat()
      .catch((error: unknown) => log.warn({ err: { message: error instanceof Error ? error.message : String(error) } }, 'job instance heartbeat failed'))
      .finally(() => (beating = undefined));
  };

  await heartbeatInstance(db, identity, []);
  const previous = await endGoneOnHost();
  const failedOver = await reap(false);
  if (previous.length > 0) log.info({ instance: identity.id, previous: previous.map((i) => i.id), failedOver }, 'worker instances on this host whose process is gone ended; their jobs retried now');
  const timer = setInterval(tick, heartbeatSeconds * 1000);
  timer.unref();

  return {
    id: identity.id,
    started: (jobId) => void running.add(jobId),
    ended: (jobId) => void running.delete(jobId),
    take: (key, jobId) => takeHold(db, { key, jobId, instanceId: identity.id, bossSchema, deadAfterSeconds }),
    release: (key, jobId) => releaseHold(db, key, jobId, identity.id),
    beat: async () => {
      await beating;
      await beat();
    },
    async stop({ ended = true } = {}) {
      stopped = true;
      clearInterval(timer);
      await beating;
      ownInstances.delete(identity.id);
      if (!ended) return;
      // The database may be away at stop: the instance then goes silent and is dead after the window anyway.
      await endInstances(db, [identity.id]).catch((error: unknown) => log.warn({ err: { message: error instanceof Error ? error.message : String(error) } }, 'job instance end not recorded'));
    },
  };
}
