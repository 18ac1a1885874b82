// Queue `run-model`: one model run of an evaluation over its case set — the CLI's planner, runner and
// verdicts (eval/), so the numbers are `toolmark run`'s. Resumable: trials are stored as they are judged
// (unique on run × case × repeat), a resumed run executes only the trials not stored, and the units were
// all charged at start, so nothing is ever charged twice; every trial left without a model answer (a
// provider error, or never sent because the run failed) is refunded when the run ends (db finishRun/failRun). A run stops a minute before its attempt expires,
// or yields its slot to another organisation's waiting run, and queues its own continuation; one job at a
// time holds the run (workers.ts), so it is never executed by two workers at once.
import { computeMetrics, createArgChecker, parseSurfaceValue, RunModelJobSchema, type TrialRecord, type TurnResult } from '@toolmark/benchmarks';
import { cachedResults, cacheResults, caseSetCases, failRun, finishRun, getEvaluationRecord, getModelRun, getVersion, markRunRunning, runTrials, storeTrials, type Database } from '@toolmark/db';
import { codeVersion } from '../build-info.js';
import { executePlan, RunCancelled, RunFailed } from '../eval/run.js';
import type { TrialCache } from '../eval/trial-cache.js';
import { planOf, pricedTrials, providerOf, trialKey, type Env, type RunSettings } from '../pipelines/evaluation-plan.js';
import type { Provider } from '../eval/evaluate.js';
import type { TokenCounter } from '@toolmark/benchmarks';
import type { JobLog } from './boss.js';
import type { YieldCheck } from './fairness.js';
import type { JobSender } from './sender.js';
import { queueFirstRelease } from './first-release.js';

/** What the handler needs. */
export interface RunModelDeps {
  db: Database;
  sender: JobSender;
  log: JobLog;
  env: Env;
  tokens: TokenCounter;
  now?: () => Date;
  /** Tests and benches may hand in a provider for a run (default: the run's stored settings, keys from `env`). */
  providerFor?: (run: RunSettings) => Promise<Provider>;
}

/** What one job did. */
export interface RunModelOutcome {
  modelRunId: string;
  status: 'done' | 'failed' | 'continued' | 'yielded' | 'ended' | 'missing' | 'waiting';
  executed: number;
  skipped: number;
  refunded: number;
}

/** Trials written per statement, and how long one may wait in the buffer: storing never holds up a trial. */
const FLUSH_ROWS = 100;
const FLUSH_MS = 100;

/** The attempt's facts pg-boss gives a handler. */
export interface RunAttempt {
  retryCount: number;
  retryLimit: number;
  expireInSeconds: number;
  /** Give up the run's hold (workers.ts): done before the continuation is queued, so the continuation can take it. */
  release?: () => Promise<void>;
  /** When to yield the slot to another organisation's run (fairness.ts); absent: only the deadline stops the run. */
  fairness?: YieldCheck;
}

