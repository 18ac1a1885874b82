// pg-boss for toolmark: one started instance per process with our queues created, a JobSender over it, and
// a graceful stop. pg-boss keeps its tables in its own schema of the application database, so a job can be
// traced next to the rows it touched and there is no second system to run.
import {
  BuildReleaseJobSchema,
  CaptureServerJobSchema,
  DeliverWebhookJobSchema,
  GenerateCasesJobSchema,
  LintVersionJobSchema,
  RecapturePublicJobSchema,
  RunModelJobSchema,
  WatchVersionJobSchema,
  type JobQueue,
} from '@toolmark/benchmarks';
import PgBoss from 'pg-boss';
import type { z } from 'zod';
import type { QueuedJob } from '@toolmark/db';
import type { JobPayloads, JobSender, SendOptions } from './sender.js';

/** What jobs log through: pino's `(fields, message)` shape, so Fastify's `app.log` fits as is. */
export interface JobLog {
  info(fields: Record<string, unknown>, message: string): void;
  warn(fields: Record<string, unknown>, message: string): void;
  error(fields: Record<string, unknown>, message: string): void;
}

/** Retry, expiry and retention of one queue (pg-boss queue options; delays in seconds). */
export interface QueueSettings {
  /** Attempts after the first one; then the job fails and a copy goes to the dead-letter queue. */
  retryLimit: number;
  /** Base delay; with backoff the n-th retry waits about retryDelay·2^(n-1)…2^n seconds (pg-boss adds jitter). */
  retryDelay: number;
  retryBackoff: boolean;
  /**
   * How long one attempt may stay active. Past it the attempt counts as failed: pg-boss stops waiting for
   * the handler in this process, and another process's maintenance fails it when this process died.
   */
  expireInSeconds: number;
}

/**
 * The settings of each queue. Captures open a network connection or install an npm package, so they get
 * the most time; a lint is pure CPU (well under a second for the largest allowed surface). The capture
 * handler derives its own time limits from `expireInSeconds` so a capture always ends before its attempt expires.
 */
export const QUEUE_SETTINGS: Readonly<Record<JobQueue, QueueSettings>> = {
  'capture-server': { retryLimit: 3, retryDelay: 30, retryBackoff: true, expireInSeconds: 120 },
  'lint-version': { retryLimit: 3, retryDelay: 5, retryBackoff: true, expireInSeconds: 60 },
  'recapture-public': { retryLimit: 3, retryDelay: 60, retryBackoff: true, expireInSeconds: 60 },
  // Generating offline cases takes well under a second; storing them, a few statements.
  'generate-cases': { retryLimit: 3, retryDelay: 5, retryBackoff: true, expireInSeconds: 120 },
  // A model run stops itself a minute before its attempt expires (or earlier, to let another organisation's
  // run have its slot), stores what it has and queues its own continuation (jobs/run-model.ts). Expiry is the
  // last resort: a dead worker's attempt is failed over by the instance heartbeat within a minute (instance.ts).
  'run-model': { retryLimit: 3, retryDelay: 10, retryBackoff: true, expireInSeconds: 1800 },
  // A build streams every public row into files; an attempt killed midway publishes nothing and the retry
  // (failed over by the instance heartbeat, not this expiry) starts over.
  'build-release': { retryLimit: 2, retryDelay: 60, retryBackoff: true, expireInSeconds: 3600 },
  // A webhook answers in seconds or not at all (10 s limit per attempt); 6 retries with backoff from 10 s
  // span about 10 to 21 minutes, so a receiver down for a deploy still gets the event (jobs/deliver-webhook.ts).
  'deliver-webhook': { retryLimit: 6, retryDelay: 10, retryBackoff: true, expireInSeconds: 60 },
  // A save's watch events: a few reads and writes, no network (the deliveries are jobs of their own).
  'watch-version': { retryLimit: 3, retryDelay: 5, retryBackoff: true, expireInSeconds: 60 },
};

/**
 * When pg-boss will run a failed job again: with backoff, after retryDelay·2^(n+1)/2 seconds plus up to as
 * much again at random (n = retries already made), i.e. between retryDelay·2^n and retryDelay·2^(n+1);
 * without backoff, after retryDelay. Shown to people (the progress page) as a window, not a promise: a busy
 * worker may start it later.
 */
export function retryWindow(settings: Pick<QueueSettings, 'retryDelay' | 'retryBackoff'>, retryCount: number, at: Date): { notBefore: Date; by: Date } {
  const base = settings.retryBackoff ? settings.retryDelay * 2 ** Math.min(16, retryCount) : settings.retryDelay;
  const longest = settings.retryBackoff ? base * 2 : base;
  return { notBefore: new Date(at.getTime() + base * 1000), by: new Date(at.getTime() + longest * 1000) };
}

