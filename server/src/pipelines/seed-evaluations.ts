import { BASELINE_MODEL_ID, MODELS_SUITE } from '@toolmark/benchmarks';
import { firstOrganisation } from '@toolmark/db';
import type { JobSender } from '../jobs/sender.js';
import type { EvalDeps } from './evaluation-plan.js';
import { runSuite } from './run-suite.js';

/**
 * The seed's evaluations: the lexical baseline on the suite's servers (MODELS_SUITE: the hand-written
 * toolmark-public v2, its test half) with no distractor set, so the models leaderboard and the leaderboard
 * per model have the baseline's rows on a fresh install; `seedBaselineCurve` then adds every further
 * distractor step (MODELS_SUITE.steps) for the curve. The other seeded servers get no seeded run: the
 * offline generator's cases are paraphrases of the tool text and back no public board. 0 units (the
 * baseline is free); labelled a baseline wherever shown. Idempotent: a server whose latest version has a
 * baseline run under the same comparability key is skipped.
 */
export async function seedBaselineEvaluations(deps: EvalDeps & { jobs: JobSender }, log: (message: string) => void = () => undefined): Promise<{ started: number }> {
  const operator = await firstOrganisation(deps.db);
  if (!operator) return { started: 0 };
  return report(await runSuite(deps, { ...COMMON, steps: [MODELS_SUITE.steps[0]] }), log);
}

/** The rest of the seed: the baseline on the suite's servers at every further distractor step (the curve). `npm start` runs it once it is serving. */
export async function seedBaselineCurve(deps: EvalDeps & { jobs: JobSender }, log: (message: string) => void = () => undefined): Promise<{ started: number }> {
  return report(await runSuite(deps, { ...COMMON, steps: MODELS_SUITE.steps.slice(1) }), log);
}

const COMMON = { models: [BASELINE_MODEL_ID], onlyMissing: true, name: 'seed: lexical baseline', keyId: null };

function report(run: Awaited<ReturnType<typeof runSuite>>, log: (message: string) => void): { started: number } {
  for (const e of run.evaluations) if (e.skipped !== null && e.skipped !== 'already evaluated') log(`seed evaluation of ${e.slug} (distractors: ${e.distractors.join(', ') || 'none'}) skipped: ${e.skipped}`);
  return { started: run.evaluations.filter((e) => e.evaluationId !== null).length };
}
