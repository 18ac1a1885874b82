import process from 'node:process';
import { Option, type Command } from 'commander';
import { CaseLanguageSchema, type CaseLanguage } from '@toolmark/benchmarks';
import { EVAL_EXIT, exitCodeOf, numberOption, printEvalError } from '../eval/cli-shared.js';
import { evaluate, REPORT_FORMATS, type ReportFormat } from '../eval/evaluate.js';
import { parseDistractorList } from '../eval/distractors.js';
import { DEFAULT_CACHE_DIR } from '../eval/trial-cache.js';
import { isProviderId, MODEL_OPTIONAL, PROVIDER_IDS, type ProviderId } from '../providers/index.js';
import { addSourceOptions, describeSource, resolveSource, type SourceOptions } from './args.js';
import { CliError } from './errors.js';
import type { CliIo } from './io.js';
import { loadSurface } from './source.js';

interface RunOptions extends SourceOptions {
  provider?: string;
  model?: string;
  baseUrl?: string;
  tasks?: string;
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
  format: ReportFormat;
  out?: string;
  minAccuracy?: string;
  maxFalseCalls?: string;
  maxErrorRate: string;
  minScored: string;
  generateWith?: string;
  generatorModel?: string;
  generatorBaseUrl?: string;
  cache: boolean;
  cacheDir: string;
  requestTimeout: string;
  retries: string;
}

/** Parse --languages en,ja. */
export function languagesOf(text: string): CaseLanguage[] {
  const list = [...new Set(text.split(',').map((s) => s.trim()).filter(Boolean))];
  for (const l of list) {
    if (!CaseLanguageSchema.safeParse(l).success) throw new CliError('usage', `--languages takes en and/or ja, got "${l}"`, { key: '--languages' });
  }
  if (list.length === 0) throw new CliError('usage', '--languages needs at least one language', { key: '--languages' });
  return list as CaseLanguage[];
}

/** --generate-with <provider> --generator-model <model>: both or neither; the baseline and mock cannot write cases. */
export function generatorOf(options: {
  generateWith?: string;
  generatorModel?: string;
  generatorBaseUrl?: string;
  tasks?: string;
}): { provider: ProviderId; model: string; baseURL?: string } | undefined {
  if (options.generateWith === undefined && options.generatorModel === undefined) return undefined;
  if (options.generateWith === undefined || options.generatorModel === undefined) {
    throw new CliError('usage', '--generate-with and --generator-model go together', { key: '--generate-with' });
  }
  if (options.tasks !== undefined) throw new CliError('usage', '--tasks and --generate-with contradict each other; give one', { key: '--generate-with' });
  if (!isProviderId(options.generateWith) || MODEL_OPTIONAL.has(options.generateWith)) {
    throw new CliError('usage', `--generate-with needs a model provider, got "${options.generateWith}"`, { key: '--generate-with' });
  }
  return { provider: options.generateWith, model: options.generatorModel, ...(options.generatorBaseUrl !== undefined ? { baseURL: options.generatorBaseUrl } : {}) };
}

