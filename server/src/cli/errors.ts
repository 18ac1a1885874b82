import { InputError, visibleText } from '@toolmark/benchmarks';
import { CaptureError } from '../capture/errors.js';
import type { CliIo } from './io.js';

/** Exit codes: a public contract for CI scripts. */
export const EXIT = {
  /** The command did its work (and the score met --fail-under, if given). */
  ok: 0,
  /** The server mean is below --fail-under. */
  failUnder: 1,
  /** Bad usage, bad input, or the server could not be reached or read. */
  error: 2,
} as const;

/** Codes of errors the CLI itself raises (usage and files); input and capture errors keep their own codes. */
export type CliErrorCode = 'usage' | 'file_not_found' | 'file_unreadable' | 'file_write_failed';

/** A CLI failure with the uniform error shape. */
export class CliError extends Error {
  override readonly name = 'CliError';
  constructor(
    readonly code: CliErrorCode,
    message: string,
    readonly detail: Record<string, unknown> = {},
  ) {
    super(message);
  }
}

/** The uniform error shape, `{ error: { code, message, detail } }`, for any error; `where` names the source. */
export function errorShape(error: unknown, where?: string): { error: { code: string; message: string; detail: Record<string, unknown> } } {
  let code = 'internal_error';
  let message = error instanceof Error ? error.message : String(error);
  let detail: Record<string, unknown> = {};
  if (error instanceof InputError || error instanceof CaptureError || error instanceof CliError) {
    code = error.code;
    detail = { ...error.detail };
  } else {
    message = `unexpected failure (please report it): ${message}`;
  }
  if (where !== undefined && detail.where === undefined) detail.where = where;
  return { error: { code, message, detail } };
}

/** Print an error for people on stderr: the code, the message, and where (source, JSON path, key, names). */
export function printError(io: CliIo, command: string, error: unknown, where?: string): void {
  const { code, message, detail } = errorShape(error, where).error;
  // Messages can carry server-sent text (names, stderr): show it, never let it drive the terminal.
  const lines = message.split('\n').map((l) => visibleText(l));
  const out = [`toolmark ${command}: ${code}: ${lines[0] ?? ''}`, ...lines.slice(1).map((l) => `  ${l}`)];
  const field = (label: string, value: unknown): void => {
    if (value === undefined) return;
    const text = Array.isArray(value) ? value.map(String).join(', ') : String(value);
    out.push(`  ${label}: ${visibleText(text)}`);
  };
  field('where', detail.where);
  field('at', detail.path);
  field('key', detail.key);
  field('names', detail.names);
  io.stderr.write(`${out.join('\n')}\n`);
}
