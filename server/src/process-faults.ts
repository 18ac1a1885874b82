// What this process came through without stopping: unhandled promise rejections, uncaught I/O errors and
// log lines it could not write (a full disk under stdout). The counts are the process's own (since it
// started) and public on `GET /health` (counts only: no message, no stack). Policy, argued in
// docs/reliability.md ("Process-wide errors"):
// - an unhandled rejection is logged (its error, stack, and the count so far) and counted; the process stays
//   up. A rejection nobody awaited is a bug in whoever dropped the promise, not a sign that this process's
//   memory is wrong: the code that made it has already unwound through its own `finally`s.
// - an uncaught exception that is a system I/O error (`code` ENOSPC, EIO, EROFS, EPIPE, … with a `syscall`:
//   an `error` event of a stream nobody listened to, a write to a full disk) is logged and counted likewise;
// - any other uncaught exception (a TypeError thrown from a callback, an assertion) left a callback
//   unwound half-way, with whatever it was changing half-changed: it is logged at `fatal`, counted, and the
//   process stops as on SIGTERM (requests and jobs in progress finish, jobs go back to the queue) and exits
//   1 for its supervisor to start it again — `onFatal` below.
import process from 'node:process';
import type { ProcessFaults } from '@toolmark/benchmarks/api';

export type { ProcessFaults };

const counts: ProcessFaults = { unhandledRejections: 0, uncaughtExceptions: 0, logWriteErrors: 0, logLinesDropped: 0 };

/** A copy of the counts so far. */
export function processFaults(): ProcessFaults {
  return { ...counts };
}

/** Count one failed log write or one dropped line (logger.ts; it cannot log its own failure). */
export function countLogFault(kind: 'logWriteErrors' | 'logLinesDropped'): void {
  counts[kind] += 1;
}

/** System error codes of storage and pipes: what the machine did, not a bug of ours. */
const IO_CODES = new Set(['ENOSPC', 'EDQUOT', 'EIO', 'EROFS', 'EPIPE', 'ECONNRESET', 'EBADF', 'EFBIG', 'EMFILE', 'ENFILE', 'EAGAIN']);

/** True for a system I/O error (Node's errors of a failed syscall carry `code` and `syscall`). */
export function isSystemIoError(error: unknown): error is NodeJS.ErrnoException {
  if (!(error instanceof Error)) return false;
  const { code, syscall } = error as NodeJS.ErrnoException;
  return typeof code === 'string' && IO_CODES.has(code) && typeof syscall === 'string';
}

/** What the guards need of a logger (pino's). */
export interface FaultLog {
  error(object: Record<string, unknown>, message: string): void;
  fatal(object: Record<string, unknown>, message: string): void;
}

/**
 * Install the process-wide handlers (once per process: `npm start`, `toolmark worker`). `onFatal` is called
 * for an uncaught exception that is not an I/O error, once; it should stop the process as a signal would.
 * Returns a function that removes the handlers.
 */
export function installProcessGuards(log: FaultLog, onFatal: (error: unknown) => void): () => void {
  let fatal = false;
  const onRejection = (reason: unknown): void => {
    counts.unhandledRejections += 1;
    try {
      log.error({ err: reason, unhandledRejections: counts.unhandledRejections }, `unhandled promise rejection (survived): ${describe(reason)}`);
    } catch {
      // the logger itself failed (it counts its own write errors); nothing else to do
    }
  };
  const onException = (error: unknown, origin: string): void => {
    counts.uncaughtExceptions += 1;
    const io = isSystemIoError(error);
    try {
      if (io) log.error({ err: error, origin, uncaughtExceptions: counts.uncaughtExceptions }, `uncaught I/O error (survived): ${describe(error)}`);
      else log.fatal({ err: error, origin, uncaughtExceptions: counts.uncaughtExceptions }, `uncaught exception: stopping (${describe(error)})`);
    } catch {
      // as above
    }
    if (io || fatal) return;
    fatal = true;
    onFatal(error);
  };
  process.on('unhandledRejection', onRejection);
  process.on('uncaughtException', onException);
  return () => {
    process.off('unhandledRejection', onRejection);
    process.off('uncaughtException', onException);
  };
}

/** The error's class and message, short (the stack is in `err`). */
function describe(error: unknown): string {
  if (error instanceof Error) {
    const code = (error as NodeJS.ErrnoException).code;
    return `${error.name}${typeof code === 'string' ? ` ${code}` : ''}: ${error.message.slice(0, 300)}`;
  }
  return String(error).slice(0, 300);
}