/** The dead-letter queue of a queue: where a job's copy lands after its last retry failed (for a human to look at). */
export const deadLetterQueue = (queue: JobQueue): string => `${queue}-dead`;

const SCHEMAS: { [Q in JobQueue]: z.ZodType<JobPayloads[Q]> } = {
  'capture-server': CaptureServerJobSchema,
  'lint-version': LintVersionJobSchema,
  'recapture-public': RecapturePublicJobSchema,
  'generate-cases': GenerateCasesJobSchema,
  'run-model': RunModelJobSchema,
  'build-release': BuildReleaseJobSchema,
  'deliver-webhook': DeliverWebhookJobSchema,
  'watch-version': WatchVersionJobSchema,
};

/** Options of {@link createBoss}. */
export interface BossOptions {
  /** A postgres:// URL. Carries a password (the embedded cluster's): it is handed to pg-boss and never logged. */
  url: string;
  /** The schema pg-boss keeps its tables in; default `pgboss`. */
  schema?: string;
  log: JobLog;
  /** Connections of pg-boss's own pool; default 10. */
  maxConnections?: number;
  /**
   * How often an idle worker looks for jobs; default 2 s (pg-boss's minimum is 0.5 s). Only an idle worker
   * waits it: one that found a job fetches again as soon as the job ends (`startWorkers`), and a job sent
   * through this instance wakes its workers at once (`bossSender`).
   */
  pollingIntervalSeconds?: number;
  /** How often expired attempts are failed (a process that died mid-job); default 60 s. */
  maintenanceIntervalSeconds?: number;
  /** Per-queue changes to {@link QUEUE_SETTINGS} (tests shorten delays and expiry). */
  queues?: Partial<Record<JobQueue, Partial<QueueSettings>>>;
}

/** The settings a boss was created with, merged from {@link QUEUE_SETTINGS} and the options. */
export function queueSettings(options: Pick<BossOptions, 'queues'>, queue: JobQueue): QueueSettings {
  return { ...QUEUE_SETTINGS[queue], ...options.queues?.[queue] };
}

/**
 * Start pg-boss (installing or migrating its schema) and create our queues and their dead-letter queues.
 * Idempotent: every process calls it at start; settings changed in code are applied to existing queues.
 *
 * Queues use pg-boss's `short` policy: at most one job per singleton key waits in `created`; one may be
 * active meanwhile (a change that lands during a capture still gets its own capture). Jobs without a key
 * would all share the empty key, so {@link bossSender} always sets one.
 */
export async function createBoss(options: BossOptions): Promise<PgBoss> {
  const schema = options.schema ?? 'pgboss';
  const boss = new PgBoss({
    connectionString: options.url,
    schema,
    application_name: 'toolmark-jobs',
    max: options.maxConnections ?? 10,
    pollingIntervalSeconds: options.pollingIntervalSeconds ?? 2,
    maintenanceIntervalSeconds: options.maintenanceIntervalSeconds ?? 60,
  });
  // An 'error' event without a listener would crash the process; pg-boss emits one for every failed poll or
  // maintenance run (e.g. the database restarting) and carries on, so a warning is the right weight. Only
  // the message and code: a connection error's other fields could name the host and user.
  boss.on('error', (error: Error & { code?: string; queue?: string }) => {
    options.log.warn({ err: { message: error.message, code: error.code }, queue: error.queue }, 'pg-boss reported an error');
  });
  await boss.start();
  for (const queue of Object.keys(QUEUE_SETTINGS) as JobQueue[]) {
    const settings = queueSettings(options, queue);
    const dead = deadLetterQueue(queue);
    // pg-boss checks the dead-letter queue exists (a foreign key), so it is created first. Nothing works
    // on it: a dead job waits there for a person (pg-boss keeps it twice as long as the original's retention).
    await boss.createQueue(dead, { name: dead, policy: 'standard', retryLimit: 0 });
    // Every queue is `short`. Evaluation queues and builds used to be `stately` (at most one active job per
    // key), but pg-boss fetches the oldest waiting job and, when activating it would break that rule, the
    // whole fetch fails: a continuation or re-queue of a run whose attempt was still active (or dead, until
    // it expired) stopped the queue for everyone. One job at a time per run or build is now a hold
    // (instance.ts: `job_holds`), taken by the handler, given up when its instance dies.
    const queueOptions: PgBoss.Queue = { name: queue, policy: 'short', ...settings, deadLetter: dead };
    // createQueue does nothing for an existing queue; updateQueue brings its settings up to date.
    await boss.createQueue(queue, queueOptions);
    await boss.updateQueue(queue, queueOptions);
  }
  bossSchemas.set(boss, schema);
  return boss;
}

/** The schema each started boss keeps its tables in (bossSender's `inStatement.table`). */
const bossSchemas = new WeakMap<PgBoss, string>();

/**
 * The singleton key a job gets when the producer names none: the same work waits in the queue once. A lint
 * of the same version under the same rules, a capture of the same server, the schedule's tick.
 */
