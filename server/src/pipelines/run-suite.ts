import { MODELS_SUITE, type CaseLanguage } from '@toolmark/benchmarks';
import type { EvaluationRequest } from '@toolmark/benchmarks/api';
import { balanceOf, firstOrganisation, getServerBySlug, hasLiveRunWithKey, RepositoryError } from '@toolmark/db';
import type { JobSender } from '../jobs/sender.js';
import { availabilityOf } from '../model-catalogue.js';
import { resolveSettings, type EvalDeps } from './evaluation-plan.js';
import { priceEvaluation, type PricedEvaluation } from './estimate-evaluation.js';
import { startEvaluation } from './start-evaluation.js';

/** One suite server's part of a suite run at one distractor step. */
export interface SuiteEntry {
  serverId: string | null;
  slug: string;
  distractors: string[];
  evaluationId: string | null;
  units: number;
  /** Why no evaluation was started for it (already evaluated, not on this install, the cases cannot be made, …), else null. */
  skipped: string | null;
}

/** What a suite run asks for. */
export interface SuiteRunInput {
  /** Default: every model of the catalogue that can start. */
  models?: string[] | undefined;
  /** The distractor sets of each step to run; default: every step of the suite. */
  steps?: readonly (readonly string[])[] | undefined;
  /** Server slugs; default: the suite's (the seed passes every seeded server for its first step). */
  servers?: readonly string[] | undefined;
  language?: CaseLanguage | undefined;
  /** Start only the model runs a server's latest version lacks under their comparability key (queued, running or done). */
  onlyMissing?: boolean | undefined;
  name: string;
  keyId: string | null;
}

/**
 * Run (or refresh) the models leaderboard: one evaluation per suite server (MODELS_SUITE: seeded public
 * servers of the operator organisation) and distractor step, with the suite's fixed settings (its hand-written
 * cases' test half, one repeat, seed 0) and the given models. The operator organisation pays: the whole
 * run is priced first and refused (402, nothing started) when its quota and credits do not cover it.
 */
export async function runSuite(deps: EvalDeps & { jobs: JobSender }, input: SuiteRunInput): Promise<{ suite: { id: string; version: number }; units: number; evaluations: SuiteEntry[] }> {
  const suite = { id: MODELS_SUITE.id, version: MODELS_SUITE.version };
  const operator = await firstOrganisation(deps.db);
  if (!operator) return { suite, units: 0, evaluations: [] };
  const models = input.models ?? deps.catalogue.models.filter((m) => availabilityOf(m, deps.env).status === 'enabled').map((m) => m.id);
  const steps = (input.steps ?? MODELS_SUITE.steps).map((s) => [...new Set(s)].sort());
  const language = input.language ?? MODELS_SUITE.language;
  // The models and sets are checked first, whether or not this install has the suite's servers.
  for (const distractors of steps) resolveSettings(deps, { models, distractors, language, casesPerTool: MODELS_SUITE.casesPerTool, repeats: MODELS_SUITE.repeats, seed: MODELS_SUITE.seed, generator: 'suite' }, () => models);
  const planned: (SuiteEntry & { priced?: PricedEvaluation; request?: EvaluationRequest })[] = [];
  for (const distractors of steps) {
    for (const slug of input.servers ?? MODELS_SUITE.servers) {
      const entry: SuiteEntry & { priced?: PricedEvaluation; request?: EvaluationRequest } = { serverId: null, slug, distractors, evaluationId: null, units: 0, skipped: null };
      planned.push(entry);
      const server = await getServerBySlug(deps.db, slug);
      if (!server || server.deletedAt !== null || server.organisationId !== operator.id) {
        entry.skipped = 'not a server of the operator organisation on this install';
        continue;
      }
      entry.serverId = server.id;
      if (!server.public || server.latestVersionId === null) {
        entry.skipped = server.public ? 'no tools yet' : 'not public';
        continue;
      }
      const request = (ms: string[]) => ({ models: ms, distractors, language, casesPerTool: MODELS_SUITE.casesPerTool, repeats: MODELS_SUITE.repeats, seed: MODELS_SUITE.seed, generator: 'suite' as const });
      try {
        entry.request = request(models);
        let priced = await priceEvaluation(deps, { serverId: server.id, organisationId: operator.id, request: entry.request });
        if (input.onlyMissing) {
          const missing = [];
          for (const r of priced.runs) if (!(await hasLiveRunWithKey(deps.db, { serverVersionId: priced.version.id, modelId: r.modelId, comparabilityKey: r.comparabilityKey }))) missing.push(r.modelId);
          if (missing.length === 0) {
            entry.skipped = 'already evaluated';
            continue;
          }
          if (missing.length < priced.runs.length) {
            entry.request = request(missing);
            priced = await priceEvaluation(deps, { serverId: server.id, organisationId: operator.id, request: entry.request });
          }
        }
        entry.priced = priced;
        entry.units = priced.units;
      } catch (error) {
        // A model that cannot start, an unknown set: the request's fault, for every server alike.
        if ((error as { code?: string }).code?.startsWith('model_') || (error as { code?: string }).code?.startsWith('unknown_')) throw error;
        // A server the hand-written suite has no cases for (its tools changed since) is skipped, saying why.
        entry.skipped = error instanceof Error ? error.message : String(error);
      }
    }
  }
  const units = planned.reduce((n, e) => n + (e.priced ? e.units : 0), 0);
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
  // A server's cases are made once: after its first start stores them, a later step is priced again (held cases cost nothing to generate).
  const stored = new Set<string>();
  for (const entry of planned) {
    const priced = entry.priced;
    if (!priced) continue;
    const fresh = priced.cases.held || !stored.has(priced.version.id);
    const started = await startEvaluation(deps, { serverId: priced.server.id, organisationId: operator.id, request: entry.request!, name: input.name, keyId: input.keyId, priced: fresh ? priced : undefined });
    stored.add(priced.version.id);
    entry.evaluationId = started.id;
    entry.units = started.units;
  }
  return { suite, units, evaluations: planned.map(({ priced: _priced, request: _request, ...e }) => e) };
}
