import { Option, type Command } from 'commander';
import type { CaptureTarget } from '../capture/capture.js';
import { describeUrl, httpAuthFromEnv } from '../capture/http-target.js';
import { describeCommand } from '../capture/describe.js';
import { CliError } from './errors.js';
import type { CliIo } from './io.js';

/** Where a surface comes from: a file (or `-` for stdin), or a live server. */
export type Source = { kind: 'file'; path: string } | CaptureTarget;

/** The options every command that reads a server shares. */
export interface SourceOptions {
  url?: string;
  env: string[];
  timeout: string;
  connectTimeout: string;
}

/** Split argv at the first `--`: what follows is the server's command line, never parsed as our options. */
export function splitCommand(argv: readonly string[]): { ours: string[]; command: string[] | undefined } {
  const i = argv.indexOf('--');
  return i < 0 ? { ours: [...argv], command: undefined } : { ours: argv.slice(0, i), command: argv.slice(i + 1) };
}

/** Commander collector for repeatable options. */
function collect(value: string, previous: string[]): string[] {
  return [...previous, value];
}

/** Add the options shared by every command that can reach a live server. */
export function addSourceOptions(command: Command): Command {
  return command
    .option('--url <url>', 'read a server over HTTP: Streamable HTTP, falling back to HTTP+SSE')
    .option('--env <KEY=VALUE>', 'set a variable for a server started with -- <command…> (repeatable); it inherits only PATH and HOME', collect, [])
    .option('--timeout <seconds>', 'time limit for the whole capture', '60')
    .option('--connect-timeout <seconds>', 'time limit to start or reach the server and initialize', '30');
}

/** A hidden, deprecated spelling of an option: still accepted, not shown in --help. */
export function deprecatedOption(flags: string, instead: string): Option {
  return new Option(flags, `deprecated: use ${instead}`).hideHelp();
}

/** Parse `--env KEY=VALUE` pairs. */
export function parseEnvPairs(pairs: readonly string[]): Record<string, string> {
  const env: Record<string, string> = {};
  for (const pair of pairs) {
    const eq = pair.indexOf('=');
    const key = eq < 0 ? pair : pair.slice(0, eq);
    if (eq < 0 || !/^[A-Za-z_][A-Za-z0-9_]*$/.test(key)) {
      throw new CliError('usage', `--env expects KEY=VALUE with a name of letters, digits and _, got "${key}"`, { key: '--env' });
    }
    env[key] = pair.slice(eq + 1);
  }
  return env;
}

/** Seconds given on the command line, as milliseconds (0 < s ≤ 3600). */
export function parseSeconds(text: string, flag: string): number {
  const seconds = Number(text);
  if (text.trim() === '' || !Number.isFinite(seconds) || seconds <= 0 || seconds > 3600) {
    throw new CliError('usage', `${flag} expects seconds between 0 and 3600, got "${text}"`, { key: flag });
  }
  return Math.round(seconds * 1000);
}

/** Exactly one of: a file argument, --url, or a command after `--`. */
export function resolveSource(file: string | undefined, options: SourceOptions, command: string[] | undefined, io: Pick<CliIo, 'env'>): Source {
  const given = [file !== undefined, options.url !== undefined, command !== undefined].filter(Boolean).length;
  if (given !== 1) {
    throw new CliError(
      'usage',
      given === 0 ? 'say what to read: a file, --url <url>, or -- <command…>' : 'give only one of: a file, --url <url>, or -- <command…>',
    );
  }
  if (options.env.length > 0 && command === undefined) {
    throw new CliError('usage', '--env applies only to a server started with -- <command…>', { key: '--env' });
  }
  if (file !== undefined) return { kind: 'file', path: file };
  if (options.url !== undefined) return { kind: 'http', url: options.url, auth: httpAuthFromEnv(io.env) };
  const [program, ...args] = command ?? [];
  if (program === undefined || program === '') throw new CliError('usage', 'nothing after --: give the command that starts the server');
  return { kind: 'stdio', command: program, args, env: parseEnvPairs(options.env) };
}

/** How a source is named in messages before it is reached (a URL without query or credentials). */
export function describeSource(source: Source): string {
  if (source.kind === 'file') return source.path === '-' ? 'stdin' : source.path;
  if (source.kind === 'stdio') return describeCommand(source);
  try {
    return describeUrl(new URL(source.url));
  } catch {
    return '--url';
  }
}

/** Parse a number option within bounds, or throw a usage error naming the flag. */
export function numberOption(text: string | undefined, flag: string, bounds: { min: number; max: number; integer?: boolean }): number | undefined {
  if (text === undefined) return undefined;
  const n = Number(text);
  if (text.trim() === '' || !Number.isFinite(n) || n < bounds.min || n > bounds.max || (bounds.integer === true && !Number.isInteger(n))) {
    const what = bounds.integer === true ? 'an integer' : 'a number';
    throw new CliError('usage', `${flag} expects ${what} from ${bounds.min} to ${bounds.max}, got "${text}"`, { key: flag });
  }
  return n;
}
