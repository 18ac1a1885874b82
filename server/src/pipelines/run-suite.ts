import type { CaseLanguage } from '@toolmark/benchmarks';
import { balanceOf, firstOrganisation, hasEvaluationWith, listServers, RepositoryError } from '@toolmark/db';
import type { JobSender } from '../jobs/sender.js';
import { availabilityOf } from '../model-catalogue.js';
import type { EvalDeps } from './evaluation-plan.js';
import { priceEvaluation } from './estimate-evaluation.js';
import { SUITE } from './model-board.js';
import { startEvaluation } from './start-evaluation.js';

/** One suite server's part of a suite run. */
export interface SuiteEntry {
  serverId: string;
  slug: string;
  evaluationId: string | null;
  units: number;
  /** Why no evaluation was started for it (already evaluated, the cases cannot be made, …), else null. */
  skipped: string | null;
}

/**
 * Run (or refresh) the models leaderboard: one evaluation per suite server — the public servers of the
 * operator organisation, i.e. the seeded ones — with the suite's fixed settings (8 cases per tool, one
 * repeat, seed 0) and the given models (default: every model that can start) and distractor sets. The
 * operator organisation pays: the whole suite is priced first and refused (402, nothing started) when its
 * quota and credits do not cover it. `onlyMissing`: skip a server whose latest version already has a run of
 * every model (the seed's idempotence).
 */
export async function runSuite(
  deps: EvalDeps & { jobs: JobSender },
  input: { models?: string[] | undefined; distractors: string[]; language: CaseLanguage; onlyMissing?: boolean; name: string; keyId: string | null },
): Promise<{ units: number; evaluations: SuiteEntry[] }> {
  const operator = await firstOrganisation(deps.db);
  if (!operator) return { units: 0, evaluations: [] };
  const models = input.models ?? deps.catalogue.models.filter((m) => availabilityOf(m, deps.env).status === 'enabled').map((m) => m.id);
  const request = { models, distractors: input.distractors, language: input.language, casesPerTool: SUITE.casesPerTool, repeats: SUITE.repeats, seed: 0, generator: 'offline' as const };
  const { items } = await listServers(deps.db, { organisationId: operator.id, limit: 100, offset: 0 });
  const planned: (SuiteEntry & { run: boolean })[] = [];
  for (const server of items) {
    const entry = { serverId: server.id, slug: server.slug, evaluationId: null, units: 0, skipped: null as string | null, run: false };
    planned.push(entry);
    if (!server.public || server.latestVersionId === null) {
      entry.skipped = server.public ? 'no tools yet' : 'not public';
      continue;
    }
    if (input.onlyMissing) {
      let all = true;
      for (const m of models) all &&= await hasEvaluationWith(deps.db, server.latestVersionId, m);
      if (all) {
        entry.skipped = 'already evaluated';
        continue;
      }
    }
    try {
      entry.units = (await priceEvaluation(deps, { serverId: server.id, organisationId: operator.id, request })).units;
      entry.run = true;
    } catch (error) {
      // A model that cannot start, an unknown set: the request's fault, for every server alike.
      if ((error as { code?: string }).code?.startsWith('model_') || (error as { code?: string }).code?.startsWith('unknown_')) throw error;
      // A seeded server whose tools the offline generator cannot write 8 cases for is skipped.
      entry.skipped = error instanceof Error ? error.message : String(error);
    }
  }
  const units = planned.reduce((n, e) => n + (e.run ? e.units : 0), 0);
  if (units > 0) {
    const balance = await balanceOf(deps.db, operator.id, deps.now());
    if (balance.script.remaining + balance.credits < units) {
      throw new RepositoryError('quota_exhausted', `the suite needs ${units} units; the operator organisation has ${balance.script.remaining} left this month and ${balance.credits} in credits`, {
        needed: units,
        remaining: balance.script.remaining,
        credits: balance.credits,
      });
    }
  }
  for (const entry of planned) {
    if (!entry.run) continue;
    const started = await startEvaluation(deps, { serverId: entry.serverId, organisationId: operator.id, request, name: input.name, keyId: input.keyId });
    entry.evaluationId = started.id;
    entry.units = started.units;
  }
  return { units, evaluations: planned.map(({ run: _run, ...e }) => e) };
}

