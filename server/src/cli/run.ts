import process from 'node:process';
import { Option, type Command } from 'commander';
import {
  assertWithinBudget,
  contextBudgetProblem,
  DEFAULT_LIMITS,
  HARD_LIMITS,
  PAID_TRIAL_BUDGET,
  estimateSeconds,
  EvalError,
  loadTokenCounter,
  renderRunReport,
  RUN_FORMATS,
  summarizeWorkload,
  TurnSettingsSchema,
  type RunFormat,
  type RunPlan,
  type Surface,
  type TurnSettings,
} from '@toolmark/benchmarks';
import { planFor, runPlanned, type PlanRequest, type RunThresholds } from '../eval/evaluate.js';
import { DEFAULT_CACHE_DIR, fileTrialCache } from '../eval/trial-cache.js';
import { createProvider, isProviderId, MODEL_OPTIONAL, PROVIDER_IDS } from '../providers/index.js';
import { CONFIG_FILES } from './config-file.js';
import { addSourceOptions, describeSource, numberOption, resolveSource, type SourceOptions } from './args.js';
import { CliError, EXIT, exitCodeOf, printError } from './errors.js';
import { applyConfig, configTarget, loadRunConfig } from './config-file.js';
import { addGeneratorOptions, boundedOption, generatorOf, languagesOf, parseDistractorList, prefixList, type GeneratorOptions } from './eval-args.js';
import { emit } from './files.js';
import { readTaskSet } from './task-set-file.js';
import type { CliIo } from './io.js';
import { terminalProgress } from './progress.js';
import { loadSurface } from './source.js';

interface RunOptions extends SourceOptions, GeneratorOptions {
  provider?: string;
  model?: string;
  baseUrl?: string;
  casesPerTool: string;
  languages: string;
  distractors?: string;
  repeat: string;
  seed: string;
  temperature: string;
  maxOutputTokens: string;
  concurrency: string;
  maxTrials?: string;
  maxTools?: string;
  permute: boolean;
  dryRun?: boolean;
  format: RunFormat;
  out?: string;
  minAccuracy?: string;
  maxFalseCalls?: string;
  maxErrorRate: string;
  minScored: string;
  cache: boolean;
  cacheDir: string;
  requestTimeout: string;
  retries: string;
  config?: string;
  only?: string;
  skip?: string;
  maxContextTokens?: string;
  secondsPerTrial?: string;
  reasoningEffort?: TurnSettings['reasoningEffort'];
}

/** Everything `toolmark run` was asked to do, parsed and checked. */
export interface RunRequest extends PlanRequest {
  baseURL: string | undefined;
  concurrency: number;
  dryRun: boolean;
  format: RunFormat;
  out: string | undefined;
  thresholds: RunThresholds;
  /** Undefined: no cache. */
  cacheDir: string | undefined;
  requestTimeoutMs: number;
  /** Refuse a surface whose tools take more tokens than this (o200k_base), before any call. */
  maxContextTokens: number | undefined;
  /** The operator's measured seconds per trial: the dry run's time estimate. */
  secondsPerTrial: number | undefined;
}

/** `1 h 02 min`, `3 min 20 s`, `45 s`. */
function duration(seconds: number): string {
  const s = Math.round(seconds);
  if (s < 60) return `${s} s`;
  if (s < 3600) return `${Math.floor(s / 60)} min ${String(s % 60).padStart(2, '0')} s`;
  return `${Math.floor(s / 3600)} h ${String(Math.floor((s % 3600) / 60)).padStart(2, '0')} min`;
}

