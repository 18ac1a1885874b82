import { describe, expect, it } from 'vitest';
import { inputError } from './test/input-error.js';
import type { InputError } from '../errors.js';
import { parseSurfaceText, parseSurfaceValue } from './parse.js';

// Regression: nesting depth is limited at parse time. A deeply nested inputSchema (e.g. 20 000 nested
// arrays) used to reach the rules and overflow the stack in recursive walks (or be reported as invalid JSON
// by a failing JSON.stringify). Now both parse entry points refuse it with `nesting_too_deep`, naming the
// tool; ordinary nesting (well within 64 levels from the document root) still parses.

/** `levels` nested objects: 1 → {type:'object'}, k → {type:'object', items: <k-1>}. */
function nestedObjects(levels: number): Record<string, unknown> {
  let node: Record<string, unknown> = { type: 'object' };
  for (let i = 1; i < levels; i++) node = { type: 'object', items: node };
  return node;
}

/** `levels` nested arrays: [[[...]]]. */
function nestedArrays(levels: number): unknown[] {
  let node: unknown[] = [];
  for (let i = 1; i < levels; i++) node = [node];
  return node;
}

/** A surface document `{tools:[{name:'a', inputSchema}]}` (other tools first when given). */
const surface = (inputSchema: Record<string, unknown>, before: unknown[] = []) => ({
  tools: [...before, { name: 'a', inputSchema }],
});

/** The same document as JSON text, built without JSON.stringify (which may not survive deep nesting). */
function surfaceTextWithArrays(levels: number): string {
  return `{"tools":[{"name":"a","inputSchema":{"type":"object","default":${'['.repeat(levels)}${']'.repeat(levels)}}}]}`;
}


const expectTooDeep = (err: InputError, pathPrefix: string) => {
  // Compared as a string: the code is added to InputErrorCode by the fix.
  expect(err.code as string).toBe('nesting_too_deep');
  expect(err.detail.limit).toBe(64);
  expect(typeof err.detail.path).toBe('string');
  expect(err.detail.path!.startsWith(pathPrefix), `detail.path ${String(err.detail.path).slice(0, 80)}`).toBe(true);
  expect(typeof err.toJSON().error.message).toBe('string');
};

describe('parse: nesting depth limit', () => {
  it('accepts 60 levels of nesting inside inputSchema (value and text)', () => {
    const value = surface(nestedObjects(60));
    expect(parseSurfaceValue(value).tools.map((t) => t.name)).toEqual(['a']);
    expect(parseSurfaceText(JSON.stringify(value)).tools.map((t) => t.name)).toEqual(['a']);
    const arrays = surface({ type: 'object', default: nestedArrays(59) });
    expect(parseSurfaceValue(arrays).tools).toHaveLength(1);
    expect(parseSurfaceText(JSON.stringify(arrays)).tools).toHaveLength(1);
  });

  it('parseSurfaceValue rejects 200 levels of nested objects in inputSchema', () => {
    expectTooDeep(inputError(() => parseSurfaceValue(surface(nestedObjects(200)))), '$.tools[0].inputSchema');
  });

  it('parseSurfaceText rejects 200 levels of nested objects in inputSchema', () => {
    expectTooDeep(inputError(() => parseSurfaceText(JSON.stringify(surface(nestedObjects(200))))), '$.tools[0].inputSchema');
  });

  it('parseSurfaceValue rejects 20 000 nested arrays in inputSchema, quickly', () => {
    const value = surface({ type: 'object', default: nestedArrays(20_000) });
    const t0 = performance.now();
    const err = inputError(() => parseSurfaceValue(value));
    expect(performance.now() - t0).toBeLessThan(2000);
    expectTooDeep(err, '$.tools[0].inputSchema');
  });

  it('parseSurfaceText rejects 20 000 nested arrays in inputSchema, quickly', () => {
    const text = surfaceTextWithArrays(20_000);
    const t0 = performance.now();
    const err = inputError(() => parseSurfaceText(text));
    expect(performance.now() - t0).toBeLessThan(2000);
    expectTooDeep(err, '$.tools[0].inputSchema');
  });

  it('names the offending tool when it is not the first', () => {
    const ok = { name: 'ok', inputSchema: { type: 'object' } };
    const value = surface(nestedObjects(200), [ok]);
    expectTooDeep(inputError(() => parseSurfaceValue(value)), '$.tools[1].inputSchema');
    expectTooDeep(inputError(() => parseSurfaceText(JSON.stringify(value))), '$.tools[1].inputSchema');
  });

  it('rejects deep nesting also with the byte limit lifted', () => {
    expectTooDeep(
      inputError(() => parseSurfaceValue(surface(nestedObjects(200)), { maxBytes: Number.POSITIVE_INFINITY })),
      '$.tools[0].inputSchema',
    );
  });
});