export function defaultSingletonKey<Q extends JobQueue>(queue: Q, payload: JobPayloads[Q]): string {
  switch (queue) {
    case 'capture-server':
      return (payload as JobPayloads['capture-server']).serverId;
    case 'lint-version': {
      const lint = payload as JobPayloads['lint-version'];
      return `${lint.versionId}:${lint.rules ? [...new Set(lint.rules)].sort().join(',') : '*'}`;
    }
    case 'generate-cases':
      return (payload as JobPayloads['generate-cases']).evaluationId;
    case 'run-model':
      return (payload as JobPayloads['run-model']).modelRunId;
    case 'build-release': {
      // A first release waits once per key (another key's first release is other work).
      const build = payload as JobPayloads['build-release'];
      return build.keys ? `${build.kind ?? 'all'}:${[...build.keys].sort().join(',')}` : (build.kind ?? 'all');
    }
    case 'deliver-webhook':
      return (payload as JobPayloads['deliver-webhook']).deliveryId;
    case 'watch-version':
      return (payload as JobPayloads['watch-version']).versionId;
    default:
      return 'tick';
  }
}

/**
 * The workers `startWorkers` runs on each pg-boss instance of this process, by queue, so that a job sent
 * through the same instance wakes them ({@link bossSender}). Workers of other processes are not here:
 * they find the job at their next poll.
 */
const localWorkers = new WeakMap<PgBoss, Map<string, Set<string>>>();

/** Register a worker (the id `boss.work` returned) as one that a send on `queue` through `boss` wakes. */
export function addLocalWorker(boss: PgBoss, queue: JobQueue, workerId: string): void {
  let byQueue = localWorkers.get(boss);
  if (!byQueue) localWorkers.set(boss, (byQueue = new Map()));
  let ids = byQueue.get(queue);
  if (!ids) byQueue.set(queue, (ids = new Set()));
  ids.add(workerId);
}

/** Forget the workers of `queue` (they were stopped). */
export function removeLocalWorkers(boss: PgBoss, queue: JobQueue): void {
  localWorkers.get(boss)?.delete(queue);
}

/**
 * Wake this process's workers of `queue`: an idle one fetches now instead of at the end of its polling
 * interval, a busy one fetches again as soon as its job ends (what it does anyway). Every worker is
 * notified because pg-boss does not tell which ones are idle; the ones that find nothing go back to sleep.
 */
function wakeLocalWorkers(boss: PgBoss, queue: JobQueue): void {
  for (const id of localWorkers.get(boss)?.get(queue) ?? []) boss.notifyWorker(id);
}

/**
 * The JobSender over pg-boss: payloads are checked against the core's schemas before they are queued, and a
 * queued job wakes the workers of its queue that run on the same instance (`npm start` with inline workers,
 * a capture queueing its lint), so it starts at once rather than at their next poll.
 */
export function bossSender(boss: PgBoss): JobSender {
  const schema = bossSchemas.get(boss) ?? 'pgboss';
  return {
    async send<Q extends JobQueue>(queue: Q, payload: JobPayloads[Q], options: SendOptions = {}): Promise<string | null> {
      // A producer's mistake fails here, in the producer, instead of as a dead job later.
      const data = SCHEMAS[queue].parse(payload);
      const id = await boss.send(queue, data as object, {
        singletonKey: options.singletonKey ?? defaultSingletonKey(queue, data),
        ...(options.priority === undefined ? {} : { priority: options.priority }),
        ...(options.startAfterSeconds === undefined ? {} : { startAfter: options.startAfterSeconds }),
      });
      if (id !== null) wakeLocalWorkers(boss, queue);
      return id;
    },
    inStatement: {
      table: { schema },
      job<Q extends JobQueue>(queue: Q, payload: JobPayloads[Q], options: Pick<SendOptions, 'priority'> = {}): QueuedJob {
        const data = SCHEMAS[queue].parse(payload);
        return { queue, data: data as object, singletonKey: defaultSingletonKey(queue, data), priority: options.priority ?? 0 };
      },
      wake: (queue) => wakeLocalWorkers(boss, queue),
    },
  };
}

/** Options of {@link stopBoss}. */
export interface StopBossOptions {
  /** Wait for jobs in progress (true), or fail them at once so they are retried elsewhere (false). */
  graceful: boolean;
  /** How long to wait for jobs in progress before failing them (they are retried); default 30 s. */
  timeoutMs?: number;
}

/**
 * Stop fetching, let jobs in progress finish for up to `timeoutMs`, then fail what is still running (each
 * comes back as a retry, for this or another process) and close pg-boss's pool.
 */
export async function stopBoss(boss: PgBoss, options: StopBossOptions): Promise<void> {
  await boss.stop({ graceful: options.graceful, timeout: options.timeoutMs ?? 30_000, wait: true, close: true });
}
