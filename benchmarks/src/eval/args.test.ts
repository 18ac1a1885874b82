import { describe, expect, it } from 'vitest';
import type { ProposedCall } from '../contracts/provider.js';
import { createArgChecker, dialectsOf, schemaProblem, unsafePattern } from './args.js';

const call = (name: string, args: unknown, parseError: string | null = null): ProposedCall =>
  parseError === null ? { name, argumentsText: JSON.stringify(args), arguments: args, parseError } : { name, argumentsText: '{', parseError };

const tools = [
  {
    name: 'search',
    inputSchema: {
      type: 'object',
      properties: { query: { type: 'string' }, limit: { type: 'integer', minimum: 1, maximum: 50 }, sort: { enum: ['asc', 'desc'] } },
      required: ['query'],
      additionalProperties: false,
    },
  },
  {
    name: 'draft7_ref',
    inputSchema: {
      $schema: 'http://json-schema.org/draft-07/schema#',
      type: 'object',
      definitions: { path: { type: 'string', minLength: 1 } },
      properties: { path: { $ref: '#/definitions/path' }, pair: { type: 'array', items: [{ type: 'string' }, { type: 'number' }] } },
      required: ['path'],
    },
  },
  {
    name: 'v2020',
    inputSchema: {
      $schema: 'https://json-schema.org/draft/2020-12/schema',
      type: 'object',
      $defs: { n: { type: 'number' } },
      properties: { xs: { type: 'array', prefixItems: [{ $ref: '#/$defs/n' }] }, mode: { const: 'fast' } },
    },
  },
  { name: 'undeclared_tuple', inputSchema: { type: 'object', properties: { p: { type: 'array', items: [{ type: 'string' }] } } } },
  { name: 'external_ref', inputSchema: { type: 'object', properties: { a: { $ref: 'https://example.com/s.json' } } } },
  { name: 'evil_regex', inputSchema: { type: 'object', properties: { a: { type: 'string', pattern: '^(a+)+$' } } } },
  { name: 'bad_regex', inputSchema: { type: 'object', properties: { a: { type: 'string', pattern: '([' } } } },
  { name: 'formats', inputSchema: { type: 'object', properties: { when: { type: 'string', format: 'date-time' } }, 'x-custom': 1 } },
];

