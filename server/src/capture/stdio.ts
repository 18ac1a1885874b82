import process from 'node:process';
import { DEFAULT_INHERITED_ENV_VARS, StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';

/** A server started as a child process and spoken to over stdin/stdout. */
export interface StdioTarget {
  kind: 'stdio';
  /** The executable; run directly, never through a shell. */
  command: string;
  args: string[];
  /** Variables given explicitly (`--env KEY=VALUE`); added to PATH and HOME, which are inherited. */
  env?: Record<string, string>;
  cwd?: string;
}

/** The only variables a stdio server inherits from us (on Windows the SDK's list, which the OS needs). */
export const INHERITED_ENV: readonly string[] = process.platform === 'win32' ? DEFAULT_INHERITED_ENV_VARS : ['PATH', 'HOME'];

/** The environment a stdio server gets: PATH and HOME from `parent`, plus the explicit variables. */
export function reducedEnv(parent: Readonly<Record<string, string | undefined>>, explicit: Record<string, string> = {}): Record<string, string> {
  const env: Record<string, string> = {};
  for (const key of INHERITED_ENV) {
    const value = parent[key];
    if (value !== undefined) env[key] = value;
  }
  return { ...env, ...explicit };
}

/** The command line for messages, arguments with spaces quoted. */
export { describeCommand } from './describe.js';

const STDERR_TAIL = 4_000;

/** A stdio transport with a reduced environment and the server's stderr kept (its last part) for errors. */
export function createStdioTransport(target: StdioTarget): { transport: StdioClientTransport; stderrTail: () => string } {
  // The SDK always merges its own default variables (LOGNAME, SHELL, TERM, USER, …) under ours; listing them
  // as undefined removes them, because Node's spawn skips undefined values.
  const env: Record<string, string | undefined> = Object.fromEntries(DEFAULT_INHERITED_ENV_VARS.map((k) => [k, undefined]));
  Object.assign(env, reducedEnv(process.env, target.env));
  const transport = new StdioClientTransport({
    command: target.command,
    args: target.args,
    env: env as Record<string, string>,
    stderr: 'pipe',
    ...(target.cwd === undefined ? {} : { cwd: target.cwd }),
  });
  let tail = '';
  transport.stderr?.on('data', (chunk: Buffer) => {
    tail = (tail + chunk.toString('utf8')).slice(-STDERR_TAIL);
  });
  return { transport, stderrTail: () => tail.trim() };
}