/** Print the dry run: the workload, the lower-bound token count, the time at the measured seconds per trial, warnings and what the budget would refuse. */
async function printDryRun(plan: RunPlan, request: RunRequest, io: CliIo): Promise<number> {
  const provider = request.provider;
  const w = summarizeWorkload(plan, await loadTokenCounter(), { ...(request.maxContextTokens !== undefined ? { maxContextTokens: request.maxContextTokens } : {}) });
  const kinds = Object.entries(w.casesByKind)
    .map(([k, n]) => `${n} ${k}`)
    .join(', ');
  const lines = [
    `toolmark run --dry-run (${provider}, model ${plan.model}): nothing was sent`,
    `  cases    ${w.cases}${kinds ? ` (${kinds})` : ''} × ${w.repeats} repeat(s) = ${w.trials} trials`,
    `  tools    ${w.tools.shown} shown (${w.tools.server} server, ${w.tools.distractors} distractors), ${w.toolTokensPerTrial} tokens per trial`,
    `  prompt   ≥ ${w.promptTokensLowerBound} tokens in all (${w.tokenizer}; a lower bound, not a price: framing, output and reasoning tokens come on top)`,
    ...(request.secondsPerTrial !== undefined
      ? [`  time     ≈ ${duration(estimateSeconds(w.trials, request.secondsPerTrial, request.concurrency))} (${w.trials} trials × ${request.secondsPerTrial} s, ${request.concurrency} at a time; from your --seconds-per-trial, retries not included)`]
      : []),
    ...w.warnings.map((m) => `  warning  ${m}`),
    ...w.budgetProblems.map((m) => `  refused  ${m}`),
  ];
  io.stdout.write(`${lines.join('\n')}\n`);
  return w.budgetProblems.length > 0 ? EXIT.error : EXIT.ok;
}

/** `toolmark run` once parsed: plan, dry-run or execute, report, and the exit code. */
export async function evaluate(request: RunRequest, ctx: { io: CliIo; signal: AbortSignal; where: string; load: () => Promise<Surface> }): Promise<number> {
  const { io } = ctx;
  const surface = await ctx.load();
  const warn = (message: string): void => void io.stderr.write(`toolmark run: warning: ${message}\n`);
  const { plan, caseSource } = await planFor(surface, request, { env: io.env, signal: ctx.signal, warn });
  if (request.dryRun) return printDryRun(plan, request, io);
  for (const w of plan.warnings) warn(w.message);
  // The provider first (a missing key is the first thing to fix), then the budgets; nothing is sent before both.
  const provider = await createProvider(request.provider, {
    env: io.env,
    timeoutMs: request.requestTimeoutMs,
    maxRetries: request.retries,
    ...(request.baseURL !== undefined ? { baseURL: request.baseURL } : {}),
  });
  assertWithinBudget(plan);
  const context = request.maxContextTokens !== undefined ? contextBudgetProblem(plan, await loadTokenCounter(), request.maxContextTokens) : null;
  if (context) throw new EvalError(context.code, context.message, { limit: context.limit, actual: context.actual });
  if (provider.kind !== 'model') io.stderr.write(`toolmark run: answered by the ${provider.label}\n`);
  // The bar only on a terminal, never in tests or pipes.
  const bar = io.stderr === process.stderr && process.stderr.isTTY === true && plan.trials.length > 1;
  const report = await runPlanned({
    plan,
    caseSource,
    provider,
    concurrency: request.concurrency,
    thresholds: request.thresholds,
    cache: request.cacheDir !== undefined ? fileTrialCache(request.cacheDir) : undefined,
    signal: ctx.signal,
    surfaceName: ctx.where,
    ...(bar ? { progress: terminalProgress(process.stderr, plan.trials.length, provider.kind === 'model' ? plan.model : provider.label) } : {}),
  });
  await emit(renderRunReport(report, request.format), request.out, io, 'run');
  const t = report.thresholds!;
  for (const f of t.failures) io.stderr.write(`toolmark run: ${f.message}\n`);
  return t.ok ? EXIT.ok : t.executionFailure ? EXIT.error : EXIT.threshold;
}

