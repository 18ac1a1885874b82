import type { ArgExpectation, TaskSet } from '../contracts/eval.js';
import type { Surface } from '../contracts/tool.js';
import { createArgChecker } from './args.js';
import { isRange } from './expect-args.js';
import { taskProblems } from './task-check.js';

/** One problem found in a task set; errors fail `toolmark tasks lint`, warnings do not. */
export interface TaskLintProblem {
  level: 'error' | 'warning';
  code:
    | 'duplicate_id'
    | 'unknown_tool'
    | 'args_fail_schema'
    | 'unknown_argument'
    | 'too_few_cases'
    | 'tool_not_covered'
    | 'too_few_no_call'
    | 'undeclared_tier'
    | 'tier_inconsistent'
    | 'tier_missing'
    | 'inconsistent_expectation'
    | 'unknown_key'
    | 'impossible_range'
    | 'bad_expectation';
  message: string;
  taskId?: string;
  tool?: string;
}

/** Result of {@link lintTaskSet}. */
export interface TaskLintResult {
  ok: boolean;
  problems: TaskLintProblem[];
  counts: { tasks: number; noCall: number; byTool: Record<string, number> };
}

/** Thresholds of the task-set lint. */
export const TASK_LINT_DEFAULTS = {
  /**
   * Fewer cases than this for a tool gives a per-tool rate whose interval spans most of [0, 1] (repeats
   * of one case are not new cases). A setting (`--min-cases-per-tool`, `thresholds.minCasesPerTool`): a
   * set of one case per command, read for its overall rate, is legitimate at 1.
   */
  minCasesPerTool: 3,
  /** Without enough no-call cases a model that always calls something looks perfect. */
  minNoCallShare: 0.15,
} as const;

const candidates = (e: ArgExpectation): unknown[] => {
  if (isRange(e)) return [e.min, e.max].filter((x) => x !== undefined);
  if (typeof e === 'object' && e !== null && !Array.isArray(e)) {
    const o = e as Record<string, unknown>;
    if (Object.keys(o).length === 1 && Array.isArray(o.oneOf)) return o.oneOf;
    if (Object.keys(o).length === 1 && 'equals' in o) return [o.equals];
  }
  return [e];
};

/**
 * Validate a task set against a surface without any model: ids unique; expected, expected-sequence and
 * forbidden names exist; expected arguments pass the tool's schema (each listed value, range end and
 * allowed value, ignoring arguments the task leaves out); no unknown or misspelt expectation keys, no
 * impossible range; at least 3 cases (a setting) per tool a task expects, in `expected` or in an `expect`
 * step (each task counts once per tool); at least
 * 15 % no-call cases; tiers declared and consistent (a tier declared `readOnly` — or named `read` — may
 * only expect read-only tools); expectations consistent with each other.
 */
