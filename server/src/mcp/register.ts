// The tool definitions on an SDK server for one transport: `tools/list` shows the defs offered on that
// transport (JSON Schema from their zod shapes), `tools/call` validates the arguments with the same shape,
// enforces `needs`, runs the def and answers with compact JSON — or, for any refusal, the uniform error
// shape `{ error: { code, message, detail } }` with `isError: true`. The low-level `Server` (not
// `McpServer`) so that argument errors are in that shape too, naming the argument.
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { CallToolRequestSchema, ErrorCode, ListToolsRequestSchema, McpError, type CallToolResult, type Tool } from '@modelcontextprotocol/sdk/types.js';
import { z } from 'zod';
import { buildInfo } from '../build-info.js';
import { callableBy, McpToolError, toolErrorShape, type McpContext, type McpToolDef, type McpTransport } from './tool.js';

/** What the server tells a client at `initialize`: each transport describes only the tools it offers. */
export const INSTRUCTIONS: Record<McpTransport, string> = {
  http:
    'toolmark scores MCP servers by how well their tools read to a model. To choose a server for a job, call find_servers with what it should do, ' +
    'then get_server_score for its findings. lint_surface scores a tools/list you paste; validate_tasks checks a task set. ' +
    'With an agent key: report_failure and query_failures. Errors are {"error":{"code","message","detail"}}.',
  stdio:
    'toolmark checks the MCP server this operator configured: lint_surface scores a tools/list, validate_tasks checks a task set, ' +
    'estimate_evaluation then run_evaluation measure how well a model picks its tools (within the operator\'s budget), diff_results compares two runs. ' +
    'Errors are {"error":{"code","message","detail"}}.',
};

/** The JSON Schema of a def's arguments, as `tools/list` shows it. */
export function inputJsonSchema(def: McpToolDef): Tool['inputSchema'] {
  const schema = z.toJSONSchema(z.strictObject(def.inputSchema), { io: 'input', unrepresentable: 'any' }) as Record<string, unknown>;
  delete schema.$schema;
  return { ...schema, type: 'object' } as Tool['inputSchema'];
}

/**
 * Output schemas are read by the client (which validates structuredContent with them) and cost the agent's
 * context tokens on every tools/list: below the top level they keep types and property names but not
 * `required` or `additionalProperties` — what a validator needs to hold the shape, not every guarantee.
 */
function lean(node: unknown, depth: number): unknown {
  if (Array.isArray(node)) return node.map((n) => lean(n, depth));
  if (node === null || typeof node !== 'object') return node;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(node)) {
    if (key === 'additionalProperties' && (value === false || (value !== null && typeof value === 'object' && Object.keys(value).length === 0))) continue;
    if (key === 'required' && depth > 0) continue;
    if (key === 'properties' && value !== null && typeof value === 'object') {
      out[key] = Object.fromEntries(Object.entries(value).map(([name, sub]) => [name, lean(sub, depth + 1)]));
    } else out[key] = lean(value, depth);
  }
  return out;
}

/** The JSON Schema of a def's structuredContent, as `tools/list` shows it (lean below the top level). */
export function outputJsonSchema(def: McpToolDef): NonNullable<Tool['outputSchema']> {
  const schema = z.toJSONSchema(def.outputSchema, { io: 'output', unrepresentable: 'any' }) as Record<string, unknown>;
  delete schema.$schema;
  return { type: 'object', ...(lean(schema, 0) as Record<string, unknown>) } as NonNullable<Tool['outputSchema']>;
}

/** A def as `tools/list` shows it. */
export function listedTool(def: McpToolDef): Tool {
  return {
    name: def.name,
    title: def.title,
    description: def.description,
    inputSchema: inputJsonSchema(def),
    outputSchema: outputJsonSchema(def),
    annotations: { title: def.title, ...def.annotations },
  };
}

/**
 * The most bytes of JSON one call's result may carry (the text; structuredContent repeats it, so the wire
 * carries up to about twice this). A larger result is not sent: the call answers `result_too_large`, which
 * says how big it was and to ask for less, so one call can neither flood an agent's context nor the network.
 */
export const MAX_RESULT_BYTES = 1024 * 1024;

