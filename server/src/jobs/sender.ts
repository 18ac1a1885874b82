import type { BuildReleaseJob, DeliverWebhookJob, CaptureServerJob, GenerateCasesJob, JobQueue, LintVersionJob, RecapturePublicJob, RunModelJob, WatchVersionJob } from '@toolmark/benchmarks';
import type { JobTable, QueuedJob } from '@toolmark/db';

/** The payload type of each queue (from the core's contracts). */
export interface JobPayloads {
  'capture-server': CaptureServerJob;
  'lint-version': LintVersionJob;
  'recapture-public': RecapturePublicJob;
  'generate-cases': GenerateCasesJob;
  'run-model': RunModelJob;
  'build-release': BuildReleaseJob;
  'deliver-webhook': DeliverWebhookJob;
  'watch-version': WatchVersionJob;
}

/** Options a producer may set on one job. */
export interface SendOptions {
  /** Jobs with the same key are not queued twice while one is waiting (pg-boss singletonKey). */
  singletonKey?: string;
  /** pg-boss priority: higher is fetched first (run-model jobs get their organisation's fair share, workers.ts). */
  priority?: number;
  /** Start no earlier than this many seconds from now. */
  startAfterSeconds?: number;
}

/**
 * How routes and jobs enqueue work: the only way jobs talk to each other. Implemented over pg-boss
 * (jobs/boss.ts); returns the job id, or null when an identical singleton job is already waiting.
 */
export interface JobSender {
  send<Q extends JobQueue>(queue: Q, payload: JobPayloads[Q], options?: SendOptions): Promise<string | null>;
  /**
   * Present when the queue lives in the application database (pg-boss): a statement of ours may then insert
   * jobs itself, in the same commit as the rows they are about (db `insertJobs`; a save's follow-up jobs).
   * `job` checks the payload and names the singleton key and priority exactly as `send` would; `wake`
   * tells this process's idle workers of the queue that a job committed (as `send` does).
   */
  inStatement?: {
    table: JobTable;
    job<Q extends JobQueue>(queue: Q, payload: JobPayloads[Q], options?: Pick<SendOptions, 'priority'>): QueuedJob;
    wake(queue: JobQueue): void;
  };
}

/**
 * pg-boss priority of a lint that fills in rules versions other than the latest (lint-version.ts): below
 * every job sent without one (0), so a burst of uploads and captures is scored under the latest rules first.
 */
export const BACKGROUND_LINT_PRIORITY = -10;

/** pg-boss priority of a webhook delivery of a `critical` watch event (new security findings): fetched before every other delivery. */
export const CRITICAL_WEBHOOK_PRIORITY = 10;
