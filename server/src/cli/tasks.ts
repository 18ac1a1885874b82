import process from 'node:process';
import { Option, type Command } from 'commander';
import {
  casesToTaskSet,
  TASK_LINT_DEFAULTS,
  lintTaskSet,
  mutateTaskSet,
  MUTATION_KINDS,
  stringifyTaskSet,
  type CaseLanguage,
  type MutationKind,
  type TaskLintResult,
} from '@toolmark/benchmarks';
import { buildCases } from '../eval/evaluate.js';
import { addSourceOptions, deprecatedOption, numberOption, resolveSource, type SourceOptions } from './args.js';
import { CliError, EXIT, printError } from './errors.js';
import { applyConfig, configTarget, CONFIG_FILES, loadRunConfig } from './config-file.js';
import { addGeneratorOptions, boundedOption, generatorOf, languagesOf, type GeneratorOptions } from './eval-args.js';
import { exists, writeFileAtomic } from './files.js';
import { readTaskSet } from './task-set-file.js';
import type { CliIo } from './io.js';
import { loadSurface } from './source.js';

interface LintTasksOptions extends SourceOptions {
  tasks?: string;
  format: 'terminal' | 'json';
  minCasesPerTool: string;
  config?: string;
}

interface GenerateOptions extends SourceOptions, Omit<GeneratorOptions, 'tasks'> {
  out?: string;
  force?: boolean;
  seed: string;
  casesPerTool: string;
  languages: string;
  /** Deprecated spellings of --generator-base-url and --generator-timeout (before they were shared with `run`). */
  baseUrl?: string;
  requestTimeout?: string;
  retries: string;
}

interface MutateOptions {
  tasks?: string;
  out?: string;
  force?: boolean;
  seed: string;
  kinds?: string;
  includeOriginals?: boolean;
}

/** Refuse to overwrite an existing file unless --force. */
async function checkOverwrite(out: string, force: boolean | undefined): Promise<void> {
  if (force !== true && (await exists(out))) {
    throw new CliError('usage', `${out} exists; pass --force to overwrite it`, { key: '--out', where: out });
  }
}

function renderLint(result: TaskLintResult): string {
  const lines = [`toolmark tasks lint: ${result.counts.tasks} task(s), ${result.counts.noCall} no-call`];
  for (const p of result.problems) lines.push(`  ${p.level.padEnd(7)} ${p.code.padEnd(24)} ${p.message}`);
  lines.push(result.ok ? 'ok: no errors' : `${result.problems.filter((p) => p.level === 'error').length} error(s)`);
  return `${lines.join('\n')}\n`;
}

async function lintTasks(fileArg: string | undefined, options: LintTasksOptions, commandArg: string[] | undefined, io: CliIo, cmd: Command): Promise<number> {
  try {
    const loaded = await loadRunConfig(options.config, process.cwd());
    applyConfig(options as unknown as Record<string, unknown>, cmd, loaded);
    if (loaded) io.stderr.write(`toolmark tasks lint: config ${loaded.file}\n`);
    const target = fileArg === undefined && options.url === undefined && commandArg === undefined ? configTarget(loaded) : {};
    if (target.url !== undefined) options.url = target.url;
    if (target.env !== undefined) options.env = [...target.env, ...options.env];
    if (options.tasks === undefined) throw new CliError('usage', '--tasks <file> is required', { key: '--tasks' });
    const source = resolveSource(fileArg ?? target.file, options, commandArg ?? target.command, io);
    const minCasesPerTool = boundedOption(options, 'minCasesPerTool')!;
    const { set } = await readTaskSet(options.tasks);
    const { surface } = await loadSurface(source, options, io);
    const result = lintTaskSet(set, surface, { minCasesPerTool });
    io.stdout.write(options.format === 'json' ? `${JSON.stringify(result, null, 2)}\n` : renderLint(result));
    return result.ok ? EXIT.ok : EXIT.threshold;
  } catch (error) {
    return printError(io, 'tasks lint', error);
  }
}

async function generateTasks(file: string | undefined, options: GenerateOptions, command: string[] | undefined, io: CliIo): Promise<number> {
  try {
    if (options.out === undefined) throw new CliError('usage', '--out <file> is required', { key: '--out' });
    await checkOverwrite(options.out, options.force);
    const source = resolveSource(file, options, command, io);
    const { surface } = await loadSurface(source, options, io);
    const languages: CaseLanguage[] = languagesOf(options.languages);
    const deprecated = (old: string, instead: string): void => void io.stderr.write(`toolmark tasks generate: warning: ${old} is deprecated; use ${instead}\n`);
    if (options.baseUrl !== undefined) deprecated('--base-url', '--generator-base-url');
    if (options.requestTimeout !== undefined) deprecated('--request-timeout', '--generator-timeout');
    const { cases, source: from } = await buildCases(
      surface,
      {
        casesPerTool: numberOption(options.casesPerTool, '--cases-per-tool', { min: 1, max: 100, integer: true })!,
        languages,
        seed: numberOption(options.seed, '--seed', { min: 0, max: 2 ** 31 - 1, integer: true })!,
        generator: generatorOf({
          ...options,
          generatorBaseUrl: options.generatorBaseUrl ?? options.baseUrl,
          generatorTimeout: options.requestTimeout ?? options.generatorTimeout,
        }),
        retries: numberOption(options.retries, '--retries', { min: 0, max: 10, integer: true })!,
      },
      { env: io.env, signal: new AbortController().signal, warn: (m) => void io.stderr.write(`toolmark tasks generate: warning: ${m}\n`) },
    );
    const header = `# Generated by toolmark tasks generate (${from}). Review and edit, then commit; do not regenerate on every run.\n`;
    await writeFileAtomic(options.out, header + stringifyTaskSet(casesToTaskSet(cases)));
    io.stderr.write(`toolmark tasks generate: wrote ${cases.length} task(s) to ${options.out}\n`);
    return EXIT.ok;
  } catch (error) {
    return printError(io, 'tasks generate', error);
  }
}

