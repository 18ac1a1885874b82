import { LineCounter, parseDocument, stringify, type Document } from 'yaml';
import type { z } from 'zod';
import { ExpectedCallSchema, TaskSchema, TaskSetSchema, type EvalCase, type Task, type TaskSet } from '../contracts/eval.js';
import { EvalError } from './errors.js';
import { taskProblems, unknownKeyMessage } from './task-check.js';

/** The largest task-set file read (a few thousand tasks fit comfortably). */
export const MAX_TASK_SET_BYTES = 4 * 1024 * 1024;

const CJK = /[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uff66-\uff9f]/u;

/** The language of a prompt: `ja` when it has Japanese characters, else `en`. */
export function promptLanguage(text: string): 'en' | 'ja' {
  return CJK.test(text) ? 'ja' : 'en';
}

/** Where a path of the document is: 1-based line and column, when the node exists. */
function locate(doc: Document, lines: LineCounter, path: (string | number)[]): { line: number; column: number } | undefined {
  for (let n = path.length; n >= 0; n--) {
    const node = doc.getIn(path.slice(0, n), true) as { range?: [number, number, number] } | undefined;
    if (node && typeof node === 'object' && node.range) {
      const pos = lines.linePos(node.range[0]);
      return { line: pos.line, column: pos.col };
    }
  }
  return undefined;
}

/**
 * Parse a task-set file (YAML, or JSON, which is YAML). Every error says where and what: the task id and
 * the line and column of the offending node, the field, and the reason. A missing `expected` key is an
 * error even for no-call tasks (write `expected: null`).
 */
export function parseTaskSet(text: string): TaskSet {
  if (text.length > MAX_TASK_SET_BYTES) {
    throw new EvalError('invalid_task_set', `task set is larger than ${MAX_TASK_SET_BYTES} bytes`, { limit: MAX_TASK_SET_BYTES, actual: text.length });
  }
  const lines = new LineCounter();
  const doc = parseDocument(text, { lineCounter: lines, prettyErrors: false, uniqueKeys: true });
  if (doc.errors.length > 0) {
    const e = doc.errors[0]!;
    const pos = e.linePos?.[0] ?? (e.pos ? lines.linePos(e.pos[0]) : undefined);
    throw new EvalError('invalid_task_set', `YAML error${pos ? ` at line ${pos.line}, column ${pos.col}` : ''}: ${e.message.split('\n')[0]}`, {
      ...(pos ? { line: pos.line, column: pos.col } : {}),
      yamlCode: e.code,
    });
  }
  let value: unknown;
  try {
    value = doc.toJS({ maxAliasCount: 100 });
  } catch (err) {
    throw new EvalError('invalid_task_set', `YAML error: ${err instanceof Error ? err.message : String(err)}`);
  }
  const parsed = TaskSetSchema.safeParse(value);
  if (!parsed.success) throw taskSetError(parsed.error, value, doc, lines);
  parsed.data.tasks.forEach((t, i) => {
    const p = taskProblems(t)[0];
    if (p) throw located(p.message, ['tasks', i, ...p.path], value, doc, lines, ['tasks', i, ...p.path], { problem: p.code, ...(p.code === 'unknown_key' ? { key: String(p.path[p.path.length - 1]) } : {}) });
  });
  return parsed.data;
}

/** The keys allowed where an unknown key was found: the file, a task, an expect step, a tier. */
function knownKeysAt(path: (string | number)[]): readonly string[] {
  if (path.length === 0) return Object.keys(TaskSetSchema.shape);
  if (path[0] === 'tiers') return ['description', 'readOnly'];
  if (path[0] === 'tasks' && path.length === 2) return Object.keys(TaskSchema.shape);
  if (path[0] === 'tasks' && path[2] === 'expect') return Object.keys(ExpectedCallSchema.shape);
  return [];
}