async function runRun(fileArg: string | undefined, options: RunOptions, commandArg: string[] | undefined, io: CliIo, cmd: Command): Promise<number> {
  const controller = new AbortController();
  let interrupted = 0;
  const onSigint = (): void => {
    interrupted++;
    if (interrupted > 1) process.exit(EXIT.cancelled);
    io.stderr.write('\ntoolmark run: cancelling (Ctrl+C again to quit at once)…\n');
    controller.abort();
  };
  process.on('SIGINT', onSigint);
  try {
    // toolmark.config.json (or --config): flags override it.
    const loaded = await loadRunConfig(options.config, process.cwd());
    applyConfig(options as unknown as Record<string, unknown>, cmd, loaded);
    if (loaded) io.stderr.write(`toolmark run: config ${loaded.file}\n`);
    const target = fileArg === undefined && options.url === undefined && commandArg === undefined ? configTarget(loaded) : {};
    const file = fileArg ?? target.file;
    if (target.url !== undefined) options.url = target.url;
    if (target.env !== undefined) options.env = [...target.env, ...options.env];
    const command = commandArg ?? target.command;
    if (options.provider === undefined) throw new CliError('usage', `--provider is required; one of: ${PROVIDER_IDS.join(', ')}`, { key: '--provider' });
    if (!isProviderId(options.provider)) throw new CliError('usage', `unknown provider "${options.provider}"; one of: ${PROVIDER_IDS.join(', ')}`, { key: '--provider' });
    if (options.model === undefined && !MODEL_OPTIONAL.has(options.provider)) {
      throw new CliError('usage', `--model is required for provider ${options.provider}`, { key: '--model' });
    }
    const source = resolveSource(file, options, command, io);
    const generator = generatorOf(options);
    const settings = {
      temperature: boundedOption(options, 'temperature')!,
      seed: boundedOption(options, 'seed')!,
      maxOutputTokens: boundedOption(options, 'maxOutputTokens')!,
      ...(options.reasoningEffort !== undefined ? { reasoningEffort: options.reasoningEffort } : {}),
    };
    const run: RunRequest = {
      provider: options.provider,
      model: options.model,
      baseURL: options.baseUrl,
      casesPerTool: boundedOption(options, 'casesPerTool')!,
      languages: languagesOf(options.languages),
      distractors: parseDistractorList(options.distractors),
      repeats: boundedOption(options, 'repeat')!,
      settings,
      concurrency: boundedOption(options, 'concurrency')!,
      maxTrials: boundedOption(options, 'maxTrials'),
      maxTools: boundedOption(options, 'maxTools'),
      paid: !MODEL_OPTIONAL.has(options.provider),
      only: prefixList(options.only),
      skip: prefixList(options.skip),
      maxContextTokens: boundedOption(options, 'maxContextTokens'),
      secondsPerTrial: boundedOption(options, 'secondsPerTrial'),
      permute: options.permute,
      dryRun: options.dryRun === true,
      format: options.format,
      out: options.out,
      thresholds: {
        minAccuracy: boundedOption(options, 'minAccuracy'),
        maxFalseCallRate: boundedOption(options, 'maxFalseCalls'),
        maxErrorRate: boundedOption(options, 'maxErrorRate')!,
        minScored: boundedOption(options, 'minScored')!,
      },
      generator,
      cacheDir: options.cache ? options.cacheDir : undefined,
      requestTimeoutMs: numberOption(options.requestTimeout, '--request-timeout', { min: 1, max: 3600 })! * 1000,
      retries: numberOption(options.retries, '--retries', { min: 0, max: 10, integer: true })!,
      tasks: options.tasks !== undefined ? await readTaskSet(options.tasks) : undefined,
    };
    return await evaluate(run, {
      io,
      signal: controller.signal,
      where: describeSource(source),
      load: async () => (await loadSurface(source, options, io)).surface,
    });
  } catch (error) {
    if (exitCodeOf(error) !== EXIT.cancelled) return printError(io, 'run', error);
    io.stderr.write('toolmark run: cancelled; no report written\n');
    return EXIT.cancelled;
  } finally {
    process.off('SIGINT', onSigint);
  }
}

