import process from 'node:process';
import {
  assertWithinBudget,
  buildGeneratorRequest,
  buildRunReport,
  confusablePairsOf,
  generateOfflineCases,
  parseGeneratorReply,
  toShownTool,
  LATEST_RULES,
  lintSurface,
  loadTokenCounter,
  MAX_TASK_SET_BYTES,
  parseTaskSet,
  planRun,
  renderRunReport,
  RUN_FORMATS,
  type RunFormat,
  summarizeWorkload,
  taskSetToCases,
  type CaseLanguage,
  type EvalCase,
  type RunPlan,
  type RunReport,
  type Surface,
  type TurnSettings,
} from '@toolmark/benchmarks';
import type { CliIo } from '../cli/io.js';
import { nodeSha256Hex } from '../native-hash.js';
import { createProvider, type ProviderId } from '../providers/index.js';
import type { Provider } from '../providers/provider.js';
import { EVAL_EXIT } from './cli-shared.js';
import { loadDistractors } from './distractors.js';
import { codeVersion, readTextFile, writeFileAtomic } from './io.js';
import { silentProgress, terminalProgress } from './progress.js';
import { executePlan } from './run.js';
import { fileTrialCache } from './trial-cache.js';

/** Report formats of `toolmark run` and `toolmark report` (the core's renderers). */
export const REPORT_FORMATS = RUN_FORMATS;
/** A report format. */
export type ReportFormat = RunFormat;

/** Everything `toolmark run` was asked to do, parsed and checked. */
export interface RunRequest {
  provider: ProviderId;
  model: string | undefined;
  baseURL: string | undefined;
  tasksFile: string | undefined;
  casesPerTool: number;
  languages: CaseLanguage[];
  distractors: string[];
  repeats: number;
  settings: { temperature: number; seed: number; maxOutputTokens: number };
  concurrency: number;
  maxTrials: number | undefined;
  maxTools: number | undefined;
  permute: boolean;
  dryRun: boolean;
  format: ReportFormat;
  out: string | undefined;
  thresholds: { minAccuracy: number | undefined; maxFalseCallRate: number | undefined; maxErrorRate: number; minScored: number };
  /** Cases from a generator model through this provider (default: the offline generator). */
  generator: { provider: ProviderId; model: string; baseURL?: string } | undefined;
  /** Undefined: no cache. */
  cacheDir: string | undefined;
  requestTimeoutMs: number;
  retries: number;
}

/** What the command gives the evaluation: streams, the cancel signal, and how to read the surface. */
export interface RunContext {
  io: CliIo;
  signal: AbortSignal;
  where: string;
  load: () => Promise<Surface>;
}

/** The model name recorded for a provider that has none (the baseline router, the mock). */
function modelOf(request: RunRequest): string {
  if (request.model !== undefined) return request.model;
  return request.provider === 'lexical' ? 'lexical-baseline' : 'mock';
}

/** What case building needs: the source options and, for a generator model, the keys and cancel signal. */
export type CaseRequest = Pick<RunRequest, 'tasksFile' | 'casesPerTool' | 'languages' | 'settings' | 'generator' | 'requestTimeoutMs' | 'retries'>;

/**
 * The cases: a task-set file; or a generator model's reply (zod-validated by the core; invented tools
 * dropped and counted); or the seeded offline generator (a weaker source than a model; documented).
 */