function taskSetError(error: z.ZodError, value: unknown, doc: Document, lines: LineCounter): EvalError {
  const issue = error.issues[0]!;
  const path = issue.path.filter((p): p is string | number => typeof p !== 'symbol');
  let what = issue.message;
  const last = path[path.length - 1];
  if (issue.code === 'invalid_type' && (issue as { input?: unknown }).input === undefined) what = `"${String(last)}" is required${last === 'expected' ? ' (write expected: null when no tool should be called)' : ''}`;
  if (issue.code === 'unrecognized_keys') {
    const keys = (issue as { keys: string[] }).keys;
    const known = knownKeysAt(path);
    what = keys.length === 1 ? unknownKeyMessage(keys[0]!, known) : `unknown keys ${keys.map((k) => `"${k}"`).join(', ')}; allowed: ${known.join(', ')}`;
    return located(what, [...path, keys[0]!], value, doc, lines, path, { key: keys[0]! });
  }
  return located(what, path, value, doc, lines);
}

/** An error at a path of the file: the task (id, or its ordinal), the line of the node, the field, what. */
function located(what: string, at: (string | number)[], value: unknown, doc: Document, lines: LineCounter, fieldPath: (string | number)[] = at, extra: Record<string, string> = {}): EvalError {
  const path = fieldPath;
  const tasks = (value as { tasks?: unknown } | null)?.tasks;
  let taskId: string | undefined;
  if (path[0] === 'tasks' && typeof path[1] === 'number' && Array.isArray(tasks)) {
    const id = (tasks[path[1]] as { id?: unknown } | undefined)?.id;
    if (typeof id === 'string') taskId = id;
  }
  const where = locate(doc, lines, at);
  const field = path.map((p) => (typeof p === 'number' ? `[${p}]` : `.${p}`)).join('').replace(/^\./, '');
  const prefix = [taskId !== undefined ? `task "${taskId}"` : path[0] === 'tasks' && typeof path[1] === 'number' ? `task #${path[1] + 1}` : '', where ? `line ${where.line}` : ''].filter(Boolean).join(', ');
  return new EvalError('invalid_task_set', `${prefix ? `${prefix}: ` : ''}${field || 'file'}: ${what}`, {
    path: field,
    ...extra,
    ...(taskId !== undefined ? { taskId } : {}),
    ...(where ? { line: where.line, column: where.column } : {}),
  });
}

/** The cases of a task set (kind `task`, source `file`; language from the task or its prompt). */
export function taskSetToCases(set: TaskSet): EvalCase[] {
  return set.tasks.map((t) => taskToCase(t));
}

/** One task as a case. */
export function taskToCase(t: Task, source: EvalCase['source'] = 'file'): EvalCase {
  return {
    id: t.id,
    kind: 'task',
    language: t.language ?? promptLanguage(t.prompt),
    source,
    utterance: t.prompt,
    expected: t.expected,
    ...(t.args ? { args: t.args } : {}),
    ...(t.expect ? { expect: t.expect } : {}),
    ...(t.forbid ? { forbid: t.forbid } : {}),
    ...(t.tier !== undefined ? { tier: t.tier } : {}),
    ...(t.tags ? { tags: t.tags } : {}),
  };
}

/** Cases as a task set (for `tasks generate`): generated kinds become tags. */
export function casesToTaskSet(cases: readonly EvalCase[]): TaskSet {
  return {
    version: 1,
    tasks: cases.map((c) => ({
      id: c.id,
      prompt: c.utterance,
      expected: c.expected,
      ...(c.kind !== 'task' ? { tags: [c.kind, ...(c.tags ?? [])] } : c.tags ? { tags: c.tags } : {}),
      ...(c.tier !== undefined ? { tier: c.tier } : {}),
      ...(c.args ? { args: c.args } : {}),
      ...(c.expect ? { expect: c.expect } : {}),
      ...(c.forbid ? { forbid: c.forbid } : {}),
      language: c.language,
    })),
  };
}

/** A task set as YAML text, `expected: null` written out. */
export function stringifyTaskSet(set: TaskSet): string {
  return stringify(set, { lineWidth: 0 });
}
