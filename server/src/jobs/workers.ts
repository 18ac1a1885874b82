// The job workers of one process: a handler per queue, the drift schedule, and the start-up backfill of
// lints. Used by `toolmark worker` and by `npm start` when workers run inline.
import type { JobQueue, TokenCounter } from '@toolmark/benchmarks';
import { unfinishedEvaluationWork, type Database } from '@toolmark/db';
import { cliTokenCounter } from '../native-tokens.js';
import type { Env, RunSettings } from '../pipelines/evaluation-plan.js';
import type { Provider } from '../eval/evaluate.js';
import type PgBoss from 'pg-boss';
import { backfillLints } from './backfill-lints.js';
import { addLocalWorker, removeLocalWorkers, type JobLog } from './boss.js';
import { captureServer } from './capture-server.js';
import { generateCases } from './generate-cases.js';
import { runModel } from './run-model.js';
import { lintVersion } from './lint-version.js';
import { recapturePublic } from './recapture-public.js';
import { buildRelease, type DatasetsSettings } from './build-release.js';
import { deliverWebhook } from './deliver-webhook.js';
import { watchVersion } from './watch-version.js';
import { fairSender, yieldCheck, type FairnessSettings } from './fairness.js';
import { BUSY_LATER, EXCLUSIVE_QUEUES, INSTANCE_DEFAULTS, startInstance, type InstanceSettings } from './instance.js';
import type { JobSender } from './sender.js';
import type { CpuPool } from '../cpu/pool.js';
import { sweepOrphanSandboxes } from '../capture/sandbox-sweep.js';

/** What the workers need. */
export interface WorkerDeps {
  db: Database;
  /** Where handlers queue follow-up jobs (normally `bossSender(boss)`). */
  sender: JobSender;
  log: JobLog;
  allowPrivateUrls: boolean;
  allowNpmCapture: boolean;
  /** Jobs of each of capture-server and lint-version this process runs at once. */
  concurrency: number;
  /** Cron (UTC) of `recapture-public`; absent leaves the stored schedule as it is (every worker may set it). */
  recaptureCron?: string;
  /** Where model runs read provider keys from (default: the process environment). */
  env?: Env;
  /** The tokenizer request sizes are counted with (default: the core's o200k_base). */
  tokens?: TokenCounter;
  /** Dataset releases (`build-release`): where they go, their licence and schedule; absent: this process builds none. */
  datasets?: DatasetsSettings;
  /** A provider for a model run instead of its stored settings' (tests, benches). */
  providerFor?: (run: RunSettings) => Promise<Provider>;
  /** Heartbeat and dead-after window of this process's instance (instance.ts; tests shorten them). */
  instance?: InstanceSettings;
  /** The CPU pool lints run on (lint-version.ts); absent: on this thread. */
  cpu?: CpuPool;
  /** When a model run yields its slot to another organisation's (fairness.ts; tests shorten them). */
  fairness?: FairnessSettings;
}

/** Stop this process's workers: no more fetching; resolves when running handlers ended or `timeoutMs` passed. */
export type StopWorkers = (options?: { timeoutMs?: number }) => Promise<void>;

/** What a handler gets besides its job: how to give up its exclusive hold early (before queueing its own continuation). */
interface HandleContext {
  release(): Promise<void>;
}
type Handle = (job: PgBoss.JobWithMetadata<unknown>, context: HandleContext) => Promise<object>;

/**
 * Register the three handlers (`concurrency` pollers each for capture and lint, one for the schedule's
 * tick, one job per fetch; a poller that found a job fetches again at once, one that found none waits the
 * polling interval or a send through this pg-boss instance), set the schedule, and queue a lint of every
 * stored version that has no result under a rules version of this build (backfill-lints.ts: after a deploy
 * that registers rules, or jobs lost before).
 * pg-boss must be started with our queues (`createBoss`).
 */