export async function buildCases(
  surface: Surface,
  request: CaseRequest,
  ctx: { env: CliIo['env']; signal: AbortSignal; warn: (message: string) => void },
): Promise<{ cases: EvalCase[]; source: string }> {
  if (request.tasksFile !== undefined) {
    const set = parseTaskSet(await readTextFile(request.tasksFile, MAX_TASK_SET_BYTES));
    return { cases: taskSetToCases(set), source: `file:${request.tasksFile}` };
  }
  const lint = await lintSurface(surface, LATEST_RULES, { sha256Hex: nodeSha256Hex });
  if (request.generator !== undefined) {
    const provider = await createProvider(request.generator.provider, {
      env: ctx.env,
      timeoutMs: request.requestTimeoutMs,
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
    return { cases: reply.cases, source: `model:${request.generator.provider}/${request.generator.model}` };
  }
  const cases = generateOfflineCases({ surface, lint, seed: request.settings.seed, languages: request.languages, perTool: request.casesPerTool });
  return { cases, source: 'offline' };
}

/** Plan a run from a surface and a request (no model call). */
export async function planFor(
  surface: Surface,
  request: RunRequest,
  ctx: { env: CliIo['env']; signal: AbortSignal; warn: (message: string) => void },
): Promise<{ plan: RunPlan; caseSource: string }> {
  const { cases, source } = await buildCases(surface, request, ctx);
  const settings: Partial<TurnSettings> = { ...request.settings, toolChoice: 'auto' };
  const plan = planRun({
    server: surface,
    distractors: loadDistractors(request.distractors),
    cases,
    model: modelOf(request),
    settings,
    seed: request.settings.seed,
    repeats: request.repeats,
    permute: request.permute,
    limits: { ...(request.maxTools !== undefined ? { maxTools: request.maxTools } : {}), ...(request.maxTrials !== undefined ? { maxTrials: request.maxTrials } : {}) },
    sha256Hex: nodeSha256Hex,
  });
  return { plan, caseSource: source };
}

/** Print the dry run: the workload, the lower-bound token count, warnings and what the budget would refuse. */
async function printDryRun(plan: RunPlan, provider: string, io: CliIo): Promise<number> {
  const w = summarizeWorkload(plan, await loadTokenCounter());
  const kinds = Object.entries(w.casesByKind)
    .map(([k, n]) => `${n} ${k}`)
    .join(', ');
  const lines = [
    `toolmark run --dry-run (${provider}, model ${plan.model}): nothing was sent`,
    `  cases    ${w.cases}${kinds ? ` (${kinds})` : ''} × ${w.repeats} repeat(s) = ${w.trials} trials`,
    `  tools    ${w.tools.shown} shown (${w.tools.server} server, ${w.tools.distractors} distractors), ${w.toolTokensPerTrial} tokens per trial`,
    `  prompt   ≥ ${w.promptTokensLowerBound} tokens in all (${w.tokenizer}; a lower bound, not a price: framing, output and reasoning tokens come on top)`,
    ...w.warnings.map((m) => `  warning  ${m}`),
    ...w.budgetProblems.map((m) => `  refused  ${m}`),
  ];
  io.stdout.write(`${lines.join('\n')}\n`);
  return w.budgetProblems.length > 0 ? EVAL_EXIT.error : EVAL_EXIT.ok;
}

/** Render a report in a format: the core's pure renderers (no colour codes, invisible characters made visible). */
export function renderReport(report: RunReport, format: ReportFormat): string {
  return renderRunReport(report, format);
}

/** Write a rendered report to --out (atomically) or stdout. */
export async function emit(text: string, out: string | undefined, io: CliIo, command: string): Promise<void> {
  if (out === undefined) io.stdout.write(text);
  else {
    await writeFileAtomic(out, text);
    io.stderr.write(`toolmark ${command}: wrote ${out}\n`);
  }
}

/** Execute a planned run with a provider and build its report (also used by the bench and tests). */
export async function runPlanned(args: {
  plan: RunPlan;
  caseSource: string;
  provider: Provider;
  request: Pick<RunRequest, 'concurrency' | 'thresholds' | 'cacheDir'>;
  signal: AbortSignal;
  surfaceName?: string;
  progressStream?: NodeJS.WriteStream;
}): Promise<RunReport> {
  const { plan, provider, request } = args;
  const startedAt = new Date().toISOString();
  const progress =
    args.progressStream !== undefined && args.progressStream.isTTY === true && plan.trials.length > 1
      ? terminalProgress(args.progressStream, plan.trials.length, provider.kind === 'model' ? plan.model : provider.label)
      : silentProgress;
  const executed = await executePlan({
    plan,
    provider,
    concurrency: request.concurrency,
    signal: args.signal,
    progress,
    maxErrorRate: request.thresholds.maxErrorRate,
    ...(request.cacheDir !== undefined && provider.kind === 'model' ? { cache: fileTrialCache(request.cacheDir) } : {}),
  });
  const t = request.thresholds;
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

/** `toolmark run`: plan, dry-run or execute, report, and the exit code. */
export async function evaluate(request: RunRequest, ctx: RunContext): Promise<number> {
  const { io } = ctx;
  const surface = await ctx.load();
  const warn = (message: string): void => void io.stderr.write(`toolmark run: warning: ${message}\n`);
  const { plan, caseSource } = await planFor(surface, request, { env: io.env, signal: ctx.signal, warn });
  if (request.dryRun) return printDryRun(plan, request.provider, io);
  for (const w of plan.warnings) warn(w.message);
  assertWithinBudget(plan);
  const provider = await createProvider(request.provider, {
    env: io.env,
    timeoutMs: request.requestTimeoutMs,
    maxRetries: request.retries,
    ...(request.baseURL !== undefined ? { baseURL: request.baseURL } : {}),
  });
  if (provider.kind !== 'model') io.stderr.write(`toolmark run: answered by the ${provider.label}\n`);
  const report = await runPlanned({
    plan,
    caseSource,
    provider,
    request,
    signal: ctx.signal,
    surfaceName: ctx.where,
    progressStream: io.stderr === process.stderr ? process.stderr : undefined,
  });
  await emit(renderReport(report, request.format), request.out, io, 'run');
  const t = report.thresholds!;
  for (const f of t.failures) io.stderr.write(`toolmark run: ${f.message}\n`);
  return t.ok ? EVAL_EXIT.ok : t.executionFailure ? EVAL_EXIT.error : EVAL_EXIT.threshold;
}
