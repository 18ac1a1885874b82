// Queue `generate-cases`: the case set of an evaluation, made once per server version and settings (a later
// evaluation with the same settings reuses it), then one `run-model` job per model run. Idempotent: a
// second delivery finds the case set and queues runs that are already queued (pg-boss keeps one per run).
// A generator model's cases are written here (the start priced a stand-in): each run is then priced on
// them, in the transaction that attaches them, and what the start charged above that is refunded.
import { caseSetHash, EvalError, GenerateCasesJobSchema, parseSurfaceValue, type EvalCase, type Surface, type TokenCounter } from '@toolmark/benchmarks';
import { attachCaseSet, caseSetCases, failEvaluation, getEvaluationRecord, getVersion, heldCacheKeys, modelRunsOf, storeCaseSet, type Database, type EvaluationRecord, type RepricedRun } from '@toolmark/db';
import { nodeSha256Hex } from '../native-hash.js';
import { cliTokenCounter } from '../native-tokens.js';
import type { Provider } from '../eval/evaluate.js';
import { PipelineError } from '../pipelines/errors.js';
import { caseSettingsKey, findHeldCaseSet, makeCases, planOf, pricedTrials, providerOf, type Env, type RunSettings, type StoredSettings } from '../pipelines/evaluation-plan.js';
import type { JobLog } from './boss.js';
import type { JobSender } from './sender.js';

/** What the handler needs. */
export interface GenerateCasesDeps {
  db: Database;
  sender: JobSender;
  log: JobLog;
  now?: () => Date;
  /** Where a generator model's key is read from (default: none — only the offline generator works). */
  env?: Env;
  /** The tokenizer runs are priced again with on a generator model's cases (default: the core's). */
  tokens?: TokenCounter;
  /** Tests and benches may hand in a provider for a model run (its cache keys; as run-model does). */
  providerFor?: (run: RunSettings) => Promise<Provider>;
}

/** What one job did. */
export interface GenerateCasesOutcome {
  evaluationId: string;
  status: 'queued-runs' | 'missing' | 'failed' | 'ended';
  caseSetId: string | null;
  reused: boolean;
  runs: number;
}

/**
 * Make or reuse the evaluation's cases and queue its model runs. Cases the generator cannot make (a
 * cases-per-tool count some tool cannot have) fail the evaluation and refund every unit; anything else
 * unexpected is retried by pg-boss, and its last attempt fails and refunds too.
 */
export async function generateCases(deps: GenerateCasesDeps, data: unknown, attempt: { retryCount: number; retryLimit: number } = { retryCount: 0, retryLimit: 0 }): Promise<GenerateCasesOutcome> {
  const job = GenerateCasesJobSchema.parse(data);
  const now = deps.now ?? (() => new Date());
  const evaluation = await getEvaluationRecord(deps.db, job.evaluationId);
  const outcome: GenerateCasesOutcome = { evaluationId: job.evaluationId, status: 'queued-runs', caseSetId: null, reused: false, runs: 0 };
  if (!evaluation) return { ...outcome, status: 'missing' };
  if (evaluation.status === 'done' || evaluation.status === 'failed') return { ...outcome, status: 'ended' };
  const settings = evaluation.settings as StoredSettings;
  try {
    let caseSetId = evaluation.caseSetId ?? (await findHeldCaseSet(deps.db, evaluation.serverVersionId, settings))?.id ?? null;
    outcome.reused = caseSetId !== null;
    const version = await getVersion(deps.db, evaluation.serverVersionId);
    if (!version) return { ...outcome, status: 'missing' };
    const surface = parseSurfaceValue(version.tools);
    let cases: EvalCase[] | undefined;
    if (caseSetId === null) {
      const made = await makeCases(surface, settings, {
        env: deps.env ?? {},
        warn: (message) => deps.log.warn({ queue: 'generate-cases', evaluationId: evaluation.id, generator: settings.generator }, message),
      });
      const hash = caseSetHash(made.cases, nodeSha256Hex);
      const stored = await storeCaseSet(deps.db, {
        serverVersionId: version.id,
        generator: settings.generator,
        settingsKey: caseSettingsKey(settings),
        caseSetHash: hash,
        source: made.source,
        cases: made.cases,
      });
      caseSetId = stored.id;
      // A second writer of the same settings may have stored first: the runs use the stored set.
      cases = stored.caseSetHash === hash ? made.cases : undefined;
    }
    // The start priced a stand-in when a generator model was to write the cases: price each run on them now.
    const reprice = evaluation.caseSetId === null && settings.generatorModel !== undefined;
    const runs = reprice ? await repriced(deps, evaluation, surface, cases ?? (await caseSetCases(deps.db, caseSetId))) : undefined;
    const attached = await attachCaseSet(deps.db, { evaluationId: evaluation.id, caseSetId, at: now(), ...(runs ? { runs } : {}) });
    if (attached.refunded > 0) deps.log.info({ queue: 'generate-cases', evaluationId: evaluation.id, refunded: attached.refunded }, 'runs priced on the generator model\'s cases; the difference refunded');
    outcome.caseSetId = caseSetId;
  } catch (error) {
    const final = attempt.retryCount >= attempt.retryLimit;
    // The cases cannot be made (EvalError), or the model's cases exceed a budget (PipelineError): no retry helps.
    const definite = error instanceof EvalError || error instanceof PipelineError;
    if (definite || final) {
      const message = definite ? error.message : 'the cases could not be made';
      const refunded = await failEvaluation(deps.db, evaluation.id, { code: definite ? error.code : 'cases_failed', message }, now());
      deps.log.warn({ queue: 'generate-cases', evaluationId: evaluation.id, refunded }, 'evaluation failed before its runs; units refunded');
      if (!definite) throw error;
      return { ...outcome, status: 'failed' };
    }
    throw error;
  }
  for (const run of await modelRunsOf(deps.db, evaluation.id)) {
    if (run.status === 'done' || run.status === 'failed') continue;
    await deps.sender.send('run-model', { modelRunId: run.id });
    outcome.runs++;
  }
  return outcome;
}

/** Each unfinished run of the evaluation priced on `cases`: run-model's plan and pricing, the organisation's held answers not charged. */
async function repriced(deps: GenerateCasesDeps, evaluation: EvaluationRecord, surface: Surface, cases: readonly EvalCase[]): Promise<RepricedRun[]> {
  const tokens = deps.tokens ?? (await cliTokenCounter());
  const out: RepricedRun[] = [];
  for (const run of await modelRunsOf(deps.db, evaluation.id)) {
    if (run.status === 'done' || run.status === 'failed') continue;
    const { reusedAtStart: _stale, ...settings } = run.settings as RunSettings & { reusedAtStart?: string[] };
    const plan = planOf(surface, cases, settings);
    const provider = await (deps.providerFor ?? ((r) => providerOf(r, deps.env ?? {})))(settings);
    const priced = pricedTrials(plan, provider, settings, tokens);
    const keyed = priced.filter((p) => p.cacheKey !== null);
    const held = keyed.length > 0 ? await heldCacheKeys(deps.db, evaluation.organisationId, keyed.map((p) => p.cacheKey!)) : new Set<string>();
    const reused = priced.filter((p) => p.cacheKey !== null && held.has(p.cacheKey)).map((p) => p.key);
    const reusedSet = new Set(reused);
    const units = run.generationUnits + priced.filter((p) => !reusedSet.has(p.key)).reduce((n, p) => n + p.units, 0);
    out.push({ id: run.id, units, trialCount: priced.length, reusedTrials: reused.length, settings: { ...settings, reusedAtStart: reused } });
  }
  return out;
}