export async function startWorkers(boss: PgBoss, deps: WorkerDeps): Promise<StopWorkers> {
  const running = new Set<Promise<unknown>>();
  // Sandboxes a killed worker left behind on this machine (sandbox-sweep.ts).
  const swept = sweepOrphanSandboxes();
  if (swept > 0) deps.log.warn({ processes: swept }, 'killed the processes of sandboxes whose worker had died');
  const bossSchema = deps.instance?.bossSchema ?? INSTANCE_DEFAULTS.bossSchema;
  // This process's instance: heartbeats the jobs it runs, fails over those of dead instances (instance.ts).
  const instance = await startInstance(deps.db, boss, deps.log, deps.instance);
  const sender = fairSender(deps.sender, deps.db, bossSchema);
  const wrap = (queue: JobQueue, handle: Handle) => async (jobs: PgBoss.JobWithMetadata<unknown>[]) => {
    // batchSize is 1, so there is one job; pg-boss completes it with the returned outcome as its output.
    const job = jobs[0]!;
    const started = Date.now();
    // One job at a time does a run, an evaluation's cases or a build: the hold of its key. Another job of the
    // same key while a live one holds it (a re-queue, a retry of a misjudged attempt) has nothing to do.
    const key = EXCLUSIVE_QUEUES.has(queue) ? `${queue}:${job.singletonKey ?? ''}` : undefined;
    let held = false;
    const release = async () => {
      if (key !== undefined && held) await instance.release(key, job.id);
      held = false;
    };
    let work: Promise<object> | undefined;
    instance.started(job.id);
    try {
      if (key !== undefined && !(held = await instance.take(key, job.id))) {
        const later = BUSY_LATER[queue];
        if (later !== undefined) await deps.sender.send(queue, job.data as never, { singletonKey: job.singletonKey ?? '', startAfterSeconds: later });
        deps.log.info({ queue, jobId: job.id, key, retryInSeconds: later ?? null }, later === undefined ? 'job skipped: a live job holds the same work' : 'job put back: a live job holds the same work');
        return { status: 'busy', key, ...(later === undefined ? {} : { retryInSeconds: later }) };
      }
      work = handle(job, { release });
      running.add(work);
      const outcome = await work;
      deps.log.info({ queue, jobId: job.id, attempt: job.retryCount + 1, ms: Date.now() - started }, 'job done');
      return outcome;
    } catch (error) {
      const err = error instanceof Error ? { name: error.name, message: error.message } : { message: String(error) };
      const final = job.retryCount >= job.retryLimit;
      deps.log.warn({ queue, jobId: job.id, attempt: job.retryCount + 1, final, err }, final ? 'job failed; moved to the dead-letter queue' : 'job failed; will retry');
      throw error;
    } finally {
      if (work) running.delete(work);
      await release().catch(() => undefined);
      instance.ended(job.id);
    }
  };
  const tokens = deps.tokens ?? (await cliTokenCounter());
  const evalDeps = { ...deps, sender, env: deps.env ?? process.env, tokens };
  const handlers: [JobQueue, number, Handle][] = [
    [
      'capture-server',
      deps.concurrency,
      (job) => captureServer(deps, job.data, { retryCount: job.retryCount, retryLimit: job.retryLimit, expireInSeconds: job.expireInSeconds }),
    ],
    ['lint-version', deps.concurrency, (job) => lintVersion(deps, job.data)],
    ['recapture-public', 1, (job) => recapturePublic(deps, job.data)],
    ['generate-cases', 1, (job) => generateCases(evalDeps, job.data, { retryCount: job.retryCount, retryLimit: job.retryLimit })],
    [
      'run-model',
      deps.concurrency,
      (job, { release }) => {
        const { modelRunId } = job.data as { modelRunId: string };
        const fairness = yieldCheck(deps.db, bossSchema, modelRunId, deps.fairness);
        return runModel(evalDeps, job.data, { retryCount: job.retryCount, retryLimit: job.retryLimit, expireInSeconds: job.expireInSeconds, release, fairness });
      },
    ],
    ['deliver-webhook', deps.concurrency, (job) => deliverWebhook(deps, job.data, { retryCount: job.retryCount, retryLimit: job.retryLimit })],
    ['watch-version', deps.concurrency, (job) => watchVersion(deps, job.data)],
    ...(deps.datasets ? [['build-release', 1, (job) => buildRelease({ db: deps.db, log: deps.log, datasets: deps.datasets! }, job.data)] as [JobQueue, number, Handle]] : []),
  ];
  // pg-boss 10 has no per-worker concurrency: each work() call is one poller running one job at a time.
  // Its poller waits the polling interval after EVERY fetch, one that brought a job included (worker.js:
  // `interval - duration` unless notified during the round), which capped a process at `concurrency` jobs
  // per interval: 1 lint a second by default. A poller that was handed a job notifies itself, so it fetches
  // again as soon as the job ended and waits the interval only after a fetch that found nothing. Jobs are
  // still completed, failed, expired and handed back on stop by pg-boss, one at a time per poller.
  for (const [queue, count, handle] of handlers) {
    const run = wrap(queue, handle);
    for (let i = 0; i < count; i++) {
      // The first fetch is a query in flight when work() resolves, so the id is known before any job arrives.
      const poller: { id?: string } = {};
      poller.id = await boss.work(queue, { batchSize: 1, includeMetadata: true }, (jobs: PgBoss.JobWithMetadata<unknown>[]) => {
        if (poller.id !== undefined) boss.notifyWorker(poller.id);
        return run(jobs);
      });
      addLocalWorker(boss, queue, poller.id);
    }
  }

  if (deps.recaptureCron !== undefined) {
    await boss.schedule('recapture-public', deps.recaptureCron, {}, { tz: 'UTC', singletonKey: 'tick' });
  }

  if (deps.datasets?.cron !== undefined) {
    await boss.schedule('build-release', deps.datasets.cron, { reason: 'scheduled' }, { tz: 'UTC', singletonKey: 'all' });
  }

  const backfilled = (await backfillLints(deps)).queued;
  // Evaluation work whose job was lost (a send that failed after the start committed, a database restored):
  // queued again; pg-boss keeps one waiting and one active job per run, so work already queued is not doubled.
  const unfinished = await unfinishedEvaluationWork(deps.db);
  for (const evaluationId of unfinished.evaluations) await sender.send('generate-cases', { evaluationId });
  for (const modelRunId of unfinished.runs) await sender.send('run-model', { modelRunId });
  deps.log.info({ instance: instance.id, concurrency: deps.concurrency, recaptureCron: deps.recaptureCron ?? null, backfilled, evaluationsRequeued: unfinished.evaluations.length + unfinished.runs.length }, 'job workers started');

  return async ({ timeoutMs = 30_000 } = {}) => {
    for (const [queue] of handlers) {
      removeLocalWorkers(boss, queue);
      await boss.offWork(queue);
    }
    let timer: NodeJS.Timeout | undefined;
    const expiry = new Promise<void>((resolve) => {
      timer = setTimeout(resolve, timeoutMs);
    });
    await Promise.race([Promise.allSettled([...running]), expiry]);
    clearTimeout(timer);
    // Handlers still running past the timeout keep their jobs until pg-boss's stop fails them: not ended yet.
    await instance.stop({ ended: running.size === 0 });
  };
}
