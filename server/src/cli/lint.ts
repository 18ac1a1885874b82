import { Option, type Command } from 'commander';
import { isRuleSetId, LATEST_RULES, lintSurface, renderMarkdown, renderTerminal, ruleSets, type LintResult } from '@toolmark/benchmarks';
import { nodeSha256Hex } from '../native-hash.js';
import { cliTokenCounter } from '../native-tokens.js';
import { CliError, errorShape, EXIT, printError } from './errors.js';
import { colorEnabled, type CliIo } from './io.js';
import { addSourceOptions, describeSource, resolveSource, type SourceOptions } from './args.js';
import { loadSurface } from './source.js';

/** Output formats of `toolmark lint`. */
const FORMATS = ['terminal', 'json', 'markdown'] as const;
type Format = (typeof FORMATS)[number];

interface LintOptions extends SourceOptions {
  json?: boolean;
  format: Format;
  rules: string;
  failUnder?: string;
}

/** Parse --fail-under: a score between 0 and 100. */
function parseFailUnder(text: string | undefined): number | undefined {
  if (text === undefined) return undefined;
  const n = Number(text);
  if (text.trim() === '' || !Number.isFinite(n) || n < 0 || n > 100) {
    throw new CliError('usage', `--fail-under expects a score between 0 and 100, got "${text}"`, { key: '--fail-under' });
  }
  return n;
}

/** The output format from --json and --format (they must agree when both are given). */
function resolveFormat(options: LintOptions): Format {
  if (options.json === true && options.format !== 'terminal' && options.format !== 'json') {
    throw new CliError('usage', `--json and --format ${options.format} contradict each other; give one`, { key: '--format' });
  }
  return options.json === true ? 'json' : options.format;
}

/** The lint result in the chosen format. */
function renderResult(result: LintResult, format: Format, io: CliIo): string {
  if (format === 'json') return `${JSON.stringify(result, null, 2)}\n`;
  if (format === 'markdown') return renderMarkdown(result);
  const options: { color: boolean; width?: number } = { color: colorEnabled(io.env, io.stdoutIsTTY) };
  if (io.columns !== undefined) options.width = io.columns;
  return renderTerminal(result, options);
}

async function runLint(file: string | undefined, options: LintOptions, command: string[] | undefined, io: CliIo): Promise<number> {
  let where: string | undefined;
  let format: Format = options.json === true ? 'json' : options.format;
  try {
    format = resolveFormat(options);
    if (!isRuleSetId(options.rules)) {
      throw new CliError('usage', `unknown rules version "${options.rules}"; known: ${Object.keys(ruleSets).join(', ')}`, { key: '--rules' });
    }
    const failUnder = parseFailUnder(options.failUnder);
    const source = resolveSource(file, options, command, io);
    where = describeSource(source);
    const loaded = await loadSurface(source, options, io);
    where = loaded.where;
    const result = await lintSurface(loaded.surface, options.rules, { sha256Hex: nodeSha256Hex, tokens: await cliTokenCounter() });
    io.stdout.write(renderResult(result, format, io));
    if (failUnder !== undefined && (result.score === null || result.score < failUnder)) {
      const mean = result.score === null ? 'there is no server mean (no tools)' : `the server mean ${result.score.toFixed(1)} is below`;
      io.stderr.write(`toolmark lint: ${mean} --fail-under ${failUnder}\n`);
      return EXIT.threshold;
    }
    return EXIT.ok;
  } catch (error) {
    printError(io, 'lint', error, where);
    if (format === 'json') io.stdout.write(`${JSON.stringify(errorShape(error, where), null, 2)}\n`);
    return EXIT.error;
  }
}

/** Register `toolmark lint`. `command` is what followed `--` on the command line, if anything. */
export function registerLint(program: Command, io: CliIo, command: string[] | undefined, done: (code: number) => void): void {
  const lint = program
    .command('lint')
    .summary('score every tool of a surface, list findings and confusable pairs')
    .description(
      'Score every tool of an MCP server\'s tools/list (100 points in six categories), list findings by severity, ' +
        'the server mean and the most confusable pairs of tools. Never calls a tool.',
    )
    .argument('[file]', 'a tools/list JSON file ({ "tools": [...] }, a JSON-RPC response or an array); - reads stdin');
  addSourceOptions(lint)
    .option('--json', 'print the lint result as JSON (same as --format json)')
    .addOption(new Option('--format <format>', 'output format').choices(FORMATS).default('terminal'))
    .option('--rules <id>', 'rules version to score with', LATEST_RULES)
    .option('--fail-under <score>', 'exit 1 when the server mean is below this score (0–100)')
    .addHelpText(
      'after',
      `
Examples:
  toolmark lint tools.json
  toolmark lint --url https://mcp.example.com/mcp --format markdown
  toolmark lint --fail-under 70 -- npx -y @modelcontextprotocol/server-memory
  toolmark lint --json --env API_KEY=… -- node ./server.js

Exit codes: 0 done, 1 server mean below --fail-under, 2 usage, input or connection error.`,
    )
    .action(async (file: string | undefined, options: LintOptions) => {
      done(await runLint(file, options, command, io));
    });
}
