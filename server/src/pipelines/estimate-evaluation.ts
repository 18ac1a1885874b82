import { parseSurfaceValue, type EvalCase, type RunPlan, type Surface } from '@toolmark/benchmarks';
import type { EvaluationRequest } from '@toolmark/benchmarks/api';
import { balanceOf, getServer, getVersion, heldCacheKeys, type ServerRecord } from '@toolmark/db';
import { modelRef, preselectedModels } from '../model-catalogue.js';
import type { Provider } from '../eval/evaluate.js';
import { notFound, PipelineError } from './errors.js';
import {
  casesFor,
  comparabilityOf,
  generationUnitsOf,
  planOf,
  pricedTrials,
  providerOf,
  resolveSettings,
  runSettingsOf,
  type EvalDeps,
  type RunSettings,
  type StoredSettings,
} from './evaluation-plan.js';
import { canSee } from './visibility.js';

/** One model's part of a priced evaluation. */
export interface PricedRun {
  modelId: string;
  run: RunSettings;
  plan: RunPlan;
  provider: Provider;
  comparabilityKey: string;
  trials: number;
  /** `case#repeat` of the trials whose answers the organisation holds: not charged. */
  reused: string[];
  requestTokens: number;
  generationUnits: number;
  units: number;
}

/** An evaluation priced before it starts: the server's latest version, the cases, and each model run's units. */
export interface PricedEvaluation {
  server: ServerRecord;
  version: { id: string; seq: number };
  surface: Surface;
  settings: StoredSettings;
  cases: { count: number; held: boolean; estimated: boolean; caseSetId: string | null; generationUnits: number; list: EvalCase[]; source: string };
  runs: PricedRun[];
  units: number;
  warnings: { code: string; message: string; names?: string[] }[];
}

/**
 * Price an evaluation of a server's latest version for an organisation, spending nothing: the cases (held,
 * or what the offline generator makes), per model the plan, the request size of every trial (tools shown
 * + utterance, the core's tokenizer), the trials whose answers the organisation holds (not charged), and
 * the generation charged to the first model unless the cases are held. Only the owner may evaluate a
 * server: another organisation's public server is a 403, a private one a 404.
 */
export async function priceEvaluation(deps: EvalDeps, input: { serverId: string; organisationId: string; request: EvaluationRequest }): Promise<PricedEvaluation> {
  const server = await getServer(deps.db, input.serverId);
  if (!server || !canSee(server, { organisationId: input.organisationId })) throw notFound('server', input.serverId);
  if (server.organisationId !== input.organisationId) {
    throw new PipelineError('forbidden', 'forbidden', `server ${server.id} belongs to another organisation; evaluate your own servers`, { serverId: server.id });
  }
  const version = server.latestVersionId ? await getVersion(deps.db, server.latestVersionId) : undefined;
  if (!version) throw new PipelineError('conflict', 'no_version', `server ${server.id} has no tools yet (its capture has not finished)`, { serverId: server.id, captureStatus: server.captureStatus });
  const settings = resolveSettings(deps, input.request, () => preselectedModels(deps.catalogue, deps.env));
  const surface = parseSurfaceValue(version.tools);
  const cases = await casesFor(deps, version.id, surface, settings);
  const runs: PricedRun[] = [];
  let generationUnits = 0;
  for (const [i, modelId] of settings.models.entries()) {
    const run = runSettingsOf(deps.catalogue, modelId, settings);
    const plan = planOf(surface, cases.cases, run);
    const provider = await providerOf(run, deps.env);
    const priced = pricedTrials(plan, provider, run, deps.tokens);
    const keyed = priced.filter((p) => p.cacheKey !== null);
    const reused = new Set<string>();
    if (keyed.length > 0) {
      // One count per model: which of these keys the organisation holds.
      const held = await heldCacheKeys(deps.db, input.organisationId, keyed.map((p) => p.cacheKey!));
      for (const p of keyed) if (held.has(p.cacheKey!)) reused.add(p.key);
    }
    if (i === 0 && !cases.held) generationUnits = generationUnitsOf(deps.catalogue, settings, plan, deps.tokens);
    const toRun = priced.filter((p) => !reused.has(p.key));
    const gen = i === 0 ? generationUnits : 0;
    runs.push({
      modelId,
      run,
      plan,
      provider,
      comparabilityKey: comparabilityOf(plan, provider, modelId, settings),
      trials: priced.length,
      reused: [...reused],
      requestTokens: toRun.reduce((n, p) => n + p.tokens, 0),
      generationUnits: gen,
      units: gen + toRun.reduce((n, p) => n + p.units, 0),
    });
  }
  const first = runs[0]!.plan;
  return {
    server,
    version: { id: version.id, seq: version.seq },
    surface,
    settings,
    cases: { count: cases.cases.length, held: cases.held, estimated: cases.estimated, caseSetId: cases.caseSetId, generationUnits, list: cases.cases, source: cases.source },
    runs,
    units: runs.reduce((n, r) => n + r.units, 0),
    warnings: first.warnings.filter((w) => w.code === 'name_collision' || w.code === 'many_tools').map((w) => ({ code: w.code, message: w.message, ...(w.names ? { names: w.names } : {}) })),
  };
}

/** `POST /v1/servers/{id}/evaluations/estimate`: the units, their breakdown, the warnings and the balance; spends nothing. */
export async function estimateEvaluation(deps: EvalDeps, input: { serverId: string; organisationId: string; request: EvaluationRequest }) {
  const priced = await priceEvaluation(deps, input);
  const balance = await balanceOf(deps.db, input.organisationId, deps.now());
  return {
    server: { id: priced.server.id, versionId: priced.version.id, versionSeq: priced.version.seq },
    settings: priced.settings,
    cases: { count: priced.cases.count, held: priced.cases.held, estimated: priced.cases.estimated, generationUnits: priced.cases.generationUnits, toolsShown: priced.runs[0]!.plan.shown.length },
    models: priced.runs.map((r) => ({
      model: modelRef(deps.catalogue.models.find((m) => m.id === r.modelId)!, deps.env),
      trials: r.trials,
      reusedTrials: r.reused.length,
      requestTokens: r.requestTokens,
      generationUnits: r.generationUnits,
      units: r.units,
    })),
    units: priced.units,
    warnings: priced.warnings,
    balance: { month: balance.month, remaining: balance.script.remaining, credits: balance.credits },
  };
}
