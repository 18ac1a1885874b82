import { DistractorSetError } from '@toolmark/distractors';
import { EvalError } from '@toolmark/benchmarks';
import { CliError, EXIT, printError } from '../cli/errors.js';
import type { CliIo } from '../cli/io.js';
import { ProviderError } from '../providers/provider.js';
import { RunCancelled, RunFailed } from './run.js';

/** Exit codes of the evaluation commands: a public contract for CI. */
export const EVAL_EXIT = {
  ok: EXIT.ok,
  /** A quality threshold failed (--min-accuracy, --max-false-calls), or `diff` found a regression. */
  threshold: 1,
  /** Usage, input, provider or execution error (including too many provider errors, too few scored). */
  error: EXIT.error,
  /** Cancelled with Ctrl+C: no report written. */
  cancelled: 130,
} as const;

/** Print an evaluation error with its code (provider, eval, distractor and run errors have their own). */
export function printEvalError(io: CliIo, command: string, error: unknown): void {
  if (error instanceof ProviderError) {
    io.stderr.write(`toolmark ${command}: ${error.code}: ${error.message}\n`);
    return;
  }
  if (error instanceof EvalError) {
    const d = error.detail;
    const where = [d.taskId !== undefined ? `task ${d.taskId}` : '', d.line !== undefined ? `line ${d.line}` : '', d.field !== undefined ? `field ${d.field}` : '']
      .filter(Boolean)
      .join(', ');
    io.stderr.write(`toolmark ${command}: ${error.code}: ${error.message}${where ? `\n  at: ${where}` : ''}\n`);
    return;
  }
  if (error instanceof DistractorSetError) {
    io.stderr.write(`toolmark ${command}: distractor_${error.code}: ${error.message}\n`);
    return;
  }
  if (error instanceof RunFailed) {
    io.stderr.write(`toolmark ${command}: ${error.code}: ${error.message}\n`);
    return;
  }
  printError(io, command, error);
}

/** The exit code of an error. */
export function exitCodeOf(error: unknown): number {
  return error instanceof RunCancelled ? EVAL_EXIT.cancelled : EVAL_EXIT.error;
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
