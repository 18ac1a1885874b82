// The CPU-heavy work the service hands to its worker threads (pool.ts), as plain functions of plain data:
// the same function runs in a pool thread (worker.ts exports these) or in the calling thread (the stdio
// MCP server, the pool turned off), so the two cannot answer differently. Each returns its value with the
// CPU time it took on its thread (`ms`, what a request's CPU budget is charged) or, for bad input, the core's
// InputError or EvalError as data: an error crossing a thread boundary loses its class, code and detail.
import { readFileSync } from 'node:fs';
import {
  EvalError,
  InputError,
  LintCache,
  lintSurface,
  lintTaskSet,
  parseSurfaceText,
  parseSurfaceValue,
  parseTaskSet,
  surfaceHash,
  type EvalErrorCode,
  type InputErrorCode,
  type LintResult,
  type RuleSetId,
  type TaskLintResult,
  type Tool,
  type TokenCounter,
} from '@toolmark/benchmarks';
import { compactLint } from '../mcp/compact.js';
import { nodeSha256Hex } from '../native-hash.js';
import { cliTokenCounter } from '../native-tokens.js';

/** `lintTools`: lint_surface's work — a tools array (already JSON) parsed, linted, the compact view or the whole result. */
export interface LintToolsInput {
  tools: Record<string, unknown>[];
  rules: RuleSetId;
  detail: boolean;
}

/** `lintText`: a lint save's work — the request body parsed, its canonical hash, the result and its JSON text. */
export interface LintTextInput {
  text: string;
  rules: RuleSetId;
}

export interface LintTextOutput {
  tools: Tool[];
  surfaceHash: string;
  result: LintResult;
  /** `JSON.stringify(result)`, made on the thread that made the result (the answer and the row use it). */
  json: string;
}

/** `validateTasks`: validate_tasks' work — a task-set YAML parsed and checked against a tools array. */
export interface ValidateTasksInput {
  tasks: string;
  tools: Record<string, unknown>[];
  minCasesPerTool: number;
}

/** The core's refusal of bad input, as data. */
type Refused =
  | { kind: 'input'; code: InputErrorCode; message: string; detail: Record<string, unknown> }
  | { kind: 'eval'; code: EvalErrorCode; message: string; detail: Record<string, unknown> };

/** What a task sends back. */
export type TaskOutcome<T> = { ms: number; value: T } | { ms: number; refused: Refused };

let tokens: Promise<TokenCounter> | undefined;
/** The compact o200k table, loaded once per thread (not once per lint). */
const tokensOnce = (): Promise<TokenCounter> => (tokens ??= cliTokenCounter());
/** Tools seen before on this thread are not analysed again (same results: the core's LintCache contract). */
const toolCache = new LintCache();

const threadCpuUsage = (process as { threadCpuUsage?: () => { user: number; system: number } }).threadCpuUsage;

/**
 * CPU time of this thread so far (ms), so that a busy machine (the thread waiting for a core) does not
 * count against a request's budget: `process.threadCpuUsage` (Node ≥ 23.9), else Linux's
 * /proc/thread-self/stat (utime + stime, in 10 ms ticks), else the wall clock.
 */
function threadCpuMs(): number {
  if (threadCpuUsage) {
    const { user, system } = threadCpuUsage();
    return (user + system) / 1000;
  }
  try {
    const stat = readFileSync('/proc/thread-self/stat', 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return performance.now();
  }
}

async function timed<T>(work: () => Promise<T>): Promise<TaskOutcome<T>> {
  const start = threadCpuMs();
  try {
    const value = await work();
    return { ms: threadCpuMs() - start, value };
  } catch (error) {
    if (error instanceof InputError) return { ms: threadCpuMs() - start, refused: { kind: 'input', code: error.code, message: error.message, detail: { ...error.detail } } };
    if (error instanceof EvalError) return { ms: threadCpuMs() - start, refused: { kind: 'eval', code: error.code, message: error.message, detail: { ...error.detail } } };
    throw error;
  }
}

export function lintTools(input: LintToolsInput): Promise<TaskOutcome<unknown>> {
  return timed(async () => {
    const surface = parseSurfaceValue({ tools: input.tools });
    const result = await lintSurface(surface, input.rules, { sha256Hex: nodeSha256Hex, tokens: await tokensOnce(), cache: toolCache });
    return input.detail ? result : compactLint(result);
  });
}

export function lintText(input: LintTextInput): Promise<TaskOutcome<LintTextOutput>> {
  return timed(async () => {
    const surface = parseSurfaceText(input.text);
    const hash = surfaceHash(surface, nodeSha256Hex, toolCache);
    const result = await lintSurface(surface, input.rules, { sha256Hex: nodeSha256Hex, tokens: await tokensOnce(), cache: toolCache });
    return { tools: surface.tools, surfaceHash: hash, result, json: JSON.stringify(result) };
  });
}

/** `lintStored`: a lint-version job's work — a stored version's tools document (`{ tools: [...] }` as received) under one rules version. */
export interface LintStoredInput {
  document: unknown;
  rules: RuleSetId;
}

export function lintStored(input: LintStoredInput): Promise<TaskOutcome<LintResult>> {
  return timed(async () => lintSurface(parseSurfaceValue(input.document), input.rules, { sha256Hex: nodeSha256Hex, tokens: await tokensOnce(), cache: toolCache }));
}

export function validateTasks(input: ValidateTasksInput): Promise<TaskOutcome<TaskLintResult>> {
  // A task set of a few MiB of YAML takes ~1 s to parse: the largest CPU cost an anonymous /mcp call had.
  return timed(async () => lintTaskSet(parseTaskSet(input.tasks), parseSurfaceValue({ tools: input.tools }), { minCasesPerTool: input.minCasesPerTool }));
}

/** Every task by name: what the pool may run (worker.ts exports exactly these). */
export const tasks = { lintTools, lintText, lintStored, validateTasks } as const;
export type TaskName = keyof typeof tasks;
export type TaskInput<K extends TaskName> = Parameters<(typeof tasks)[K]>[0];
export type TaskValue<K extends TaskName> = Awaited<ReturnType<(typeof tasks)[K]>> extends TaskOutcome<infer T> ? T : never;

/** A task's value, or its InputError or EvalError thrown again on this side. */
export function unwrap<T>(outcome: TaskOutcome<T>): T {
  if (!('refused' in outcome)) return outcome.value;
  const r = outcome.refused;
  throw r.kind === 'input' ? new InputError(r.code, r.message, r.detail) : new EvalError(r.code, r.message, r.detail);
}
