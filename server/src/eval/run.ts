import { setMaxListeners } from 'node:events';
import {
  ToolmarkError,
  cacheKey,
  compareShare,
  createArgChecker,
  judgeContext,
  recordTrial,
  trialRequest,
  trialTools,
  type RunPlan,
  type TrialOutcome,
  type TrialRecord,
  type TrialSpec,
  type TurnRequest,
} from '@toolmark/benchmarks';
import { nodeSha256Hex } from '../native-hash.js';
import { ProviderError, type Provider } from '../providers/provider.js';
import { runPool } from './pool.js';
import { silentProgress, type Progress } from './progress.js';
import type { TrialCache } from './trial-cache.js';

/** Ctrl+C (or the caller's abort): no report is made of a cancelled run. */
export class RunCancelled extends ToolmarkError<'cancelled'> {
  override readonly name = 'RunCancelled';
  constructor() {
    super('cancelled', 'the run was cancelled');
  }

  /** 130, as a shell reports a process ended by SIGINT. */
  override get exitCode(): number {
    return 130;
  }
}

/** Why a run stopped before its end: a failure every further trial would share, or too many errors to pass. */
export class RunFailed extends ToolmarkError<'provider_failed' | 'error_rate_exceeded'> {
  override readonly name = 'RunFailed';
}

/** Provider failures that no later trial can escape: stop at the first. */
const FATAL = new Set(['auth', 'missing_key']);

/** How to execute a plan. */
export interface ExecuteOptions {
  plan: RunPlan;
  provider: Provider;
  /** Trials in flight at once. */
  concurrency: number;
  /** Abort = cancel: in-flight turns are aborted and {@link RunCancelled} is thrown. */
  signal: AbortSignal;
  /** Reuse answers by the core's cache key; errors are never stored. */
  cache?: TrialCache;
  progress?: Progress;
  /**
   * Stop as soon as more than this share of all planned trials has failed: the run could no longer pass
   * its error-rate threshold, so further calls would only cost.
   */
  maxErrorRate?: number;
  /**
   * The trials to execute (default: all of the plan's). A resumed run passes the ones not yet stored; the
   * error share is still counted against all of the plan's trials, with `priorErrors` already counted.
   */
  trials?: readonly TrialSpec[];
  /** Provider errors among trials executed before (a resumed run's stored trials). */
  priorErrors?: number;
  /** The cache key of a trial when the caller computed them already (a service prices every trial first); default {@link trialCacheKey}. */
  cacheKeyOf?: (trial: TrialSpec) => string;
  /** Called with each trial's record as soon as it is judged (a service stores it; must not throw). */
  onRecord?: (record: TrialRecord) => void;
}

/** What an execution produced: one record per planned trial, in plan order. */
export interface ExecuteResult {
  records: TrialRecord[];
  /** Settings the provider did not honour (union over the trials). */
  unsupported: string[];
  cacheHits: number;
  unreadableSchemas: { tool: string; reason: string }[];
}

/** The core's cache key of one trial of a plan for a provider (the runner's lookups and a service's estimate of reused answers). */
export function trialCacheKey(plan: RunPlan, providerFingerprint: string, trial: TrialSpec, request?: TurnRequest): string {
  // Without the rendered request, only what the key reads of it: the case's utterance and the trial's tool
  // order — what renderTurnRequest copies unchanged. A service prices every trial at the start call
  // (issue 31: rendering 1 976 requests, each parsing its settings, was a third of that call's CPU).
  const utterance = request?.utterance ?? plan.caseById.get(trial.caseId)?.utterance ?? trialRequest(plan, trial).utterance;
  return cacheKey(
    {
      providerFingerprint,
      model: plan.model,
      surfaceHash: plan.hashes.shown,
      utterance,
      settings: plan.settings,
      systemHash: plan.hashes.system,
      seed: plan.seed,
      permute: plan.permute,
      toolOrder: (request?.tools ?? trialTools(plan, trial)).map((t) => t.name),
      repeatIndex: trial.trialIndex,
    },
    nodeSha256Hex,
  );
}

/**
 * Execute a plan: for each trial, the request from the core's one renderer, an answer from the cache or the
 * provider, and the core's verdict. Thin on purpose: every judgement is the core's.
 */
export async function executePlan(options: ExecuteOptions): Promise<ExecuteResult> {
  const { plan, provider, cache } = options;
  const progress = options.progress ?? silentProgress;
  const checker = createArgChecker(plan.shown.map((e) => e.tool));
  const ctx = judgeContext(plan, checker);
  const stop = new AbortController();
  const signal = AbortSignal.any([options.signal, stop.signal]);
  // Every turn in flight listens to it (the SDK and our race): not a leak, so no warning past 10.
  setMaxListeners(0, signal);
  const unsupported = new Set<string>();
  // "More than the share" in integers: 29 errors of 50 are not more than 0.58 (floor(0.58 × 50) is 28 in floating point).
  const overLimit = (n: number): boolean => options.maxErrorRate !== undefined && compareShare(n, plan.trials.length, options.maxErrorRate) > 0;
  let errors = options.priorErrors ?? 0;
  let cacheHits = 0;
  let failure: RunFailed | undefined;

  const runTrial = async (trial: TrialSpec): Promise<TrialRecord> => {
    const request = trialRequest(plan, trial);
    const key = cache === undefined ? undefined : (options.cacheKeyOf?.(trial) ?? trialCacheKey(plan, provider.fingerprint, trial, request));
    let outcome: TrialOutcome;
    let cached = false;
    const hit = key === undefined ? undefined : await cache!.get(key);
    if (hit !== undefined) {
      outcome = { result: hit };
      cached = true;
      cacheHits++;
    } else {
      try {
        const result = await provider.turn(request, { signal });
        outcome = { result };
        if (key !== undefined) await cache!.set(key, result);
      } catch (error) {
        if (options.signal.aborted) throw new RunCancelled();
        if (!(error instanceof ProviderError)) throw error;
        if (error.code === 'cancelled' && failure !== undefined) throw failure;
        if (FATAL.has(error.code)) {
          failure ??= new RunFailed('provider_failed', error.message, { providerError: error.code, status: error.status });
          stop.abort();
          throw failure;
        }
        outcome = { error: { code: error.code, message: error.message } };
      }
    }
    for (const u of 'result' in outcome ? outcome.result.unsupported : []) unsupported.add(u);
    const record = recordTrial(plan, ctx, trial, outcome, cached);
    if (record.error !== null && overLimit(++errors) && failure === undefined) {
      failure = new RunFailed(
        'error_rate_exceeded',
        `${errors} of ${plan.trials.length} trials failed at the provider (last: ${record.error.code}: ${record.error.message}); ` +
          `over the allowed error rate ${options.maxErrorRate}, the run cannot pass — stopped`,
        { errors, trials: plan.trials.length, maxErrorRate: options.maxErrorRate },
      );
      stop.abort();
    }
    options.onRecord?.(record);
    progress.tick({ cached, error: record.error !== null });
    return record;
  };

  try {
    const records = await runPool(options.trials ?? plan.trials, options.concurrency, runTrial, signal);
    if (options.signal.aborted) throw new RunCancelled();
    if (failure !== undefined) throw failure;
    return { records, unsupported: [...unsupported].sort(), cacheHits, unreadableSchemas: checker.unreadable() };
  } catch (error) {
    if (options.signal.aborted) throw new RunCancelled();
    throw failure ?? error;
  } finally {
    progress.stop();
  }
}
