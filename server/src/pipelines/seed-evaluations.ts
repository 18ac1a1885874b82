import { BASELINE_MODEL_ID } from '@toolmark/benchmarks';
import type { JobSender } from '../jobs/sender.js';
import type { EvalDeps } from './evaluation-plan.js';
import { runSuite } from './run-suite.js';

/**
 * The seed's evaluations: the lexical baseline over the suite (every public server of the operator
 * organisation, i.e. the seeded ones, with the suite's settings: no distractor set, English, 8 cases per
 * tool, one repeat), so the evaluation pages and both leaderboards per model have rows on a fresh install.
 * 0 units (the baseline is free); labelled a baseline wherever shown. Idempotent: a server whose latest
 * version has a baseline run is skipped.
 */
export async function seedBaselineEvaluations(deps: EvalDeps & { jobs: JobSender }, log: (message: string) => void = () => undefined): Promise<{ started: number }> {
  const suite = await runSuite(deps, { models: [BASELINE_MODEL_ID], distractors: [], language: 'en', onlyMissing: true, name: 'seed: lexical baseline', keyId: null });
  for (const e of suite.evaluations) if (e.skipped !== null && e.skipped !== 'already evaluated') log(`seed evaluation of ${e.slug} skipped: ${e.skipped}`);
  return { started: suite.evaluations.filter((e) => e.evaluationId !== null).length };
}
