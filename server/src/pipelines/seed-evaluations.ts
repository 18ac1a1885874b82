import { BASELINE_MODEL_ID, MODELS_SUITE } from '@toolmark/benchmarks';
import { firstOrganisation, listServers } from '@toolmark/db';
import type { JobSender } from '../jobs/sender.js';
import type { EvalDeps } from './evaluation-plan.js';
import { runSuite } from './run-suite.js';

/**
 * The seed's evaluations: the lexical baseline over every public server of the operator organisation (the
 * seeded ones) with the suite's settings and no distractor set, so the leaderboard per model has a row
 * for each; `seedBaselineCurve` then adds the suite's servers at every further distractor step
 * (MODELS_SUITE.steps), so the models leaderboard's curve has the baseline's line on a fresh install. 0 units
 * (the baseline is free); labelled a baseline wherever shown. Idempotent: a server whose latest version
 * has a baseline run under the same comparability key is skipped.
 */
export async function seedBaselineEvaluations(deps: EvalDeps & { jobs: JobSender }, log: (message: string) => void = () => undefined): Promise<{ started: number }> {
  const operator = await firstOrganisation(deps.db);
  if (!operator) return { started: 0 };
  const { items } = await listServers(deps.db, { organisationId: operator.id, limit: 100, offset: 0 });
  const seeded = items.filter((s) => s.public).map((s) => s.slug);
  return report(await runSuite(deps, { ...COMMON, steps: [MODELS_SUITE.steps[0]], servers: seeded }), log);
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
