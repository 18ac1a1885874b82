// Queue `generate-cases`: the case set of an evaluation, made once per server version and settings (a later
// evaluation with the same settings reuses it), then one `run-model` job per model run. Idempotent: a
// second delivery finds the case set and queues runs that are already queued (pg-boss keeps one per run).
import { caseSetHash, EvalError, GenerateCasesJobSchema, parseSurfaceValue, type EvaluationSettings } from '@toolmark/benchmarks';
import { failEvaluation, getEvaluationRecord, getVersion, modelRunsOf, setEvaluationCases, storeCaseSet, type Database } from '@toolmark/db';
import { nodeSha256Hex } from '../native-hash.js';
import { caseSettingsKey, findHeldCaseSet, makeCases } from '../pipelines/evaluation-plan.js';
import type { JobLog } from './boss.js';
import type { JobSender } from './sender.js';

/** What the handler needs. */
export interface GenerateCasesDeps {
  db: Database;
  sender: JobSender;
  log: JobLog;
  now?: () => Date;
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
  const settings = evaluation.settings as EvaluationSettings;
  try {
    let caseSetId = evaluation.caseSetId ?? (await findHeldCaseSet(deps.db, evaluation.serverVersionId, settings))?.id ?? null;
    outcome.reused = caseSetId !== null;
    if (caseSetId === null) {
      const version = await getVersion(deps.db, evaluation.serverVersionId);
      if (!version) return { ...outcome, status: 'missing' };
      const made = await makeCases(parseSurfaceValue(version.tools), settings);
      const stored = await storeCaseSet(deps.db, {
        serverVersionId: version.id,
        generator: settings.generator,
        settingsKey: caseSettingsKey(settings),
        caseSetHash: caseSetHash(made.cases, nodeSha256Hex),
        source: made.source,
        cases: made.cases,
      });
      caseSetId = stored.id;
    }
    await setEvaluationCases(deps.db, evaluation.id, caseSetId, now());
    outcome.caseSetId = caseSetId;
  } catch (error) {
    const final = attempt.retryCount >= attempt.retryLimit;
    if (error instanceof EvalError || final) {
      const message = error instanceof EvalError ? error.message : 'the cases could not be made';
      const refunded = await failEvaluation(deps.db, evaluation.id, { code: error instanceof EvalError ? error.code : 'cases_failed', message }, now());
      deps.log.warn({ queue: 'generate-cases', evaluationId: evaluation.id, refunded }, 'evaluation failed before its runs; units refunded');
      if (!(error instanceof EvalError)) throw error;
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
