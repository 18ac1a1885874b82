// What the estimate, the start and the run-model job share: the resolved settings, the case set (held or
// made by the offline generator — the CLI's buildCases), the plan of each model run (the CLI's
// planWithCases) and its units. One path, so the service and `toolmark run` measure the same trials.
import {
  canonicalJson,
  comparabilityKey,
  confusablePairsOf,
  EvalError,
  generatorModelId,
  LATEST_RULES,
  lintSurface,
  MODELS_SUITE,
  suiteOfGenerator,
  surfaceHash,
  toolTokensOf,
  trialTokens,
  unitsFor,
  type EvalCase,
  type EvaluationSettings,
  type RunPlan,
  type Surface,
  type TokenCounter,
  type TurnSettings,
} from '@toolmark/benchmarks';
import { STAND_IN_UTTERANCE_TOKENS, type EvaluationRequest } from '@toolmark/benchmarks/api';
import { caseSetCases, findCaseSet, type Database } from '@toolmark/db';
import { suiteCasesFor } from '@toolmark/distractors/suites';
import { availabilityOf, generatorAvailability, type Catalogue } from '../model-catalogue.js';
import { nodeSha256Hex } from '../native-hash.js';
import { buildCases, planWithCases, providerFor, type Provider } from '../eval/evaluate.js';
import { availableDistractorSets } from '../eval/distractors.js';
import { trialCacheKey } from '../eval/run.js';
import type { ProviderId } from '../model-catalogue.js';
import { PipelineError } from './errors.js';

/** The environment providers read their keys from. */
export type Env = Readonly<Record<string, string | undefined>>;

/** What the evaluation pipelines and jobs need. */
export interface EvalDeps {
  db: Database;
  catalogue: Catalogue;
  env: Env;
  /** The core's tokenizer (o200k_base) that request sizes are counted with. */
  tokens: TokenCounter;
  now: () => Date;
}

/** How one model run is executed, stored with the run at start (the catalogue may change later; the run does not). */
export interface RunSettings {
  provider: ProviderId;
  model: string | undefined;
  baseUrl: string | undefined;
  settings: { temperature: number; seed: number; maxOutputTokens: number; reasoningEffort?: TurnSettings['reasoningEffort'] };
  concurrency: number;
  requestTimeoutSeconds: number;
  retries: number;
  maxErrorRate: number;
  unitPrice: number;
  distractors: string[];
  repeats: number;
  maxTrials: number;
}

/** How the generator model of an evaluation is reached, stored with its settings at start (the job writes the cases with it; the API never shows it). */
export interface GeneratorModelSpec {
  provider: ProviderId;
  model: string;
  baseUrl?: string | undefined;
  timeoutSeconds: number;
  retries: number;
  unitPrice: number;
}

/** Evaluation settings as stored: with the generator model's spec when a model writes the cases. */
export type StoredSettings = EvaluationSettings & { generatorModel?: GeneratorModelSpec };