/** Register `toolmark run`. `command` is what followed `--` on the command line, if anything. */
export function registerRun(program: Command, io: CliIo, command: string[] | undefined, done: (code: number) => void): void {
  const run = program
    .command('run')
    .summary('evaluate a model (or the lexical baseline) on a server\'s tools: selection, arguments, false calls')
    .description(
      'Show a model the server\'s tools (plus distractor sets, if chosen) and ask it, once per trial, to answer each case; ' +
        'record which tool it calls with which arguments, and score selection accuracy, argument validity and false calls ' +
        'with Wilson 95 % intervals. Never calls a tool. Cases come from --tasks, a generator model or the offline generator.',
    )
    .argument('[file]', 'a tools/list JSON file; or use --url / -- <command…>');
  addSourceOptions(run)
    .option('--provider <id>', `who answers: ${PROVIDER_IDS.join(', ')} (lexical = the offline baseline)`)
    .option('--model <name>', 'model name (optional for lexical and mock)')
    .option('--base-url <url>', 'endpoint override (OpenAI-compatible servers, gateways)')
    .option('--tasks <file>', 'a task-set YAML file (default: cases from the offline generator)')
    .option('--config <file>', `a config file (default: the first of ${CONFIG_FILES.join(', ')} here); flags override it`)
    .option('--only <prefixes>', 'run only the cases whose id starts with one of these (comma-separated)')
    .option('--skip <prefixes>', 'leave out the cases whose id starts with one of these (comma-separated)');
  addGeneratorOptions(run)
    .option('--cases-per-tool <n>', 'generators: tool-directed cases per tool', '8')
    .option('--languages <list>', 'generators: en, ja or en,ja', 'en')
    .option('--distractors <sets>', 'distractor sets shown beside the server\'s tools: a,b,… or all')
    .option('--repeat <n>', 'trials per case', '1')
    .option('--seed <n>', 'seed of the tool order permutation and the offline generator (and sent where supported)', '0')
    .option('--temperature <t>', 'sampling temperature (recorded as unsupported where ignored)', '0')
    .option('--max-output-tokens <n>', 'length limit of an answer (a cut-off answer is excluded from the metrics)', '1024')
    .option('--concurrency <n>', 'trials in flight at once', '4')
    .option('--max-trials <n>', `refuse a run of more trials (default ${PAID_TRIAL_BUDGET} for a paid provider, ${DEFAULT_LIMITS.maxTrials} for lexical and mock; hard cap ${HARD_LIMITS.maxTrials})`)
    .option('--max-context-tokens <n>', 'refuse a surface whose tools take more tokens per trial (o200k_base)')
    .option('--seconds-per-trial <s>', 'your measured seconds per trial: the dry run estimates the wall time')
    .addOption(new Option('--reasoning-effort <level>', 'reasoning effort of a reasoning model (OpenAI; recorded as unsupported elsewhere)').choices(TurnSettingsSchema.shape.reasoningEffort.unwrap().options))
    .option('--max-tools <n>', 'refuse to show more tools (hard cap 1000)')
    .option('--no-permute', 'show tools in the same order in every trial')
    .option('--dry-run', 'print the workload and a lower-bound prompt token count; call nothing')
    .addOption(new Option('--format <format>', 'report format').choices(RUN_FORMATS).default('terminal'))
    .option('--out <file>', 'write the report to a file instead of stdout (- is stdout)')
    .option('--min-accuracy <rate>', 'exit 1 when selectionAcc is below this (0–1)')
    .option('--max-false-calls <rate>', 'exit 1 when falseCallRate is above this (0–1)')
    .option('--max-error-rate <rate>', 'exit 2 when more than this share of trials fail at the provider', '0.1')
    .option('--min-scored <n>', 'exit 2 when fewer trials are scored', '1')
    .option('--no-cache', 'do not reuse or store answers')
    .option('--cache-dir <dir>', 'where answers are cached', DEFAULT_CACHE_DIR)
    .option('--request-timeout <seconds>', 'time limit of one trial\'s provider request', '60')
    .option('--retries <n>', 'provider retries on 429/5xx/timeouts (Retry-After honoured), trials and generator alike', '2')
    .addHelpText(
      'after',
      `
Keys come from the environment only: OPENAI_API_KEY, ANTHROPIC_API_KEY, OPENROUTER_API_KEY, TOGETHER_API_KEY,
OLLAMA_API_KEY / VLLM_API_KEY (optional), TOOLMARK_PROVIDER_API_KEY (openai-compatible).

Examples:
  toolmark run tools.json --provider lexical --distractors notion,memory
  toolmark run tools.json --provider openai --model gpt-4.1-mini --repeat 3 --dry-run
  toolmark run --url https://mcp.example.com/mcp --provider anthropic --model claude-sonnet-5-5 --format json --out run.json

Exit codes: 0 done, 1 a threshold failed, 2 usage/input/provider/execution error, 130 cancelled (no report).`,
    )
    .action(async (file: string | undefined, options: RunOptions, cmd: Command) => {
      done(await runRun(file, options, command, io, cmd));
    });
}
