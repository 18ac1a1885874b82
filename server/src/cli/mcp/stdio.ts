// `toolmark mcp`: the tools offered over stdio on LineStdioTransport (stdio-transport.ts: the SDK's framing,
// every line answered). stdout is the protocol; every log line goes to stderr. Resolves when the client
// closes stdin (or the transport closes), saying whether the transport stopped on a fatal error (the CLI
// then exits non-zero).
import type { LaunchGuards } from './guards.js';
import { createMcpServer } from '../../mcp/register.js';
import { stdioTools } from './tools/index.js';
import { LineStdioTransport } from './stdio-transport.js';
import type { McpLogger } from '../../mcp/tool.js';

/** A logger that writes one line per event to stderr: `toolmark mcp: <level>: <message> {json}`. */
export function stderrLogger(stderr: NodeJS.WritableStream): McpLogger {
  const line = (level: string) => (obj: object, msg?: string): void => {
    const data = Object.fromEntries(Object.entries(obj).map(([k, v]) => [k, v instanceof Error ? v.message : v]));
    stderr.write(`toolmark mcp: ${level}: ${msg ?? ''}${Object.keys(data).length > 0 ? ` ${JSON.stringify(data)}` : ''}\n`);
  };
  return { info: line('info'), warn: line('warn'), error: line('error') };
}

/** Serve until the client goes away: `closed` when it closed stdin, `failed` on a fatal transport error. */
export async function serveStdio(launch: LaunchGuards, io: { stdin: NodeJS.ReadableStream; stdout: NodeJS.WritableStream; stderr: NodeJS.WritableStream }): Promise<'closed' | 'failed'> {
  const log = stderrLogger(io.stderr);
  const server = createMcpServer({ transport: 'stdio', auth: null, local: launch, log }, stdioTools);
  const transport = new LineStdioTransport(io.stdin, io.stdout, log);
  // Every transport and protocol error reaches stderr (the SDK's own transport kept them to itself).
  server.onerror = (err) => log.error({ err }, transport.failure === err ? 'fatal transport error' : 'transport or protocol error');
  const closed = new Promise<void>((resolve) => {
    server.onclose = () => resolve();
    io.stdin.once('end', () => resolve());
    io.stdin.once('close', () => resolve());
  });
  await server.connect(transport);
  const f = launch.flags;
  log.info(
    { cwd: launch.cwd, config: f.config ?? null, paidRuns: f.allowPaidRuns, dynamicTargets: f.allowDynamicTargets, providerOverrides: f.allowProviderOverrides, cache: f.cache, maxTrials: f.maxTrials, maxTools: f.maxTools },
    'serving over stdio',
  );
  await closed;
  await server.close();
  if (transport.failure === null) return 'closed';
  // Nothing more is read: let the process end even while the client still writes.
  (io.stdin as Partial<NodeJS.ReadStream>).destroy?.();
  return 'failed';
}