/** Run (or resume) one model run. */
export async function runModel(deps: RunModelDeps, data: unknown, attempt: RunAttempt = { retryCount: 0, retryLimit: 0, expireInSeconds: 1800 }): Promise<RunModelOutcome> {
  const job = RunModelJobSchema.parse(data);
  const now = deps.now ?? (() => new Date());
  const outcome: RunModelOutcome = { modelRunId: job.modelRunId, status: 'done', executed: 0, skipped: 0, refunded: 0 };
  const run = await getModelRun(deps.db, job.modelRunId);
  if (!run) return { ...outcome, status: 'missing' };
  if (run.status === 'done' || run.status === 'failed') return { ...outcome, status: 'ended' };
  const evaluation = await getEvaluationRecord(deps.db, run.evaluationId);
  if (!evaluation?.caseSetId) return { ...outcome, status: 'waiting' };
  const settings = run.settings as RunSettings & { reusedAtStart?: string[] };
  const reusedAtStart = new Set(settings.reusedAtStart ?? []);
  const version = await getVersion(deps.db, evaluation.serverVersionId);
  if (!version) return { ...outcome, status: 'missing' };
  const surface = parseSurfaceValue(version.tools);
  const cases = await caseSetCases(deps.db, evaluation.caseSetId);

  let provider: Provider;
  let plan: ReturnType<typeof planOf>;
  try {
    plan = planOf(surface, cases, settings);
    provider = await (deps.providerFor ?? ((r) => providerOf(r, deps.env)))(settings);
  } catch (error) {
    // The key was removed from the environment since the start, or the settings no longer plan: nothing can run.
    outcome.refunded = await failRun(deps.db, run.id, { code: (error as { code?: string }).code ?? 'run_failed', message: error instanceof Error ? error.message : String(error) }, now());
    return { ...outcome, status: 'failed' };
  }
  const priced = pricedTrials(plan, provider, settings, deps.tokens);
  const byKey = new Map(priced.map((p) => [p.key, p] as const));
  const existing = await runTrials(deps.db, run.id);
  const stored = new Set(existing.map((r) => trialKey(r.caseId, r.trialIndex)));
  const missing = plan.trials.filter((t) => !stored.has(trialKey(t.caseId, t.trialIndex)));
  outcome.skipped = existing.length;
  await markRunRunning(deps.db, run.id, now(), reusedAtStart.size, {
    codeVersion: codeVersion(),
    surfaceHash: plan.hashes.surface,
    shownSurfaceHash: plan.hashes.shown,
    caseSetHash: plan.hashes.caseSet,
    systemHash: plan.hashes.system,
    distractors: plan.distractors,
    toolsShown: plan.shown.length,
    model: plan.model,
    endpoint: provider.kind === 'model' ? provider.endpoint : null,
    label: provider.label,
  });

  // The organisation's held answers, read once; new answers are kept in the same write-behind as the trials.
  const organisationId = evaluation.organisationId;
  const wanted = missing.map((t) => byKey.get(trialKey(t.caseId, t.trialIndex))!.cacheKey).filter((k): k is string => k !== null);
  const held = wanted.length > 0 ? await cachedResults(deps.db, organisationId, wanted) : new Map<string, TurnResult>();
  const writer = trialWriter(deps.db, organisationId, run.id, settings.settings.seed);
  const cache: TrialCache = {
    get: async (key) => held.get(key),
    set: async (key, result) => writer.cache(key, result),
  };
  const onRecord = (record: TrialRecord): void => {
    const key = trialKey(record.caseId, record.trialIndex);
    writer.trial(record, reusedAtStart.has(key) ? 0 : byKey.get(key)!.units);
  };

  // Stop before the attempt expires (pg-boss would hand the job to another worker while this one still runs).
  const deadline = new AbortController();
  const timer = setTimeout(() => deadline.abort(), Math.max(5, attempt.expireInSeconds - 60) * 1000);
  // Or yield to another organisation: after a minimum slice, whenever one of its runs waits with every slot busy.
  let yielded = false;
  const fairness = attempt.fairness;
  const began = Date.now();
  let checking = false;
  const check = fairness
    ? setInterval(() => {
        if (checking || deadline.signal.aborted || Date.now() - began < fairness.afterMs) return;
        checking = true;
        fairness
          .shouldYield()
          .then((yes) => {
            if (yes && !deadline.signal.aborted) {
              yielded = true;
              deadline.abort();
            }
          })
          .catch(() => undefined)
          .finally(() => (checking = false));
      }, fairness.checkMs)
    : undefined;
  try {
    const executed = await executePlan({
      plan,
      provider,
      concurrency: settings.concurrency,
      signal: deadline.signal,
      maxErrorRate: settings.maxErrorRate,
      trials: missing,
      priorErrors: existing.filter((r) => r.error !== null).length,
      onRecord,
      ...(provider.kind === 'model' ? { cache, cacheKeyOf: (t) => byKey.get(trialKey(t.caseId, t.trialIndex))!.cacheKey! } : {}),
    });
    await writer.close();
    outcome.executed = missing.length;
    // Every trial of the plan, once: what was stored before this attempt and what it just stored.
    const all = [...existing, ...executed.records];
    const order = new Map(plan.trials.map((t, i) => [trialKey(t.caseId, t.trialIndex), i] as const));
    all.sort((a, b) => order.get(trialKey(a.caseId, a.trialIndex))! - order.get(trialKey(b.caseId, b.trialIndex))!);
    const metrics = computeMetrics(plan.cases, all, createArgChecker(plan.shown.map((e) => e.tool)).unreadable());
    // Trials that ended without a model answer (provider errors) are refunded as the run finishes.
    outcome.refunded = await finishRun(deps.db, run.id, metrics, now());
    // The setting's first dataset release, once its runs have settled (never fails the run).
    await queueFirstRelease(deps.db, deps.sender, run.id).catch((e: unknown) => deps.log.warn({ queue: 'run-model', modelRunId: run.id, err: { message: e instanceof Error ? e.message : String(e) } }, 'the first dataset release could not be queued'));
    return outcome;
  } catch (error) {
    await writer.close().catch(() => undefined);
    if (error instanceof RunCancelled && deadline.signal.aborted) {
      // The hold goes first: the continuation may start at once, and must find the run free.
      await attempt.release?.();
      await deps.sender.send('run-model', { modelRunId: run.id });
      if (yielded) deps.log.info({ queue: 'run-model', modelRunId: run.id }, 'run yielded its slot to another organisation\'s waiting run; continuation queued');
      return { ...outcome, status: yielded ? 'yielded' : 'continued' };
    }
    if (error instanceof RunFailed || attempt.retryCount >= attempt.retryLimit) {
      const message = error instanceof Error ? error.message : String(error);
      outcome.refunded = await failRun(deps.db, run.id, { code: error instanceof RunFailed ? error.code : 'run_failed', message: error instanceof RunFailed ? message : 'the run failed unexpectedly; the units of its unfinished trials were refunded' }, now());
      if (!(error instanceof RunFailed)) throw error;
      return { ...outcome, status: 'failed' };
    }
    throw error;
  } finally {
    clearTimeout(timer);
    clearInterval(check);
  }
}

