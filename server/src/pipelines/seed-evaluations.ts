import { BASELINE_MODEL_ID } from '@toolmark/benchmarks';
import { firstOrganisation, hasEvaluationWith, listServers } from '@toolmark/db';
import type { JobSender } from '../jobs/sender.js';
import type { EvalDeps } from './evaluation-plan.js';
import { SUITE } from './model-board.js';
import { startEvaluation } from './start-evaluation.js';

/**
 * The seed's evaluations: the lexical baseline over every public server of the operator organisation (the
 * seeded ones) with the suite's settings (no distractor set, English, 8 cases per tool, one repeat), so the
 * evaluation pages and both leaderboards per model have rows on a fresh install. 0 units (the baseline is
 * free); labelled a baseline wherever shown. Idempotent: a version that has a baseline run is skipped.
 */
export async function seedBaselineEvaluations(deps: EvalDeps & { jobs: JobSender }, log: (message: string) => void = () => undefined): Promise<{ started: number }> {
  const operator = await firstOrganisation(deps.db);
  if (!operator) return { started: 0 };
  const { items } = await listServers(deps.db, { organisationId: operator.id, limit: 100, offset: 0 });
  let started = 0;
  for (const server of items) {
    if (!server.public || server.latestVersionId === null) continue;
    if (await hasEvaluationWith(deps.db, server.latestVersionId, BASELINE_MODEL_ID)) continue;
    try {
      await startEvaluation(deps, {
        serverId: server.id,
        organisationId: operator.id,
        request: { models: [BASELINE_MODEL_ID], distractors: [], language: 'en', casesPerTool: SUITE.casesPerTool, repeats: SUITE.repeats, seed: 0 },
        name: 'seed: lexical baseline',
        keyId: null,
      });
      started++;
    } catch (error) {
      // A seeded server whose tools the offline generator cannot write 8 cases for is skipped, not fatal.
      log(`seed evaluation of ${server.slug} skipped: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
  return { started };
}
