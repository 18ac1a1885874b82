import process from 'node:process';

/** What a command may touch of the outside world; main.ts passes the real one. */
export interface CliIo {
  stdin: NodeJS.ReadableStream;
  stdout: NodeJS.WritableStream;
  stderr: NodeJS.WritableStream;
  env: Readonly<Record<string, string | undefined>>;
  /** stdout is a terminal (colour and width apply only then). */
  stdoutIsTTY: boolean;
  /** Terminal width, when stdout is a terminal. */
  columns: number | undefined;
  /** stderr is a terminal: then a slow step (starting a server, waiting for its tools) says what it is doing. */
  stderrIsTTY?: boolean;
}

/** The process's own streams and environment. */
export function processIo(): CliIo {
  return {
    stdin: process.stdin,
    stdout: process.stdout,
    stderr: process.stderr,
    env: process.env,
    stdoutIsTTY: process.stdout.isTTY === true,
    columns: process.stdout.isTTY === true ? process.stdout.columns : undefined,
    stderrIsTTY: process.stderr.isTTY === true,
  };
}

/**
 * Whether to colour terminal output. FORCE_COLOR forces it on (any value but `0`/`false`) or off
 * (`0`/`false`), as in Node itself; otherwise NO_COLOR (any non-empty value) turns it off; otherwise colour
 * is used only when stdout is a terminal that is not `dumb`.
 */
export function colorEnabled(env: Readonly<Record<string, string | undefined>>, stdoutIsTTY: boolean): boolean {
  const force = env.FORCE_COLOR;
  if (force !== undefined) return !['0', 'false'].includes(force.toLowerCase());
  if (env.NO_COLOR !== undefined && env.NO_COLOR !== '') return false;
  return stdoutIsTTY && env.TERM !== 'dumb';
}