describe('createArgChecker', () => {
  const checker = createArgChecker(tools);

  it('accepts valid arguments and names each failing argument with its kind', () => {
    expect(checker.check(call('search', { query: 'x', limit: 3 }))).toEqual({ valid: true, errors: [] });
    const r = checker.check(call('search', { limit: 'many', sort: 'up', extra: 1 }));
    expect(r.valid).toBe(false);
    expect(r.errors.map((e) => [e.argument, e.kind, e.keyword])).toEqual([
      ['query', 'missing', 'required'],
      ['extra', 'not_allowed', 'additionalProperties'],
      ['limit', 'wrong_type', 'type'],
      ['sort', 'not_allowed', 'enum'],
    ]);
    expect(checker.check(call('search', { query: 'x', limit: 99 })).errors).toMatchObject([{ argument: 'limit', kind: 'not_allowed', keyword: 'maximum' }]);
  });

  it('reports arguments that are not JSON, and treats absent arguments as {}', () => {
    expect(checker.check(call('search', null, 'Unexpected end'))).toMatchObject({ valid: false, errors: [{ kind: 'not_json', argument: '' }] });
    expect(checker.check({ name: 'search', argumentsText: '', parseError: null }).errors[0]).toMatchObject({ kind: 'missing', argument: 'query' });
  });

  it('resolves $ref in draft-07 and 2020-12, reads undeclared tuple items as draft-07', () => {
    expect(checker.check(call('draft7_ref', { path: '' })).errors).toMatchObject([{ argument: 'path', keyword: 'minLength' }]);
    expect(checker.check(call('draft7_ref', { path: 'a', pair: ['x', 'y'] })).errors).toMatchObject([{ argument: 'pair/1', kind: 'wrong_type' }]);
    expect(checker.check(call('v2020', { xs: ['no'] })).errors).toMatchObject([{ argument: 'xs/0', kind: 'wrong_type' }]);
    expect(checker.check(call('v2020', { mode: 'slow' })).errors).toMatchObject([{ argument: 'mode', kind: 'not_allowed', keyword: 'const' }]);
    expect(checker.check(call('undeclared_tuple', { p: [1] })).valid).toBe(false);
    expect(checker.check(call('formats', { when: 'not a date' })).valid).toBe(true);
  });

  it('excludes unreadable schemas (external $ref, unsafe or invalid regex) and unknown tools with valid: null', () => {
    for (const name of ['external_ref', 'evil_regex', 'bad_regex', 'nope']) expect(checker.check(call(name, { a: 'x' })).valid).toBeNull();
    expect(checker.unreadable().map((u) => u.tool)).toEqual(['external_ref', 'evil_regex', 'bad_regex']);
    expect(checker.unreadable()[1]!.reason).toMatch(/nested quantifiers/);
  });

  it('refuses hostile shapes before compiling: depth, size, node count, cycles', () => {
    let deep: Record<string, unknown> = { type: 'string' };
    for (let i = 0; i < 200; i++) deep = { type: 'object', properties: { a: deep } };
    expect(schemaProblem(deep)).toMatch(/deeper/);
    expect(schemaProblem({ enum: Array.from({ length: 30_000 }, (_, i) => [i]) })).toMatch(/nodes|bytes/);
    expect(schemaProblem({ description: 'x'.repeat(300_000) })).toMatch(/bytes/);
    const cyclic: Record<string, unknown> = {};
    cyclic.self = cyclic;
    expect(schemaProblem(cyclic)).toMatch(/cycle/);
    expect(schemaProblem({ patternProperties: { '^(\\w+\\s?)*$': {} } })).toMatch(/nested/);
    const c = createArgChecker([{ name: 'deep', inputSchema: deep }]);
    expect(c.check(call('deep', {})).valid).toBeNull();
    expect(c.unreadable()).toHaveLength(1);
  });

  it('shares compiled schemas between checkers, but never two schemas with one $id', () => {
    const a = createArgChecker(tools);
    const b = createArgChecker(tools.map((t) => ({ ...t, inputSchema: structuredClone(t.inputSchema) })));
    for (const c of [a, b]) {
      expect(c.check(call('search', { query: 'x', limit: 99 }))).toMatchObject({ valid: false });
      expect(c.check(call('search', { query: 'x', limit: 9 }))).toEqual({ valid: true, errors: [] });
    }
    // One $id, two contents, in two runs (and in one run): each checks against its own schema.
    const withId = (type: string) => ({ name: 'ided', inputSchema: { $id: 'https://example.com/s.json', type: 'object', properties: { v: { type } }, required: ['v'] } });
    const strings = createArgChecker([withId('string')]);
    const numbers = createArgChecker([withId('number')]);
    expect(strings.check(call('ided', { v: 'a' })).valid).toBe(true);
    expect(numbers.check(call('ided', { v: 'a' })).valid).toBe(false);
    expect(numbers.check(call('ided', { v: 1 })).valid).toBe(true);
    expect(strings.check(call('ided', { v: 1 })).valid).toBe(false);
  });

  it('classifies patterns and dialects', () => {
    expect(unsafePattern('^[a-z]+$')).toBeNull();
    expect(unsafePattern('(a|aa)+b{2}')).toBeNull();
    expect(unsafePattern('(x+)*')).not.toBeNull();
    expect(unsafePattern('(.)\\1')).not.toBeNull();
    expect(dialectsOf({ $schema: 'https://json-schema.org/draft/2019-09/schema' })).toEqual(['2020-12']);
    expect(dialectsOf({ $schema: 'http://json-schema.org/draft-04/schema#' })).toEqual(['draft-07']);
    expect(dialectsOf({})).toEqual(['2020-12', 'draft-07']);
  });
});