/** The request with defaults and the catalogue applied: unknown, paused and unavailable models and unknown distractor sets are refused by name. */
export function resolveSettings(deps: Pick<EvalDeps, 'catalogue' | 'env'>, request: EvaluationRequest, preselected: () => string[]): StoredSettings {
  const models = request.models ?? preselected();
  models.forEach((id, i) => {
    const model = deps.catalogue.models.find((m) => m.id === id);
    const path = `body.models.${i}`;
    if (!model) throw new PipelineError('invalid', 'unknown_model', `${path}: no model "${id}" in this service's catalogue (GET /v1/models lists them)`, { path, model: id });
    const { status, reason } = availabilityOf(model, deps.env);
    if (status !== 'enabled') throw new PipelineError('conflict', `model_${status}`, `${path}: model "${id}" cannot be started: ${reason}`, { path, model: id, status });
  });
  const dup = models.find((m, i) => models.indexOf(m) !== i);
  if (dup !== undefined) throw new PipelineError('invalid', 'duplicate_model', `body.models: "${dup}" is listed twice`, { path: 'body.models', model: dup });
  const known = availableDistractorSets();
  request.distractors.forEach((name, i) => {
    if (!known.includes(name)) throw new PipelineError('invalid', 'unknown_distractor_set', `body.distractors.${i}: no distractor set "${name}"; available: ${known.join(', ')}`, { path: `body.distractors.${i}`, names: known });
  });
  const g = deps.catalogue.generatorModel;
  if (request.generator === 'model' && g === undefined) {
    throw new PipelineError('invalid', 'no_generator_model', 'body.generator: this service offers no generator model (GET /v1/models: generatorModel is null); use "offline"', { path: 'body.generator' });
  }
  // The hand-written suite has its own cases: its generator id and cases-per-tool label, whatever was asked.
  const suite = request.generator === 'suite';
  const settings = {
    models,
    distractors: [...new Set(request.distractors)],
    language: request.language,
    casesPerTool: suite ? MODELS_SUITE.casesPerTool : request.casesPerTool,
    repeats: request.repeats,
    seed: request.seed,
    generator: request.generator === 'model' ? generatorModelId(g!) : suite ? MODELS_SUITE.generator : deps.catalogue.generator.kind,
  };
  if (request.generator !== 'model') return settings;
  return { ...settings, generatorModel: { provider: g!.provider as ProviderId, model: g!.model, baseUrl: g!.baseUrl, timeoutSeconds: g!.timeoutSeconds, retries: g!.retries, unitPrice: g!.unitPrice } };
}

/** What a case set depends on besides the server version: its key in the store. */
export function caseSettingsKey(settings: Pick<EvaluationSettings, 'generator' | 'language' | 'casesPerTool' | 'seed'>): string {
  return canonicalJson({ generator: settings.generator, language: settings.language, casesPerTool: settings.casesPerTool, seed: settings.seed });
}

/** Where a generator model's warnings go (dropped or missing cases), and its keys. */
export interface MakeCasesContext {
  env: Env;
  signal?: AbortSignal;
  warn?: (message: string) => void;
}

/**
 * The cases of a version under these settings: the CLI's buildCases — the offline generator, or the
 * generator model of the settings (one request; its reply validated and fitted by the core).
 */
export async function makeCases(surface: Surface, settings: StoredSettings, ctx: MakeCasesContext = { env: {} }): Promise<{ cases: EvalCase[]; source: string }> {
  const suite = suiteOfGenerator(settings.generator);
  if (suite) return { cases: suiteCases(surface, settings.generator, suite, settings.language), source: settings.generator };
  const g = settings.generatorModel;
  return buildCases(
    surface,
    {
      casesPerTool: settings.casesPerTool,
      languages: [settings.language],
      seed: settings.seed,
      generator: g === undefined ? undefined : { provider: g.provider, model: g.model, timeoutMs: g.timeoutSeconds * 1000, ...(g.baseUrl !== undefined ? { baseURL: g.baseUrl } : {}) },
      retries: g?.retries ?? 0,
    },
    { env: ctx.env, signal: ctx.signal ?? new AbortController().signal, warn: ctx.warn ?? (() => undefined) },
  );
}

/**
 * A hand-written suite's cases of one half and language for these tools: the suite file written for exactly
 * these tools (by surface hash; the suite's servers as seeded). Other tools — another server, or a suite
 * server whose tools changed since — have none: EvalError `cases_unavailable`, a 400 naming the suite and body.generator.
 */
export function suiteCases(surface: Surface, generator: string, suite: { folder: string; half: 'calibration' | 'test' | 'all' }, language: EvaluationSettings['language']): EvalCase[] {
  const hash = surfaceHash(surface, nodeSha256Hex);
  const cases = suiteCasesFor(suite.folder, hash, { half: suite.half, language });
  if (cases === undefined || cases.length === 0) {
    throw new EvalError('cases_unavailable', `the hand-written suite ${suite.folder} has no cases for these tools (${hash}): only its servers, at the versions it was written for, can use generator "${generator}"`, { generator, surfaceHash: hash });
  }
  return cases;
}

