// One MCP tool = one file under tools/ exporting a McpToolDef (like a lint rule): its name, what a model
// reads (title, description, input and output schemas, annotations), what it needs, and
// `run`, a thin adapter over the same code paths the CLI commands and the REST routes call.
// register.ts turns the defs into an SDK server for one transport; a tool never touches the SDK itself.
import type { ToolAnnotations } from '@modelcontextprotocol/sdk/types.js';
import { ToolmarkError, type ErrorShape, type Surface, type TaskSet, type TokenCounter } from '@toolmark/benchmarks';
import type { KeyPurpose, leaderboard, ScoreCounts } from '@toolmark/db';
import type { z } from 'zod';
import type { Config } from '../config.js';
import type { CpuPool, CpuSession } from '../cpu/pool.js';
import type { PipelineDeps } from '../pipelines/deps.js';
import type { ReadDeps } from '../pipelines/read-evaluation.js';
import type { ReadCache } from '../pipelines/read-cache.js';

export type { ToolAnnotations } from '@modelcontextprotocol/sdk/types.js';

/** The two ways in: `toolmark mcp` (a developer's own agent) and the service's `/mcp` endpoint. */
export type McpTransport = 'stdio' | 'http';

/** Who calls over HTTP: the Bearer key's organisation, id and purpose (null: anonymous). */
export interface McpAuth {
  orgId: string;
  keyId: string;
  purpose: KeyPurpose;
}

/**
 * What an HTTP tool may use: what pipelines take (the database, its pools, the job sender, the lint memo, a
 * clock), the configuration and the read caches the REST routes share. A route's ApiContext satisfies it.
 */
export interface McpService extends Omit<PipelineDeps, 'config'>, Omit<ReadDeps, 'db'> {
  config: Config;
  /** The leaderboard pages' cache, shared with GET /v1/leaderboards/lint. */
  boardCache: ReadCache<Awaited<ReturnType<typeof leaderboard>>>;
  /** Each board's score counts (its ranks), shared with the REST routes. */
  scoreCountsCache: ReadCache<ScoreCounts>;
  /** The core's tokenizer (o200k_base). */
  tokens: TokenCounter;
  /** The worker threads that lint (cpu/pool.ts): a request's tools never run CPU-heavy work on the event loop. */
  cpu: CpuPool;
}

/** A pino-compatible logger (stdio: stderr only, stdout is the protocol). */
export interface McpLogger {
  info(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
  error(obj: object, msg?: string): void;
}

/**
 * What a tool offered on both transports reads over stdio: task sets in the working directory and the
 * configured target. `toolmark mcp` implements it with its launch guards (cli/mcp/guards.ts), so this
 * layer never imports the CLI; stdio-only tools live under cli/mcp/ and reach the guards themselves.
 */
export interface McpLocal {
  /** The task set at `file` (a path inside the working directory, refused naming `argument`), or the configured one; undefined when neither. */
  taskSet(file: string | undefined, argument: string): Promise<TaskSet | undefined>;
  /** The surface of the configured target. */
  targetSurface(): Promise<Surface>;
}

/** What a tool's `run` gets. Exactly one of `service` (http) and `local` (stdio) is set. */
export interface McpContext {
  transport: McpTransport;
  /** http: the caller's key, or null for an anonymous call; stdio: always null. */
  auth: McpAuth | null;
  /** http only: the service's database and pipelines' dependencies. */
  service?: McpService;
  /** stdio only: the working directory and target as the launch guards allow them. */
  local?: McpLocal;
  log: McpLogger;
  /** http only: this request's share of the CPU pool (its budget); stdio: absent, tools run in-process. */
  cpu?: CpuSession;
  /** Aborted when the client cancels the call or the transport closes. */
  signal: AbortSignal;
}

/** A tool's answer: `data` is sent as compact JSON text and as structuredContent, which the def's outputSchema describes. */
export interface McpToolAnswer {
  data: unknown;
}

/** A tool definition: the unit each transport's list (mcp/tools/index.ts, cli/mcp/tools/index.ts) registers. */
export interface McpToolDef<S extends z.ZodRawShape = z.ZodRawShape> {
  /** snake_case, unique; the file is tools/<kebab-case of name>.ts. */
  name: string;
  title: string;
  description: string;
  /** Zod shape of the arguments (strict: an unknown argument is an error naming it). */
  inputSchema: S;
  /**
   * What a successful call's structuredContent is (tools/list shows it as JSON Schema). A refusal is the
   * uniform error shape with `isError: true` instead; test/mcp/output-schemas.test.ts holds real results to it.
   */
  outputSchema: z.ZodType<Record<string, unknown>>;
  annotations: Required<Pick<ToolAnnotations, 'readOnlyHint' | 'destructiveHint' | 'idempotentHint' | 'openWorldHint'>>;
  /** `agent-key`: an http call needs a Bearer key of purpose `agent` (401 / 403 in the uniform shape otherwise). */
  needs?: 'agent-key';
  run(ctx: McpContext, args: z.infer<z.ZodObject<S>>): Promise<McpToolAnswer>;
}

/** Whether a caller may call the def at all (so tools/list shows it): over http, `needs` decides. */
export function callableBy(def: McpToolDef, transport: McpTransport, auth: McpAuth | null): boolean {
  return def.needs !== 'agent-key' || transport !== 'http' || auth?.purpose === 'agent';
}

/**
 * Define a tool with its argument types inferred from its shape. The result is the erased def the lists
 * hold (register.ts parses the arguments with the same shape before `run` sees them).
 */
export function defineTool<S extends z.ZodRawShape>(def: McpToolDef<S>): McpToolDef {
  return def as unknown as McpToolDef;
}

/** Codes of errors the MCP layer itself raises; every other error keeps its own code. */
export type McpErrorCode =
  | 'invalid_arguments'
  | 'unauthorized'
  | 'wrong_purpose'
  | 'not_found'
  | 'not_scored'
  | 'path_refused'
  | 'target_refused'
  | 'paid_runs_disabled'
  | 'override_refused'
  | 'budget_exceeded'
  | 'unavailable';

/** A refusal inside a tool result, in the uniform error shape (`isError: true`). */
export class McpToolError extends ToolmarkError<McpErrorCode> {
  override readonly name = 'McpToolError';
}

/** The uniform error shape of any error a tool stopped on: a toolmark error keeps its code and detail. */
export function toolErrorShape(error: unknown): ErrorShape<string, Record<string, unknown>> {
  if (error instanceof ToolmarkError) return { error: { code: error.code, message: error.message, detail: { ...(error.detail as Record<string, unknown>) } } };
  return { error: { code: 'internal_error', message: 'unexpected failure (please report it)', detail: {} } };
}
