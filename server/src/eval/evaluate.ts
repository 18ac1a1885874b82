import {
  buildGeneratorRequest,
  buildRunReport,
  confusablePairsOf,
  fitCasesPerTool,
  shortfallMessage,
  generateOfflineCases,
  parseGeneratorReply,
  toShownTool,
  LATEST_RULES,
  lintSurface,
  planRun,
  selectCases,
  taskSetToCases,
  type CaseLanguage,
  type EvalCase,
  type RunPlan,
  type RunReport,
  type Surface,
  type TaskSet,
  type TurnSettings,
} from '@toolmark/benchmarks';
import { codeVersion } from '../build-info.js';
import { nodeSha256Hex } from '../native-hash.js';
import { createProvider, type ProviderId } from '../providers/index.js';
import type { Provider } from '../providers/provider.js';

export type { Provider } from '../providers/provider.js';
import { loadDistractors } from './distractors.js';
import { silentProgress, type Progress } from './progress.js';
import { executePlan } from './run.js';
import type { TrialCache } from './trial-cache.js';

// The evaluation engine's entry points, for any caller: the CLI's `run` and `tasks generate`, a service's
// job, a bench. Nothing here reads files, writes to a terminal or knows about command-line flags.

/** A generator model that writes the cases: a model provider, its model, endpoint and time limit. */
export interface GeneratorSpec {
  provider: ProviderId;
  model: string;
  baseURL?: string;
  /** Time limit of the generator's one request (it writes every case in one answer). */
  timeoutMs: number;
}

/** The default time limit of a generator request (longer than a trial's: one answer holds every case). */
export const DEFAULT_GENERATOR_TIMEOUT_MS = 120_000;

/** Where the cases come from: a task set already read and parsed; else a generator model; else the seeded offline generator. */
export interface CaseRequest {
  /** A parsed task set and the name of where it came from (recorded as the case source, e.g. `file:tasks.yaml`). */
  tasks?: { set: TaskSet; source: string } | undefined;
  casesPerTool: number;
  languages: CaseLanguage[];
  /** Seed of the offline generator. */
  seed: number;
  generator: GeneratorSpec | undefined;
  /** Provider retries of the generator request. */
  retries: number;
}

/** What the engine needs from its caller: the environment (provider keys), the cancel signal, where warnings go. */
export interface EvalContext {
  env: Readonly<Record<string, string | undefined>>;
  signal: AbortSignal;
  warn: (message: string) => void;
}

/**
 * The cases: a task set; or a generator model's reply (zod-validated by the core; invented tools
 * dropped and counted); or the seeded offline generator (a weaker source than a model; documented).
 */
export async function buildCases(surface: Surface, request: CaseRequest, ctx: EvalContext): Promise<{ cases: EvalCase[]; source: string }> {
  if (request.tasks !== undefined) return { cases: taskSetToCases(request.tasks.set), source: request.tasks.source };
  const lint = await lintSurface(surface, LATEST_RULES, { sha256Hex: nodeSha256Hex });
  if (request.generator !== undefined) {
    const provider = await createProvider(request.generator.provider, {
      env: ctx.env,
      timeoutMs: request.generator.timeoutMs,
      maxRetries: request.retries,
      ...(request.generator.baseURL !== undefined ? { baseURL: request.generator.baseURL } : {}),
    });
    const generatorRequest = buildGeneratorRequest({
      model: request.generator.model,
      tools: surface.tools.map(toShownTool),
      languages: request.languages,
      perTool: request.casesPerTool,
      confusablePairs: confusablePairsOf(lint),
    });
    const result = await provider.turn(generatorRequest, { signal: ctx.signal });
    const reply = parseGeneratorReply(result.text, surface.tools.map((t) => t.name));
    const d = reply.dropped;
    if (d.unknownTool + d.invalid + d.duplicate > 0) {
      ctx.warn(
        `the generator's reply had ${d.unknownTool} case(s) naming tools that do not exist${reply.unknownTools.length > 0 ? ` (${reply.unknownTools.slice(0, 5).join(', ')})` : ''}, ` +
          `${d.invalid} invalid and ${d.duplicate} duplicate case(s): dropped`,
      );
    }
    const fitted = fitCasesPerTool(reply.cases, surface.tools.map((t) => t.name), request.languages, request.casesPerTool);
    if (fitted.shortfalls.length > 0) ctx.warn(shortfallMessage(fitted.shortfalls, `the generator model ${request.generator.model}`));
    return { cases: fitted.cases, source: `model:${request.generator.provider}/${request.generator.model}` };
  }
  const cases = generateOfflineCases({ surface, lint, seed: request.seed, languages: request.languages, perTool: request.casesPerTool });
  return { cases, source: 'offline' };
}