/**
 * What an estimate prices before a generator model has written the cases: the cases it is asked for (the
 * generator request's counts: cases per tool, 2 per tool of each confusable pair, a fifth as many no-call),
 * each utterance a placeholder of about {@link STAND_IN_UTTERANCE_TOKENS} tokens. Never stored or run.
 */
export async function standInCases(surface: Surface, settings: Pick<EvaluationSettings, 'casesPerTool' | 'language'>): Promise<EvalCase[]> {
  const lint = await lintSurface(surface, LATEST_RULES, { sha256Hex: nodeSha256Hex });
  const utterance = Array.from({ length: STAND_IN_UTTERANCE_TOKENS }, () => 'case').join(' ');
  const language = settings.language;
  const cases: EvalCase[] = [];
  const add = (kind: EvalCase['kind'], expected: string | null, n: number) => cases.push({ id: `estimate:${kind}:${expected ?? 'none'}:${n}`, kind, language, source: 'model', utterance, expected });
  for (const tool of surface.tools) for (let n = 1; n <= settings.casesPerTool; n++) add('tool-directed', tool.name, n);
  confusablePairsOf(lint).forEach(([a, b], i) => {
    for (let n = 1; n <= 2; n++) {
      add('confusable', a, i * 4 + n);
      add('confusable', b, i * 4 + 2 + n);
    }
  });
  const noCall = Math.max(1, Math.round(surface.tools.length * settings.casesPerTool * 0.2));
  for (let n = 1; n <= noCall; n++) add('no-call', null, n);
  return cases;
}

/** The case set held for a version under these settings, if any. */
export function findHeldCaseSet(db: Database, versionId: string, settings: EvaluationSettings) {
  return findCaseSet(db, versionId, caseSettingsKey(settings));
}

/**
 * The cases of a version under these settings: the held case set; or freshly made by the offline generator
 * (not stored); or, for a generator model, the stand-in the estimate prices (`estimated`: the model writes
 * the real ones after the start). Generation errors are a 422 naming what; a generator model without its key a 409.
 */
export async function casesFor(
  deps: Pick<EvalDeps, 'db' | 'catalogue' | 'env'>,
  versionId: string,
  surface: Surface,
  settings: StoredSettings,
): Promise<{ cases: EvalCase[]; held: boolean; estimated: boolean; caseSetId: string | null; source: string }> {
  const held = await findCaseSet(deps.db, versionId, caseSettingsKey(settings));
  if (held) return { cases: await caseSetCases(deps.db, held.id), held: true, estimated: false, caseSetId: held.id, source: held.source };
  if (settings.generatorModel !== undefined) {
    const { status, reason } = generatorAvailability(deps.catalogue.generatorModel ?? settings.generatorModel, deps.env);
    if (status !== 'enabled') throw new PipelineError('conflict', 'generator_unavailable', `body.generator: the generator model ${settings.generator} cannot write cases: ${reason}`, { path: 'body.generator', generator: settings.generator });
    return { cases: await standInCases(surface, settings), held: false, estimated: true, caseSetId: null, source: settings.generator };
  }
  try {
    const made = await makeCases(surface, settings);
    return { cases: made.cases, held: false, estimated: false, caseSetId: null, source: made.source };
  } catch (error) {
    if (error instanceof EvalError) throw new PipelineError('invalid', error.code, error.message, { ...error.detail, path: suiteOfGenerator(settings.generator) ? 'body.generator' : 'body.casesPerTool' });
    throw error;
  }
}

