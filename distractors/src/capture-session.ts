// The only module (with capture.ts) that imports the MCP SDK: it speaks to a server over stdio and
// returns the tools exactly as they were on the wire.
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { RecordingTransport, type RawResponse } from './recording-transport.js';

/** How to start one server over stdio. */
export interface StdioServer {
  command: string;
  args: string[];
  /** The complete environment of the server process (nothing is inherited). */
  env: Record<string, string>;
  cwd?: string;
  /** Per request (initialize, each tools/list page); default 60 s. */
  timeoutMs?: number;
}

/** What one capture saw. */
export interface CapturedTools {
  protocolVersion: string;
  serverInfo: { name: string; version: string; [key: string]: unknown };
  /** The `tools` of every `tools/list` page concatenated, as decoded from the JSON the server wrote. */
  tools: unknown[];
  pages: number;
  /** Paths present on the wire that the SDK's own `listTools` result lacks (`<tool>.<path>`). */
  sdkDroppedPaths: string[];
  /** Set when the SDK's `listTools` refused a page that the wire carried. */
  sdkError?: string;
}

const MAX_PAGES = 100;

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** JSON paths present in `wire` and absent from `parsed` (recursing into objects and arrays). */
export function droppedPaths(wire: unknown, parsed: unknown, path: string): string[] {
  const out: string[] = [];
  if (Array.isArray(wire)) {
    wire.forEach((item, i) => {
      const other = Array.isArray(parsed) ? parsed[i] : undefined;
      if (Array.isArray(parsed) && i < parsed.length) out.push(...droppedPaths(item, other, `${path}[${i}]`));
      else out.push(`${path}[${i}]`);
    });
  } else if (isRecord(wire)) {
    for (const key of Object.keys(wire)) {
      const child = path === '' ? key : `${path}.${key}`;
      if (!isRecord(parsed) || !(key in parsed)) out.push(child);
      else out.push(...droppedPaths(wire[key], parsed[key], child));
    }
  }
  return out;
}

function describe(response: RawResponse | undefined, what: string): Record<string, unknown> {
  if (response === undefined) throw new Error(`no response to ${what}`);
  if (response.error !== undefined) throw new Error(`server answered ${what} with error ${response.error.code}: ${response.error.message}`);
  if (!isRecord(response.result)) throw new Error(`response to ${what} has no result object`);
  return response.result;
}

/**
 * Start a server, initialize, list every page of tools (following `nextCursor`), close it. The tools are
 * the raw decoded JSON; the SDK's parsed view is used only to report what it would have dropped.
 */
export async function captureTools(server: StdioServer): Promise<CapturedTools> {
  const timeout = server.timeoutMs ?? 60_000;
  const stdio = new StdioClientTransport({
    command: server.command,
    args: server.args,
    env: server.env,
    ...(server.cwd === undefined ? {} : { cwd: server.cwd }),
    stderr: 'pipe',
  });
  let stderrText = '';
  stdio.stderr?.on('data', (chunk: Buffer) => {
    stderrText = (stderrText + chunk.toString('utf8')).slice(-8_000);
  });
  const transport = new RecordingTransport(stdio);
  const client = new Client({ name: 'toolmark-distractor-capture', version: '0.1.0' }, { capabilities: {} });
  try {
    await client.connect(transport, { timeout });
    const init = describe(transport.lastResponse('initialize'), 'initialize');
    const protocolVersion = init.protocolVersion;
    const serverInfo = init.serverInfo;
    if (typeof protocolVersion !== 'string') throw new Error('initialize result has no protocolVersion');
    if (!isRecord(serverInfo) || typeof serverInfo.name !== 'string' || typeof serverInfo.version !== 'string') {
      throw new Error('initialize result has no serverInfo with name and version');
    }
    const tools: unknown[] = [];
    const sdkDroppedPaths: string[] = [];
    let sdkError: string | undefined;
    let cursor: string | undefined;
    const seenCursors = new Set<string>();
    let pages = 0;
    do {
      let sdkTools: unknown[] | undefined;
      try {
        const parsed = await client.listTools(cursor === undefined ? undefined : { cursor }, { timeout });
        sdkTools = parsed.tools;
      } catch (err) {
        sdkError = err instanceof Error ? err.message : String(err);
      }
      const result = describe(transport.lastResponse('tools/list'), `tools/list${cursor === undefined ? '' : ` (cursor ${cursor})`}`);
      // Without a wire response the SDK's error is the real one (e.g. a timeout).
      if (!Array.isArray(result.tools)) throw new Error(`tools/list result has no tools array${sdkError ? ` (${sdkError})` : ''}`);
      if (sdkTools !== undefined) {
        result.tools.forEach((tool: unknown, i) => {
          const label = isRecord(tool) && typeof tool.name === 'string' ? tool.name : `#${tools.length + i}`;
          sdkDroppedPaths.push(...droppedPaths(tool, sdkTools[i], label));
        });
      }
      tools.push(...result.tools);
      pages++;
      const next = result.nextCursor;
      cursor = typeof next === 'string' && next !== '' ? next : undefined;
      if (cursor !== undefined) {
        if (seenCursors.has(cursor)) throw new Error(`tools/list repeated cursor ${JSON.stringify(cursor)}`);
        if (pages >= MAX_PAGES) throw new Error(`tools/list still paginating after ${MAX_PAGES} pages`);
        seenCursors.add(cursor);
      }
    } while (cursor !== undefined);
    return {
      protocolVersion,
      serverInfo: serverInfo as CapturedTools['serverInfo'],
      tools,
      pages,
      sdkDroppedPaths,
      ...(sdkError === undefined ? {} : { sdkError }),
    };
  } catch (err) {
    const tail = stderrText.trim();
    throw new Error(`${err instanceof Error ? err.message : String(err)}${tail ? `\nserver stderr (last part):\n${tail}` : ''}`, {
      cause: err,
    });
  } finally {
    await client.close().catch(() => undefined);
  }
}
