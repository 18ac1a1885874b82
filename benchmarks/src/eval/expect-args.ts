import type { ArgError, ArgExpectation } from '../contracts/eval.js';

const isPlainObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** A `{min, max}` range (keys only from min/max, numbers). */
export function isRange(e: unknown): e is { min?: number; max?: number } {
  if (!isPlainObject(e)) return false;
  const keys = Object.keys(e);
  return keys.length > 0 && keys.every((k) => (k === 'min' || k === 'max') && typeof e[k] === 'number');
}

const isOneOf = (e: unknown): e is { oneOf: unknown[] } => isPlainObject(e) && Object.keys(e).length === 1 && Array.isArray(e.oneOf);
const isEquals = (e: unknown): e is { equals: unknown } => isPlainObject(e) && Object.keys(e).length === 1 && 'equals' in e;

const norm = (s: string): string => s.normalize('NFC').trim().toLowerCase();

/** Loose equality of expected and actual values: strings after NFC, trim and case folding; arrays and objects structurally. */
export function looseEqual(expected: unknown, actual: unknown): boolean {
  if (typeof expected === 'string' && typeof actual === 'string') return norm(expected) === norm(actual);
  if (typeof expected === 'number' && typeof actual === 'number') return expected === actual;
  if (Array.isArray(expected)) return Array.isArray(actual) && actual.length === expected.length && expected.every((x, i) => looseEqual(x, actual[i]));
  if (isPlainObject(expected)) {
    if (!isPlainObject(actual)) return false;
    const keys = Object.keys(expected);
    return keys.length === Object.keys(actual).length && keys.every((k) => k in actual && looseEqual(expected[k], actual[k]));
  }
  return expected === actual;
}

/** Does one actual value meet one expectation (literal, `{min,max}`, `{oneOf}`, `{equals}`)? */
export function meets(expectation: ArgExpectation, actual: unknown): boolean {
  if (isRange(expectation)) {
    return typeof actual === 'number' && (expectation.min === undefined || actual >= expectation.min) && (expectation.max === undefined || actual <= expectation.max);
  }
  if (isOneOf(expectation)) return expectation.oneOf.some((v) => looseEqual(v, actual));
  if (isEquals(expectation)) return looseEqual(expectation.equals, actual);
  return looseEqual(expectation, actual);
}

const describeExpectation = (e: ArgExpectation): string => {
  if (isRange(e)) return `in [${e.min ?? '−∞'}, ${e.max ?? '∞'}]`;
  if (isOneOf(e)) return `one of ${JSON.stringify(e.oneOf).slice(0, 120)}`;
  return `equal to ${JSON.stringify(isEquals(e) ? e.equals : e)?.slice(0, 120)}`;
};

/** Partial argument expectations against actual arguments: only the listed keys are compared. */
export function matchArgs(expected: Record<string, ArgExpectation>, actual: unknown): ArgError[] {
  const args = isPlainObject(actual) ? actual : {};
  const errors: ArgError[] = [];
  for (const [key, e] of Object.entries(expected)) {
    if (!(key in args)) errors.push({ argument: key, kind: 'missing', keyword: 'expect', message: `expected argument "${key}" is missing` });
    else if (!meets(e, args[key])) {
      errors.push({ argument: key, kind: 'not_allowed', keyword: 'expect', message: `argument "${key}" is ${JSON.stringify(args[key])?.slice(0, 80)}, expected ${describeExpectation(e)}` });
    }
  }
  return errors;
}