export function lintTaskSet(set: TaskSet, surface: Surface, options: { minCasesPerTool?: number; minNoCallShare?: number } = {}): TaskLintResult {
  const minCases = options.minCasesPerTool ?? TASK_LINT_DEFAULTS.minCasesPerTool;
  const minNoCall = options.minNoCallShare ?? TASK_LINT_DEFAULTS.minNoCallShare;
  const problems: TaskLintProblem[] = [];
  const tools = new Map(surface.tools.map((t) => [t.name, t] as const));
  const checker = createArgChecker(surface.tools);
  const readOnly = (name: string) => (tools.get(name)?.annotations as { readOnlyHint?: unknown } | undefined)?.readOnlyHint === true;
  const seen = new Set<string>();
  const byTool: Record<string, number> = {};
  let noCall = 0;
  let withTier = 0;

  const checkArgs = (taskId: string, tool: string, args: Record<string, ArgExpectation>) => {
    if (!tools.has(tool)) return;
    const props = (tools.get(tool)!.inputSchema as { properties?: unknown }).properties;
    for (const [key, e] of Object.entries(args)) {
      if (props && typeof props === 'object' && !(key in props)) {
        problems.push({ level: 'warning', code: 'unknown_argument', taskId, tool, message: `task "${taskId}": argument "${key}" is not a property of ${tool}'s schema` });
      }
      for (const value of candidates(e)) {
        const r = checker.checkValue(tool, { [key]: value });
        const errs = r.errors.filter((x) => x.kind !== 'missing' && (x.argument === key || x.argument.startsWith(`${key}/`)));
        if (r.valid === false && errs.length > 0) {
          problems.push({ level: 'error', code: 'args_fail_schema', taskId, tool, message: `task "${taskId}": expected ${tool} argument "${key}" = ${JSON.stringify(value)} fails the schema: ${errs[0]!.message}` });
        }
      }
    }
  };
  const known = (taskId: string, name: string, what: string) => {
    if (tools.has(name)) return true;
    problems.push({ level: 'error', code: 'unknown_tool', taskId, tool: name, message: `task "${taskId}": ${what} tool "${name}" is not on the surface` });
    return false;
  };

  for (const t of set.tasks) {
    if (seen.has(t.id)) problems.push({ level: 'error', code: 'duplicate_id', taskId: t.id, message: `task id "${t.id}" is used more than once` });
    seen.add(t.id);
    for (const p of taskProblems(t)) {
      const where = p.path.map((x) => (typeof x === 'number' ? `[${x}]` : `.${x}`)).join('').replace(/^\./, '');
      problems.push({ level: 'error', code: p.code, taskId: t.id, message: `task "${t.id}": ${where}: ${p.message}` });
    }
    if (t.expected === null) noCall++;
    else if (known(t.id, t.expected, 'expected') && t.args) checkArgs(t.id, t.expected, t.args);
    for (const name of new Set([...(t.expected !== null ? [t.expected] : []), ...(t.expect ?? []).map((s) => s.name)])) byTool[name] = (byTool[name] ?? 0) + 1;
    for (const step of t.expect ?? []) if (known(t.id, step.name, 'expect') && step.args) checkArgs(t.id, step.name, step.args);
    for (const f of t.forbid ?? []) {
      known(t.id, f, 'forbidden');
      if (f === t.expected || t.expect?.some((s) => s.name === f)) problems.push({ level: 'error', code: 'inconsistent_expectation', taskId: t.id, message: `task "${t.id}": "${f}" is both expected and forbidden` });
    }
    if (t.tier !== undefined) {
      withTier++;
      const declared = set.tiers?.[t.tier];
      if (set.tiers && !declared) problems.push({ level: 'error', code: 'undeclared_tier', taskId: t.id, message: `task "${t.id}": tier "${t.tier}" is not declared in tiers` });
      const mustRead = declared?.readOnly ?? (t.tier === 'read' ? true : undefined);
      if (mustRead) {
        for (const name of [t.expected, ...(t.expect ?? []).map((s) => s.name)]) {
          if (name !== null && tools.has(name) && !readOnly(name)) {
            problems.push({ level: 'error', code: 'tier_inconsistent', taskId: t.id, tool: name, message: `task "${t.id}": tier "${t.tier}" is read-only but ${name} is not annotated readOnlyHint: true` });
          }
        }
      }
    }
  }
  if (withTier > 0 && withTier < set.tasks.length) {
    problems.push({ level: 'warning', code: 'tier_missing', message: `${set.tasks.length - withTier} of ${set.tasks.length} tasks have no tier: per-tier rates leave them out` });
  }
  for (const name of tools.keys()) {
    const n = byTool[name] ?? 0;
    if (n === 0) problems.push({ level: 'warning', code: 'tool_not_covered', tool: name, message: `no task expects ${name}` });
    else if (n < minCases) problems.push({ level: 'error', code: 'too_few_cases', tool: name, message: `${name} has ${n} task(s); at least ${minCases} are needed for a rate worth reading (--min-cases-per-tool sets this)` });
  }
  if (set.tasks.length > 0 && noCall / set.tasks.length < minNoCall) {
    problems.push({ level: 'error', code: 'too_few_no_call', message: `${noCall} of ${set.tasks.length} tasks (${Math.round((100 * noCall) / set.tasks.length)} %) expect no call; at least ${Math.round(minNoCall * 100)} % are needed` });
  }
  return { ok: !problems.some((p) => p.level === 'error'), problems, counts: { tasks: set.tasks.length, noCall, byTool } };
}