async function runRun(file: string | undefined, options: RunOptions, command: string[] | undefined, io: CliIo): Promise<number> {
  const controller = new AbortController();
  let interrupted = 0;
  const onSigint = (): void => {
    interrupted++;
    if (interrupted > 1) process.exit(EVAL_EXIT.cancelled);
    io.stderr.write('\ntoolmark run: cancelling (Ctrl+C again to quit at once)…\n');
    controller.abort();
  };
  process.on('SIGINT', onSigint);
  try {
    if (options.provider === undefined) throw new CliError('usage', `--provider is required; one of: ${PROVIDER_IDS.join(', ')}`, { key: '--provider' });
    if (!isProviderId(options.provider)) throw new CliError('usage', `unknown provider "${options.provider}"; one of: ${PROVIDER_IDS.join(', ')}`, { key: '--provider' });
    if (options.model === undefined && !MODEL_OPTIONAL.has(options.provider)) {
      throw new CliError('usage', `--model is required for provider ${options.provider}`, { key: '--model' });
    }
    const source = resolveSource(file, options, command, io);
    const generator = generatorOf(options);
    const settings = {
      temperature: numberOption(options.temperature, '--temperature', { min: 0, max: 2 })!,
      seed: numberOption(options.seed, '--seed', { min: 0, max: 2 ** 31 - 1, integer: true })!,
      maxOutputTokens: numberOption(options.maxOutputTokens, '--max-output-tokens', { min: 1, max: 32_768, integer: true })!,
    };
    const run = {
      provider: options.provider,
      model: options.model,
      baseURL: options.baseUrl,
      tasksFile: options.tasks,
      casesPerTool: numberOption(options.casesPerTool, '--cases-per-tool', { min: 1, max: 100, integer: true })!,
      languages: languagesOf(options.languages),
      distractors: parseDistractorList(options.distractors),
      repeats: numberOption(options.repeat, '--repeat', { min: 1, max: 100, integer: true })!,
      settings,
      concurrency: numberOption(options.concurrency, '--concurrency', { min: 1, max: 64, integer: true })!,
      maxTrials: numberOption(options.maxTrials, '--max-trials', { min: 1, max: 100_000, integer: true }),
      maxTools: numberOption(options.maxTools, '--max-tools', { min: 1, max: 1_000, integer: true }),
      permute: options.permute,
      dryRun: options.dryRun === true,
      format: options.format,
      out: options.out,
      thresholds: {
        minAccuracy: numberOption(options.minAccuracy, '--min-accuracy', { min: 0, max: 1 }),
        maxFalseCallRate: numberOption(options.maxFalseCalls, '--max-false-calls', { min: 0, max: 1 }),
        maxErrorRate: numberOption(options.maxErrorRate, '--max-error-rate', { min: 0, max: 1 })!,
        minScored: numberOption(options.minScored, '--min-scored', { min: 0, max: 100_000, integer: true })!,
      },
      generator,
      cacheDir: options.cache ? options.cacheDir : undefined,
      requestTimeoutMs: numberOption(options.requestTimeout, '--request-timeout', { min: 1, max: 3600 })! * 1000,
      retries: numberOption(options.retries, '--retries', { min: 0, max: 10, integer: true })!,
    };
    return await evaluate(run, {
      io,
      signal: controller.signal,
      where: describeSource(source),
      load: async () => (await loadSurface(source, options, io)).surface,
    });
  } catch (error) {
    const code = exitCodeOf(error);
    if (code === EVAL_EXIT.cancelled) io.stderr.write('toolmark run: cancelled; no report written\n');
    else printEvalError(io, 'run', error);
    return code;
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
        'with Wilson 95 % intervals. Never calls a tool. Cases come from --tasks or the offline generator.',
    )
    .argument('[file]', 'a tools/list JSON file; or use --url / -- <command…>');
  addSourceOptions(run)
    .option('--provider <id>', `who answers: ${PROVIDER_IDS.join(', ')} (lexical = the offline baseline)`)
    .option('--model <name>', 'model name (optional for lexical and mock)')
    .option('--base-url <url>', 'endpoint override (OpenAI-compatible servers, gateways)')
    .option('--tasks <file>', 'a task-set YAML file (default: cases from the offline generator)')
    .option('--generate-with <provider>', 'write the cases with a generator model through this provider (default: offline generator)')
    .option('--generator-model <model>', 'the generator model')
    .option('--generator-base-url <url>', 'endpoint override for the generator')
    .option('--cases-per-tool <n>', 'offline generator: tool-directed cases per tool', '8')
    .option('--languages <list>', 'offline generator: en, ja or en,ja', 'en')
    .option('--distractors <sets>', 'distractor sets shown beside the server\'s tools: a,b,… or all')
    .option('--repeat <n>', 'trials per case', '1')
    .option('--seed <n>', 'seed of the tool order permutation (and sent where supported)', '0')
    .option('--temperature <t>', 'sampling temperature (recorded as unsupported where ignored)', '0')
    .option('--max-output-tokens <n>', 'length limit of an answer (a cut-off answer is excluded from the metrics)', '1024')
    .option('--concurrency <n>', 'trials in flight at once', '4')
    .option('--max-trials <n>', 'refuse a run of more trials (hard cap 100000)')
    .option('--max-tools <n>', 'refuse to show more tools (hard cap 1000)')
    .option('--no-permute', 'show tools in the same order in every trial')
    .option('--dry-run', 'print the workload and a lower-bound prompt token count; call nothing')
    .addOption(new Option('--format <format>', 'report format').choices(REPORT_FORMATS).default('terminal'))
    .option('--out <file>', 'write the report to a file instead of stdout')
    .option('--min-accuracy <rate>', 'exit 1 when selectionAcc is below this (0–1)')
    .option('--max-false-calls <rate>', 'exit 1 when falseCallRate is above this (0–1)')
    .option('--max-error-rate <rate>', 'exit 2 when more than this share of trials fail at the provider', '0.1')
    .option('--min-scored <n>', 'exit 2 when fewer trials are scored', '1')
    .option('--no-cache', 'do not reuse or store answers')
    .option('--cache-dir <dir>', 'where answers are cached', DEFAULT_CACHE_DIR)
    .option('--request-timeout <seconds>', 'time limit of one provider request', '60')
    .option('--retries <n>', 'provider retries on 429/5xx/timeouts (Retry-After honoured)', '2')
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
    .action(async (file: string | undefined, options: RunOptions) => {
      done(await runRun(file, options, command, io));
    });
}
