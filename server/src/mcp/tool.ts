// The MCP tool interface, as agreed with the MCP framework (branch i17-mcp, which owns this file: its
// version replaces this one at merge). Only what the knowledge-base tools use is here.
import type { ToolAnnotations } from '@modelcontextprotocol/sdk/types.js';
import type { KeyPurpose } from '@toolmark/db';
import type { z } from 'zod';
import type { ApiContext } from '../api/context.js';

/** The two ways in: `toolmark mcp` (a developer's own agent) and the service's `/mcp` endpoint. */
export type McpTransport = 'stdio' | 'http';

/** Who calls over HTTP: the Bearer key's organisation, id and purpose (null: anonymous). */
export interface McpAuth {
  orgId: string;
  keyId: string;
  purpose: KeyPurpose;
}

/** What an HTTP tool may use: the service's database, pools, caches, pipelines' deps (the routes' context). */
export type McpService = Pick<ApiContext, 'db' | 'sql' | 'savesSql' | 'newVersionsSql' | 'jobs' | 'memo' | 'config' | 'now'>;

/** A pino-compatible logger. */
export interface McpLogger {
  info(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
  error(obj: object, msg?: string): void;
}

/** What a tool's `run` gets. */
export interface McpContext {
  transport: McpTransport;
  /** http: the caller's key, or null for an anonymous call; stdio: always null. */
  auth: McpAuth | null;
  /** http only: the service's database and pipelines' dependencies. */
  service?: McpService;
  log: McpLogger;
  signal: AbortSignal;
}

/** A tool's answer: `data` is sent as compact JSON text (and as structuredContent when it is an object). */
export interface McpToolAnswer {
  data: unknown;
}

/** A tool definition: the unit registered on both transports. */
export interface McpToolDef<S extends z.ZodRawShape = z.ZodRawShape> {
  name: string;
  title: string;
  description: string;
  inputSchema: S;
  annotations: Required<Pick<ToolAnnotations, 'readOnlyHint' | 'destructiveHint' | 'idempotentHint' | 'openWorldHint'>>;
  transports: McpTransport[];
  /** `agent-key`: an http call needs a Bearer key of purpose `agent`. */
  needs?: 'agent-key';
  run(ctx: McpContext, args: z.infer<z.ZodObject<S>>): Promise<McpToolAnswer>;
}

/** Define a tool with its argument types inferred from its shape. */
export function defineTool<S extends z.ZodRawShape>(def: McpToolDef<S>): McpToolDef<S> {
  return def;
}
