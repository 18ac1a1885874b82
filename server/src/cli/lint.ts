import { isAbsolute } from 'node:path';
import { pathToFileURL } from 'node:url';
import { Option, type Command } from 'commander';
import {
  compareLint,
  LATEST_ALIAS,
  LATEST_RULES,
  lintSurface,
  regressions,
  renderMarkdown,
  renderPrMarkdown,
  renderRegressions,
  renderSarif,
  renderTerminal,
  resolveRuleSetId,
  ruleSets,
  type LintResult,
  type RuleSetId,
} from '@toolmark/benchmarks';
import { nodeSha256Hex } from '../native-hash.js';
import { cliTokenCounter } from '../native-tokens.js';
import { CliError, errorShape, EXIT, printError } from './errors.js';
import { colorEnabled, type CliIo } from './io.js';
import { addSourceOptions, describeSource, resolveSource, type SourceOptions } from './args.js';
import { loadSurface } from './source.js';
import { toolRegions } from './tool-positions.js';
import type { Baseline, GateFlags } from './baseline.js';

/** Output formats of `toolmark lint`. */
const FORMATS = ['terminal', 'json', 'markdown', 'sarif'] as const;
type Format = (typeof FORMATS)[number];

interface LintOptions extends SourceOptions, GateFlags {
  json?: boolean;
  format: Format;
  rules: string;
  failUnder?: string;
  baseline?: string;
  instance?: string;
  pin?: string;
  updatePin?: boolean;
}

/** What the renderers know besides the result: the surface file's text and path, the baseline, the instance. */
interface RenderContext {
  rules: RuleSetId;
  file?: { path: string; text: string };
  instanceUrl?: string;
  comparison?: { text: string };
}