/**
 * Trials and answers stored behind the runner: buffered and written every {@link FLUSH_MS} ms or
 * {@link FLUSH_ROWS} rows, one statement each, so a lane never waits for the database. A trial lost in the
 * buffer when the process dies is simply run again on resume (it was never stored, and was charged once).
 */
function trialWriter(db: Database, organisationId: string, modelRunId: string, seed: number) {
  let trials: { record: TrialRecord; units: number }[] = [];
  let answers: { key: string; result: TurnResult }[] = [];
  let writing: Promise<void> = Promise.resolve();
  let failure: unknown;
  let timer: NodeJS.Timeout | undefined;
  const flush = (): Promise<void> => {
    if (timer) clearTimeout(timer);
    timer = undefined;
    const t = trials;
    const a = answers;
    trials = [];
    answers = [];
    if (t.length === 0 && a.length === 0) return writing;
    writing = writing.then(async () => {
      try {
        // One transaction: a worker killed mid-write leaves both or neither, so a resumed run asks again for
        // exactly the trials not stored (an answer held without its trial would be reused instead).
        await db.transaction(async (tx) => {
          await cacheResults(tx, organisationId, a);
          await storeTrials(tx, t.map((x) => ({ modelRunId, record: x.record, units: x.units, seed })));
        });
      } catch (error) {
        failure ??= error;
      }
    });
    return writing;
  };
  // Counted by trials: a trial's answer is kept just before the trial (no timer can run between), so a batch
  // never holds an answer without its trial.
  const schedule = (): void => {
    if (trials.length >= FLUSH_ROWS) void flush();
    else timer ??= setTimeout(() => void flush(), FLUSH_MS);
  };
  return {
    trial(record: TrialRecord, units: number) {
      trials.push({ record, units });
      schedule();
    },
    cache(key: string, result: TurnResult) {
      answers.push({ key, result });
      schedule();
    },
    async close() {
      await flush();
      if (failure !== undefined) throw failure;
    },
  };
}