/** Everything a run's plan depends on: who answers, the cases, distractors, repeats, settings and limits. */
export interface PlanRequest extends Omit<CaseRequest, 'seed'> {
  provider: ProviderId;
  /** Undefined for providers without a model (the lexical baseline, the mock). */
  model: string | undefined;
  distractors: string[];
  repeats: number;
  settings: { temperature: number; seed: number; maxOutputTokens: number; reasoningEffort?: TurnSettings['reasoningEffort'] };
  permute: boolean;
  maxTrials: number | undefined;
  maxTools: number | undefined;
  /** The run calls a model (not the lexical baseline or the mock): the default trial budget is PAID_TRIAL_BUDGET. */
  paid?: boolean;
  /** Case id prefixes to keep (all when empty) and to leave out. */
  only?: string[];
  skip?: string[];
}

/** The model name recorded for a provider that has none (the baseline router, the mock). */
function modelOf(request: Pick<PlanRequest, 'model' | 'provider'>): string {
  if (request.model !== undefined) return request.model;
  return request.provider === 'lexical' ? 'lexical-baseline' : 'mock';
}

/** Plan a run from a surface and a request (no model call, except a generator model's for the cases). */
export async function planFor(surface: Surface, request: PlanRequest, ctx: EvalContext): Promise<{ plan: RunPlan; caseSource: string }> {
  const built = await buildCases(surface, { ...request, seed: request.settings.seed }, ctx);
  const cases = selectCases(built.cases, { ...(request.only ? { only: request.only } : {}), ...(request.skip ? { skip: request.skip } : {}) });
  return { plan: planWithCases(surface, cases, request), caseSource: built.source };
}

/** The plan of a run over cases already made (the service's stored case set; {@link planFor} after building them): one path for both. */
export function planWithCases(
  surface: Surface,
  cases: readonly EvalCase[],
  request: Pick<PlanRequest, 'provider' | 'model' | 'distractors' | 'repeats' | 'settings' | 'permute' | 'maxTrials' | 'maxTools' | 'paid'>,
): RunPlan {
  const settings: Partial<TurnSettings> = { ...request.settings, toolChoice: 'auto' };
  return planRun({
    server: surface,
    distractors: loadDistractors(request.distractors),
    cases,
    model: modelOf(request),
    settings,
    seed: request.settings.seed,
    repeats: request.repeats,
    permute: request.permute,
    limits: {
      ...(request.maxTools !== undefined ? { maxTools: request.maxTools } : {}),
      ...(request.maxTrials !== undefined ? { maxTrials: request.maxTrials } : {}),
      ...(request.paid === true ? { paid: true } : {}),
    },
    sha256Hex: nodeSha256Hex,
  });
}

/** The thresholds a report is judged by (undefined: not checked). */
export interface RunThresholds {
  minAccuracy: number | undefined;
  maxFalseCallRate: number | undefined;
  maxErrorRate: number;
  minScored: number;
}

/** Execute a planned run with a provider and build its report (the CLI's `run`, the bench, tests, a job). */
export async function runPlanned(args: {
  plan: RunPlan;
  caseSource: string;
  provider: Provider;
  concurrency: number;
  thresholds: RunThresholds;
  /** Reuse answers of a model provider (never of the baseline or the mock). */
  cache?: TrialCache | undefined;
  signal: AbortSignal;
  surfaceName?: string;
  progress?: Progress;
}): Promise<RunReport> {
  const { plan, provider } = args;
  const startedAt = new Date().toISOString();
  const executed = await executePlan({
    plan,
    provider,
    concurrency: args.concurrency,
    signal: args.signal,
    progress: args.progress ?? silentProgress,
    maxErrorRate: args.thresholds.maxErrorRate,
    ...(args.cache !== undefined && provider.kind === 'model' ? { cache: args.cache } : {}),
  });
  const t = args.thresholds;
  return buildRunReport({
    plan,
    records: executed.records,
    unreadableSchemas: executed.unreadableSchemas,
    provider: { id: provider.id, endpoint: provider.kind === 'model' ? provider.endpoint : null, fingerprint: provider.fingerprint, baseline: provider.kind === 'baseline' },
    unsupported: executed.unsupported,
    caseSource: args.caseSource,
    codeVersion: codeVersion(),
    startedAt,
    finishedAt: new Date().toISOString(),
    ...(args.surfaceName !== undefined ? { surfaceName: args.surfaceName } : {}),
    thresholds: {
      ...(t.minAccuracy !== undefined ? { minAccuracy: t.minAccuracy } : {}),
      ...(t.maxFalseCallRate !== undefined ? { maxFalseCalls: t.maxFalseCallRate } : {}),
      maxErrorRate: t.maxErrorRate,
      minScored: t.minScored,
    },
  });
}

/** How a run reaches its provider: the id, model endpoint and limits (keys come from `env`, never from here). */
export interface ProviderSpec {
  provider: ProviderId;
  baseUrl: string | undefined;
  requestTimeoutSeconds: number;
  retries: number;
}

/** The provider of a run (the CLI's `createProvider`, keys read from `env` only). */
export async function providerFor(spec: ProviderSpec, env: EvalContext['env']): Promise<Provider> {
  return createProvider(spec.provider, {
    env,
    timeoutMs: spec.requestTimeoutSeconds * 1000,
    maxRetries: spec.retries,
    ...(spec.baseUrl !== undefined ? { baseURL: spec.baseUrl } : {}),
  });
}