/** The instance address from --instance: an http(s) URL without credentials, query or fragment. */
function parseInstance(text: string | undefined): string | undefined {
  if (text === undefined) return undefined;
  let url: URL | undefined;
  try {
    url = new URL(text);
  } catch {
    url = undefined;
  }
  if (!url || !/^https?:$/.test(url.protocol) || url.username !== '' || url.password !== '' || url.search !== '' || url.hash !== '') {
    throw new CliError('usage', `--instance expects the http(s) address of a toolmark instance, got "${text}"`, { key: '--instance' });
  }
  return `${url.origin}${url.pathname.replace(/\/+$/, '')}`;
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

/** A surface file as a SARIF artifact URI: relative paths stay relative (code scanning resolves them from the repository root), absolute ones become file: URLs. */
function artifactUri(path: string): string {
  if (isAbsolute(path)) return pathToFileURL(path).href;
  return path
    .split(/[\\/]/)
    .filter((part) => part !== '.' && part !== '')
    .map(encodeURIComponent)
    .join('/');
}

/** The lint result in the chosen format (markdown with a baseline is the pull-request report). */
function renderResult(result: LintResult, format: Format, io: CliIo, context: RenderContext): string {
  if (format === 'json') return `${JSON.stringify(result, null, 2)}\n`;
  if (format === 'markdown') return context.comparison?.text ?? renderMarkdown(result);
  if (format === 'sarif') {
    const file = context.file;
    return renderSarif(result, {
      docs: ruleSets[context.rules].findings,
      ...(context.instanceUrl === undefined ? {} : { instanceUrl: context.instanceUrl }),
      ...(file === undefined
        ? {}
        : { artifactUri: artifactUri(file.path), regions: toolRegions(file.text, result.tools.map((t) => t.name)) }),
    });
  }
  const options: { color: boolean; width?: number } = { color: colorEnabled(io.env, io.stdoutIsTTY) };
  if (io.columns !== undefined) options.width = io.columns;
  return renderTerminal(result, options);
}

async function runLint(file: string | undefined, options: LintOptions, command: string[] | undefined, io: CliIo): Promise<number> {
  let where: string | undefined;
  let format: Format = options.json === true ? 'json' : options.format;
  try {
    format = resolveFormat(options);
    const rules = resolveRuleSetId(options.rules);
    if (rules === undefined) {
      throw new CliError('usage', `unknown rules version "${options.rules}"; known: ${Object.entries(ruleSets).map(([id, set]) => (set.status === 'draft' ? `${id} (draft)` : id)).join(', ')}, ${LATEST_ALIAS}`, { key: '--rules' });
    }
    const failUnder = parseFailUnder(options.failUnder);
    let instanceUrl = parseInstance(options.instance);
    const source = resolveSource(file, options, command, io);
    // The baseline module (and zod with it) loads only when a baseline is asked for.
    const gate = options.baseline === undefined ? undefined : await import('./baseline.js');
    const policy = gate?.gatePolicy(options);
    let baseline: Baseline | undefined;
    if (gate !== undefined && options.baseline !== undefined) {
      baseline = await gate.loadBaseline(options.baseline, io.env);
      if (baseline.result.rules.id !== rules) {
        throw new CliError(
          'usage',
          `the baseline was scored with rules ${baseline.result.rules.id} and this lint uses ${rules}: scores of different rules versions do not compare; pass --rules ${baseline.result.rules.id} or save a new baseline`,
          { key: '--rules', where: baseline.name },
        );
      }
      instanceUrl ??= baseline.instanceUrl;
    }
    if (options.updatePin === true && options.pin === undefined) throw new CliError('usage', '--update-pin needs --pin <file>', { key: '--update-pin' });
    // The pin module (zod and jsdiff) loads only when a pin is asked for; a bad pin file fails before any work.
    const pinning = options.pin === undefined ? undefined : await import('./pin.js');
    const pinInput = pinning && options.pin !== undefined ? await pinning.readPin(options.pin, options.updatePin === true) : undefined;
    where = describeSource(source);
    const loaded = await loadSurface(source, options, io);
    where = loaded.where;
    const result = await lintSurface(loaded.surface, rules, { sha256Hex: nodeSha256Hex, tokens: await cliTokenCounter() });
    const context: RenderContext = { rules };
    if (source.kind === 'file' && source.path !== '-' && loaded.text !== undefined) context.file = { path: source.path, text: loaded.text };
    if (instanceUrl !== undefined) context.instanceUrl = instanceUrl;
    let regressed = false;
    if (baseline !== undefined && policy !== undefined) {
      const comparison = compareLint(baseline.result, result, ruleSets[rules].securityCodes);
      const found = regressions(comparison, policy);
      regressed = found.length > 0;
      const serverUrl = baseline.serverUrl;
      context.comparison = { text: renderPrMarkdown(comparison, found, { baseline: baseline.name, ...(serverUrl === undefined ? {} : { serverUrl }) }) };
      io.stdout.write(renderResult(result, format, io, context));
      io.stderr.write(`toolmark lint: ${renderRegressions(found, baseline.name)}`);
    } else io.stdout.write(renderResult(result, format, io, context));
    let pinChanged = false;
    if (pinning !== undefined && pinInput !== undefined) {
      const outcome = await pinning.applyPin(pinInput, loaded.surface);
      io.stderr.write(pinning.renderPinOutcome(outcome));
      pinChanged = pinning.pinFailed(outcome);
    }
    if (failUnder !== undefined && (result.score === null || result.score < failUnder)) {
      const mean = result.score === null ? 'there is no server mean (no tools)' : `the server mean ${result.score.toFixed(1)} is below`;
      io.stderr.write(`toolmark lint: ${mean} --fail-under ${failUnder}\n`);
      return EXIT.threshold;
    }
    return regressed || pinChanged ? EXIT.threshold : EXIT.ok;
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
    .option('--rules <id>', `rules version to score with (${Object.keys(ruleSets).join(', ')}; ${LATEST_ALIAS} = ${LATEST_RULES})`, LATEST_RULES)
    .option('--fail-under <score>', 'exit 1 when the server mean is below this score (0–100)')
    .option('--baseline <file|url>', 'compare with a saved lint (a --format json file, or https://<instance>/servers/<slug> for its latest saved lint) and exit 1 on a regression')
    .option('--max-drop <points>', 'with --baseline: the server mean may fall by at most this many points', '0')
    .addOption(
      new Option('--fail-on <severity>', 'with --baseline: a new finding at this severity or above is a regression').choices(['critical', 'required', 'minor', 'none']).default('required'),
    )
    .option('--no-fail-on-band-drop', 'with --baseline: a tool falling a band (sunny → cloudy → rain) is not a regression')
    .option('--no-fail-on-security', 'with --baseline: a new security finding is a regression only through --fail-on')
    .option('--pin <file>', 'security-review pin: write the tools to this file when it does not exist, else exit 1 when any tool differs from it (named, with a diff)')
    .option('--update-pin', 'with --pin: write the current tools to the pin file (after reviewing the changes)')
    .option('--instance <url>', 'the toolmark instance (https://…): SARIF rules link to its finding docs (implied by a --baseline URL)')
    .addHelpText(
      'after',
      `
Examples:
  toolmark lint tools.json
  toolmark lint --url https://mcp.example.com/mcp --format markdown
  toolmark lint --fail-under 70 -- npx -y @modelcontextprotocol/server-memory
  toolmark lint --json --env API_KEY=… -- node ./server.js
  toolmark lint tools.json --format json > baseline.json          # on the main branch
  toolmark lint tools.json --baseline baseline.json --max-drop 2   # on a pull request
  toolmark lint tools.json --baseline https://toolmark.example.com/servers/my-server --format markdown
  toolmark lint tools.json --format sarif --instance https://toolmark.example.com > toolmark.sarif
  toolmark lint --pin toolmark.pin.json -- npx -y @modelcontextprotocol/server-memory   # review once, then on every run

With --baseline the regressions (or "no regression") are printed on stderr, tool by tool; the report on
stdout is the chosen format (--format markdown becomes the pull-request report: score, band, per-tool
changes, new and fixed findings, under GitHub's 65 536-character comment limit). A regression is, by
default: the server mean lower at all (--max-drop 0), a tool down a band, a new required or critical
finding, a new security finding. TOOLMARK_API_KEY is sent as a bearer token to a --baseline URL.

With --pin the first run writes the reviewed tools (names, hashes, definitions) to the file; later runs
print on stderr every tool that was changed, added or removed since, with a unified diff, and exit 1.
--update-pin records the current tools after a review.

Exit codes: 0 done, 1 server mean below --fail-under, a regression against --baseline or a tool changed since --pin, 2 usage, input or connection error.`,
    )
    .action(async (file: string | undefined, options: LintOptions) => {
      done(await runLint(file, options, command, io));
    });
}
