import { ToolmarkError, visibleText, type ErrorShape } from '@toolmark/benchmarks';
import type { CliIo } from './io.js';

/** Exit codes: a public contract for CI scripts, the same for every command. */
export const EXIT = {
  /** The command did its work (and every threshold given was met). */
  ok: 0,
  /** A threshold failed: the server mean is below --fail-under, --min-accuracy / --max-false-calls, a regression in `diff`, a task set with errors. */
  threshold: 1,
  /** Bad usage, bad input, a server or provider that could not be reached or read, an execution error. */
  error: 2,
  /** Cancelled with Ctrl+C (no report written). */
  cancelled: 130,
} as const;

/** Codes of errors the CLI itself raises (usage and files); every other error keeps its own code. */
export type CliErrorCode = 'usage' | 'file_not_found' | 'file_unreadable' | 'file_write_failed' | 'config_invalid' | 'baseline_invalid' | 'baseline_unreachable' | 'pin_invalid';

/** A CLI failure with the uniform error shape. */
export class CliError extends ToolmarkError<CliErrorCode> {
  override readonly name = 'CliError';
}

/** The exit code of a command that stopped on `error`: the error's own (2, or 130 when cancelled); 2 for anything unexpected. */
export function exitCodeOf(error: unknown): number {
  return error instanceof ToolmarkError ? error.exitCode : EXIT.error;
}

/**
 * The uniform error shape, `{ error: { code, message, detail } }`, for any error: a toolmark error keeps its
 * code and detail; anything else is `internal_error` and says so. `where` names the source when the error
 * does not.
 */
export function errorShape(error: unknown, where?: string): ErrorShape<string, Record<string, unknown>> {
  let code = 'internal_error';
  let message = error instanceof Error ? error.message : String(error);
  let detail: Record<string, unknown> = {};
  if (error instanceof ToolmarkError) {
    code = error.code;
    detail = { ...(error.detail as Record<string, unknown>) };
  } else {
    message = `unexpected failure (please report it): ${message}`;
  }
  if (where !== undefined && detail.where === undefined) detail.where = where;
  return { error: { code, message, detail } };
}

/** Where in the input: a JSON path, a task, a line (and column), a field. */
function locationOf(detail: Record<string, unknown>): string | undefined {
  const parts = [
    detail.path,
    detail.taskId !== undefined ? `task ${String(detail.taskId)}` : undefined,
    detail.line !== undefined ? `line ${String(detail.line)}${detail.column !== undefined ? `:${String(detail.column)}` : ''}` : undefined,
    detail.field !== undefined ? `field ${String(detail.field)}` : undefined,
  ].filter((p) => p !== undefined);
  return parts.length > 0 ? parts.map(String).join(', ') : undefined;
}

/**
 * The one printer of errors for people, for every command: `toolmark <command>: <code>: <message>` on
 * stderr, then where (source), at (JSON path, task, line, field), key and names when the error has them.
 * Returns the exit code the command should end with.
 */
export function printError(io: Pick<CliIo, 'stderr'>, command: string, error: unknown, where?: string): number {
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
  field('at', locationOf(detail));
  field('key', detail.key);
  field('names', detail.names);
  io.stderr.write(`${out.join('\n')}\n`);
  return exitCodeOf(error);
}