/** The settings a model run is executed with, from its catalogue entry and the evaluation. */
export function runSettingsOf(catalogue: Catalogue, modelId: string, settings: EvaluationSettings): RunSettings {
  const m = catalogue.models.find((x) => x.id === modelId)!;
  return {
    provider: m.provider,
    model: m.model,
    baseUrl: m.baseUrl,
    settings: { temperature: m.settings.temperature, seed: settings.seed, maxOutputTokens: m.settings.maxOutputTokens, ...(m.settings.reasoningEffort ? { reasoningEffort: m.settings.reasoningEffort } : {}) },
    concurrency: m.concurrency,
    requestTimeoutSeconds: m.requestTimeoutSeconds,
    retries: m.retries,
    maxErrorRate: m.maxErrorRate,
    unitPrice: m.unitPrice,
    distractors: settings.distractors,
    repeats: settings.repeats,
    maxTrials: catalogue.maxTrials,
  };
}

/** The plan of a model run (the CLI's planner), refused with a 422 naming the budget it exceeds. */
export function planOf(surface: Surface, cases: readonly EvalCase[], run: RunSettings): RunPlan {
  const plan = planWithCases(surface, cases, {
    provider: run.provider,
    model: run.model,
    distractors: run.distractors,
    repeats: run.repeats,
    settings: run.settings,
    permute: true,
    maxTrials: run.maxTrials,
    maxTools: undefined,
  });
  const problem = plan.budget[0];
  if (problem) throw new PipelineError('invalid', problem.code, problem.message, { limit: problem.limit, actual: problem.actual });
  return plan;
}

/** The provider of a run (keys from the environment only). */
export function providerOf(run: RunSettings, env: Env): Promise<Provider> {
  return providerFor(run, env);
}

/** Whether a provider's answers are kept and reused (model providers; never the baseline or the mock, as in the CLI). */
export const reusesAnswers = (provider: Provider): boolean => provider.kind === 'model';

/** `case#repeat`: a trial's key in a run. */
export const trialKey = (caseId: string, repeat: number): string => `${caseId}#${repeat}`;

/** The units and cache keys of each trial of a plan: what the estimate, the start and the job agree on. */
export function pricedTrials(plan: RunPlan, provider: Provider, run: Pick<RunSettings, 'unitPrice'>, tokens: TokenCounter) {
  const sizes = trialTokens(plan, plan.trials, tokens);
  return plan.trials.map((trial, i) => ({
    trial,
    key: trialKey(trial.caseId, trial.trialIndex),
    cacheKey: reusesAnswers(provider) ? trialCacheKey(plan, provider.fingerprint, trial) : null,
    tokens: sizes[i]!,
    units: unitsFor(sizes[i]!, run.unitPrice),
  }));
}

/** Units of generating the cases: the generator's price (the model's, or the offline generator's) times the tokens of the server's tools it reads (0 when the cases are held). */
export function generationUnitsOf(catalogue: Catalogue, settings: StoredSettings, plan: RunPlan, tokens: TokenCounter): number {
  // Hand-written cases are read, not generated.
  if (suiteOfGenerator(settings.generator)) return 0;
  return unitsFor(toolTokensOf({ shown: plan.shown.filter((e) => e.origin === 'server') }, tokens), settings.generatorModel?.unitPrice ?? catalogue.generator.unitPrice);
}

/** The comparability key of a run: everything but the server and its cases. */
export function comparabilityOf(plan: RunPlan, provider: Provider, modelId: string, settings: EvaluationSettings): string {
  return comparabilityKey({
    model: modelId,
    providerFingerprint: provider.fingerprint,
    settings: plan.settings,
    seed: plan.seed,
    repeats: plan.repeats,
    permute: plan.permute,
    distractors: plan.distractors,
    language: settings.language,
    casesPerTool: settings.casesPerTool,
    generator: settings.generator,
    systemHash: plan.hashes.system,
  });
}

/** The distractor sets of a run as one sortable text (`name@hash,…`), for the leaderboard's filter. */
export const distractorsKeyOf = (plan: RunPlan): string =>
  plan.distractors
    .map((d) => d.name)
    .sort()
    .join(',');