async function mutateTasks(options: MutateOptions, io: CliIo): Promise<number> {
  try {
    if (options.tasks === undefined) throw new CliError('usage', '--tasks <file> is required', { key: '--tasks' });
    if (options.out === undefined) throw new CliError('usage', '--out <file> is required', { key: '--out' });
    await checkOverwrite(options.out, options.force);
    const kinds = (options.kinds ?? MUTATION_KINDS.join(',')).split(',').map((k) => k.trim());
    for (const k of kinds) {
      if (!(MUTATION_KINDS as readonly string[]).includes(k)) throw new CliError('usage', `--kinds takes ${MUTATION_KINDS.join(', ')}; got "${k}"`, { key: '--kinds' });
    }
    const { set } = await readTaskSet(options.tasks);
    const seed = numberOption(options.seed, '--seed', { min: 0, max: 2 ** 31 - 1, integer: true })!;
    const mutated = mutateTaskSet(set, seed, kinds as MutationKind[], { includeOriginals: options.includeOriginals === true });
    await writeFileAtomic(options.out, stringifyTaskSet(mutated));
    io.stderr.write(`toolmark tasks mutate: wrote ${mutated.tasks.length} task(s) to ${options.out}\n`);
    return EXIT.ok;
  } catch (error) {
    return printError(io, 'tasks mutate', error);
  }
}

/** Register `toolmark tasks lint|generate|mutate`. */
export function registerTasks(program: Command, io: CliIo, command: string[] | undefined, done: (code: number) => void): void {
  const tasks = program.command('tasks').summary('lint, generate or mutate a task-set file (YAML)');
  const lint = tasks
    .command('lint')
    .summary('validate a task set against a surface without any model')
    .description(
      `Names exist, expected arguments pass the schema, no unknown keys or impossible ranges, ids unique, ≥ ${TASK_LINT_DEFAULTS.minCasesPerTool} cases per tool (expected or in an expect step; --min-cases-per-tool), ≥ 15 % no-call, tiers consistent.`,
    )
    .argument('[file]', 'a tools/list JSON file; or use --url / -- <command…>')
    .option('--tasks <file>', 'the task-set YAML file')
    .option('--min-cases-per-tool <n>', 'fewest tasks per tool (1 suits a set of one case per command, read for its overall rate)', String(TASK_LINT_DEFAULTS.minCasesPerTool))
    .option('--config <file>', `a config file (default: the first of ${CONFIG_FILES.join(', ')} here): target, tasks, thresholds.minCasesPerTool; flags override it`)
    .addOption(new Option('--format <format>', 'output format').choices(['terminal', 'json']).default('terminal'));
  addSourceOptions(lint)
    .addHelpText('after', '\nExit codes: 0 no errors, 1 the set has errors, 2 usage or input error.')
    .action(async (file: string | undefined, options: LintTasksOptions, cmd: Command) => done(await lintTasks(file, options, command, io, cmd)));
  const generate = tasks
    .command('generate')
    .summary('draft a task set from a surface (offline generator, or a generator model)')
    .argument('[file]', 'a tools/list JSON file; or use --url / -- <command…>')
    .option('--out <file>', 'where to write the YAML')
    .option('--force', 'overwrite --out if it exists')
    .option('--seed <n>', 'seed of the offline generator', '0')
    .option('--cases-per-tool <n>', 'tool-directed cases per tool', '8')
    .option('--languages <list>', 'en, ja or en,ja', 'en');
  addGeneratorOptions(generate)
    .option('--retries <n>', 'provider retries of the generator request', '2')
    .addOption(deprecatedOption('--base-url <url>', '--generator-base-url'))
    .addOption(deprecatedOption('--request-timeout <seconds>', '--generator-timeout'));
  addSourceOptions(generate)
    .addHelpText('after', '\nRefuses to overwrite --out without --force. Exit codes: 0 written, 2 usage, input or provider error.')
    .action(async (file: string | undefined, options: GenerateOptions) => done(await generateTasks(file, options, command, io)));
  tasks
    .command('mutate')
    .summary('seeded rewrites of every task (typo, casual, polite, imperative, question); no model')
    .option('--tasks <file>', 'the task-set YAML file to rewrite')
    .option('--out <file>', 'where to write the mutated set')
    .option('--force', 'overwrite --out if it exists')
    .option('--seed <n>', 'seed of the rewrites', '0')
    .option('--kinds <list>', `rewrite kinds (default all: ${MUTATION_KINDS.join(',')})`)
    .option('--include-originals', 'keep the original tasks in the output too')
    .action(async (options: MutateOptions) => done(await mutateTasks(options, io)));
}
