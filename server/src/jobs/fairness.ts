// Fairness between organisations in the `run-model` queue (server/src/jobs/README.md "Fairness"): each run
// job is queued at its organisation's fair rank (pg-boss priority), and a running run yields its slot when
// another organisation's run has waited longer than an idle worker would take to fetch it.
import type { RunModelJob } from '@toolmark/benchmarks';
import { fairRunPriority, otherOrganisationWaiting, type Database } from '@toolmark/db';
import type { JobSender } from './sender.js';

/** When a run checks whether to yield; tests shorten them. */
export interface FairnessSettings {
  /** A fetchable run job of another organisation older than this means every slot is busy; default 3 s (longer than the 2 s polling interval). */
  waitedSeconds?: number;
  /** How often a run checks; default 1 s. */
  checkSeconds?: number;
  /** A run yields only after running this long (every attempt makes progress); default 5 s. */
  minSliceSeconds?: number;
}

export const FAIRNESS_DEFAULTS = { waitedSeconds: 3, checkSeconds: 1, minSliceSeconds: 5 } as const;

/**
 * The sender the workers queue through: a `run-model` job without a priority of its own gets its
 * organisation's fair rank, minus the number of that organisation's other run jobs waiting or running, so
 * pg-boss (highest priority first, then oldest) serves organisations round robin and a continuation
 * re-enters behind its organisation's other runs, never ahead of another organisation's first.
 */
export function fairSender(inner: JobSender, db: Database, bossSchema: string): JobSender {
  return {
    async send(queue, payload, options = {}) {
      if (queue !== 'run-model' || options.priority !== undefined) return inner.send(queue, payload, options);
      const priority = await fairRunPriority(db, bossSchema, (payload as RunModelJob).modelRunId);
      return inner.send(queue, payload, { ...options, priority });
    },
    // Jobs inserted by a statement are never run-model jobs (a save's follow-ups): as the inner sender's.
    ...(inner.inStatement ? { inStatement: inner.inStatement } : {}),
  };
}

/** What a run is given to decide when to yield its slot (run-model.ts). */
export interface YieldCheck {
  checkMs: number;
  afterMs: number;
  shouldYield(): Promise<boolean>;
}

/** The yield check of one run: another organisation's run job waits with every slot busy. */
export function yieldCheck(db: Database, bossSchema: string, modelRunId: string, settings: FairnessSettings = {}): YieldCheck {
  const waited = settings.waitedSeconds ?? FAIRNESS_DEFAULTS.waitedSeconds;
  return {
    checkMs: (settings.checkSeconds ?? FAIRNESS_DEFAULTS.checkSeconds) * 1000,
    afterMs: (settings.minSliceSeconds ?? FAIRNESS_DEFAULTS.minSliceSeconds) * 1000,
    shouldYield: () => otherOrganisationWaiting(db, bossSchema, modelRunId, waited),
  };
}
