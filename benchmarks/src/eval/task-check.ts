import type { ArgExpectation, Task } from '../contracts/eval.js';
import { didYouMean } from './did-you-mean.js';

/**
 * What a task must mean beyond its shape: checked when a task set is read (`run`, `tasks lint`) and by
 * `lintTaskSet` for sets built in code. One place, so both agree.
 */
export interface TaskProblem {
  code: 'unknown_key' | 'impossible_range' | 'bad_expectation' | 'inconsistent_expectation';
  /** Where in the task (`['args', 'px', 'min']`, `['expect', 0, 'args', 'x']`). */
  path: (string | number)[];
  message: string;
}

/** The keys of an argument expectation written as an object: a range, a set of values or a literal. */
export const EXPECTATION_OPERATORS = ['min', 'max', 'oneOf', 'equals'] as const;

const isPlainObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

const hint = (key: string, known: readonly string[]): string => {
  const near = didYouMean(key, known);
  return near !== undefined ? ` (did you mean "${near}"?)` : '';
};

/** The message of an unknown key: which key, where, what is allowed, and the closest known key. */
export function unknownKeyMessage(key: string, known: readonly string[]): string {
  return `unknown key "${key}"${hint(key, known)}; allowed: ${known.join(', ')}`;
}

/**
 * Problems of one argument expectation. An object with an operator key (`min`, `max`, `oneOf`, `equals`)
 * must be exactly that operator; an object without one is a literal, unless one of its keys is a near
 * miss of an operator (`mni`, `oneof`, `eqals`): then it is a typo, not a literal (write `{ equals: … }`
 * for a literal object with such a key).
 */
function expectationProblems(e: ArgExpectation, path: (string | number)[]): TaskProblem[] {
  if (!isPlainObject(e)) return [];
  const keys = Object.keys(e);
  const operators = keys.filter((k) => (EXPECTATION_OPERATORS as readonly string[]).includes(k));
  if (operators.length === 0) {
    const typo = keys.find((k) => didYouMean(k, EXPECTATION_OPERATORS) !== undefined);
    if (typo === undefined) return [];
    return [{ code: 'unknown_key', path: [...path, typo], message: `${unknownKeyMessage(typo, EXPECTATION_OPERATORS)} (a literal object is written { equals: … })` }];
  }
  const ranged = operators.some((k) => k === 'min' || k === 'max');
  const allowed = ranged ? ['min', 'max'] : operators.slice(0, 1);
  const stray = keys.find((k) => !allowed.includes(k));
  if (stray !== undefined) {
    return [{ code: 'unknown_key', path: [...path, stray], message: `${unknownKeyMessage(stray, allowed)}: ${allowed.length === 2 ? 'a range has only min and max' : `"${allowed[0]}" stands alone`}` }];
  }
  if (ranged) {
    for (const k of ['min', 'max'] as const) {
      if (k in e && (typeof e[k] !== 'number' || !Number.isFinite(e[k]))) return [{ code: 'bad_expectation', path: [...path, k], message: `${k} must be a number, got ${JSON.stringify(e[k])}` }];
    }
    if (typeof e.min === 'number' && typeof e.max === 'number' && e.min > e.max) {
      return [{ code: 'impossible_range', path, message: `impossible range: min ${e.min} is greater than max ${e.max} (no value can meet it)` }];
    }
  }
  if ('oneOf' in e && (!Array.isArray(e.oneOf) || e.oneOf.length === 0)) return [{ code: 'bad_expectation', path: [...path, 'oneOf'], message: 'oneOf must be a non-empty list of values' }];
  return [];
}

function argsProblems(args: Record<string, ArgExpectation> | undefined, path: (string | number)[]): TaskProblem[] {
  return Object.entries(args ?? {}).flatMap(([key, e]) => expectationProblems(e, [...path, key]));
}

/**
 * The problems of a task: unknown or misspelt expectation keys, impossible ranges, and expectations that
 * contradict each other (`expected: null` with `args` or `expect`; `args` beside `expect`, which would be
 * ignored; an `expect` sequence without the expected tool).
 */
export function taskProblems(t: Task): TaskProblem[] {
  const out: TaskProblem[] = [...argsProblems(t.args, ['args'])];
  (t.expect ?? []).forEach((step, i) => out.push(...argsProblems(step.args, ['expect', i, 'args'])));
  if (t.expected === null && (t.expect || t.args)) {
    out.push({ code: 'inconsistent_expectation', path: [t.expect ? 'expect' : 'args'], message: `expected is null but the task lists ${t.expect ? 'expect' : 'args'}` });
  } else if (t.expected !== null && t.expect) {
    if (t.args) out.push({ code: 'inconsistent_expectation', path: ['args'], message: `args beside an expect sequence would be ignored: put them on the expect step of ${t.expected}` });
    if (!t.expect.some((s) => s.name === t.expected)) out.push({ code: 'inconsistent_expectation', path: ['expect'], message: `expected tool "${t.expected}" is not in its expect sequence` });
  }
  return out;
}