const answer = (data: unknown, isError = false): CallToolResult => {
  const text = JSON.stringify(data);
  const bytes = Buffer.byteLength(text);
  if (bytes > MAX_RESULT_BYTES) {
    return answer(
      {
        error: {
          code: 'result_too_large',
          message: `the result is ${bytes} bytes of JSON, over the ${MAX_RESULT_BYTES}-byte limit of one call's result; ask for less (without detail, fewer items, a smaller surface)`,
          detail: { bytes, limit: MAX_RESULT_BYTES },
        },
      },
      true,
    );
  }
  return {
    content: [{ type: 'text', text }],
    // A refusal is text only: structuredContent is what the tool's outputSchema describes, and an error is not that.
    ...(!isError && data !== null && typeof data === 'object' && !Array.isArray(data) ? { structuredContent: data as Record<string, unknown> } : {}),
    ...(isError ? { isError: true } : {}),
  };
};

/** The arguments, parsed by the def's shape, or an `invalid_arguments` refusal naming the first bad one. */
function parseArguments(def: McpToolDef, args: unknown): Record<string, unknown> {
  const parsed = z.strictObject(def.inputSchema).safeParse(args ?? {});
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0]!;
  const path = ['arguments', ...issue.path.map(String)].join('.');
  const what = issue.code === 'unrecognized_keys' ? `unknown argument(s) ${issue.keys.map((k) => `"${k}"`).join(', ')}` : issue.message;
  throw new McpToolError('invalid_arguments', `${def.name}: ${path}: ${what}`, { path, issues: parsed.error.issues.slice(0, 5).map((i) => ({ path: i.path.map(String), message: i.message })) });
}

/** Refuse a call the caller's key may not make. */
function checkNeeds(def: McpToolDef, ctx: Omit<McpContext, 'signal'>): void {
  if (def.needs !== 'agent-key' || ctx.transport !== 'http') return;
  if (ctx.auth === null) throw new McpToolError('unauthorized', `${def.name} needs an agent key: send "Authorization: Bearer <key>" with a key of purpose agent`, { needs: 'agent' });
  if (ctx.auth.purpose !== 'agent') {
    throw new McpToolError('wrong_purpose', `a ${ctx.auth.purpose} key cannot call ${def.name}; it needs a key with purpose agent`, { purpose: ctx.auth.purpose, allowed: ['agent'] });
  }
}

/** Run one call: validated, guarded, and every failure in the uniform error shape. */
export async function callTool(def: McpToolDef, args: unknown, ctx: McpContext): Promise<CallToolResult> {
  try {
    checkNeeds(def, ctx);
    const parsed = parseArguments(def, args);
    const { data } = await def.run(ctx, parsed as never);
    return answer(data);
  } catch (error) {
    const shape = toolErrorShape(error);
    if (shape.error.code === 'internal_error') ctx.log.error({ err: error, tool: def.name }, 'MCP tool failed');
    return answer(shape, true);
  }
}

/**
 * An SDK server offering one transport's tool list. `tools/list` shows only the tools this caller can call
 * (an anonymous or non-agent caller over http does not see the agent-key tools, which would only cost its
 * context); calling one anyway still answers why it was refused.
 */
export function createMcpServer(ctx: Omit<McpContext, 'signal'>, offered: readonly McpToolDef[]): Server {
  const byName = new Map(offered.map((d) => [d.name, d]));
  const listed = offered.filter((d) => callableBy(d, ctx.transport, ctx.auth)).map(listedTool);
  const server = new Server({ name: 'toolmark', title: 'toolmark', version: buildInfo().version }, { capabilities: { tools: { listChanged: false } }, instructions: INSTRUCTIONS[ctx.transport] });
  server.setRequestHandler(ListToolsRequestSchema, () => ({ tools: listed }));
  server.setRequestHandler(CallToolRequestSchema, async (request, extra) => {
    const def = byName.get(request.params.name);
    if (def === undefined) throw new McpError(ErrorCode.InvalidParams, `unknown tool "${request.params.name}"; tools/list names the tools of this server`);
    return callTool(def, request.params.arguments, { ...ctx, signal: extra.signal });
  });
  return server;
}
