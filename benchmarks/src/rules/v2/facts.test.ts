import { describe, expect, it } from 'vitest';
import { canonicalStringsOnce } from '../../surface/canonical.js';
import { contentWords, cuesOf, resolveRef } from './facts.js';
import { facts, objectSchema, tool } from './test/helpers.js';

describe('resolveRef', () => {
  it('resolves #/$defs, #/definitions and escaped JSON pointers, keeping sibling keywords', () => {
    const root = { $defs: { Id: { type: 'string', format: 'uuid' }, 'a/b': { type: 'integer' } }, definitions: { N: { type: 'number' } } };
    expect(resolveRef({ $ref: '#/$defs/Id', description: 'Record id' }, root)).toEqual({ type: 'string', format: 'uuid', description: 'Record id' });
    expect(resolveRef({ $ref: '#/definitions/N' }, root)).toEqual({ type: 'number' });
    expect(resolveRef({ $ref: '#/$defs/a~1b' }, root)).toEqual({ type: 'integer' });
    expect(resolveRef({ $ref: '#/%24defs/Id' }, root)).toEqual({ type: 'string', format: 'uuid' });
  });

  it('follows chains and stops on cycles and on refs it cannot resolve', () => {
    const root = { $defs: { a: { $ref: '#/$defs/b' }, b: { type: 'string' }, self: { $ref: '#/$defs/self' } } };
    expect(resolveRef({ $ref: '#/$defs/a' }, root)).toEqual({ type: 'string' });
    expect(resolveRef({ $ref: '#/$defs/self' }, root)).toEqual({ $ref: '#/$defs/self' });
    expect(resolveRef({ $ref: '#/$defs/missing', type: 'string' }, root)).toEqual({ $ref: '#/$defs/missing', type: 'string' });
    expect(resolveRef({ $ref: 'https://example.com/s.json' }, root)).toEqual({ $ref: 'https://example.com/s.json' });
    const selfRoot = { $ref: '#', type: 'object' };
    expect(resolveRef(selfRoot, selfRoot)).toEqual({ $ref: '#', type: 'object' });
  });
});

describe('canonicalStringsOnce', () => {
  it('collects every string value (not keys), objects in sorted key order, arrays in order, required as a set', () => {
    expect(canonicalStringsOnce({ type: 'object', required: ['b', 'a'], properties: { a: { description: 'A', enum: ['x', 1, 'y'] } }, n: 3 })).toEqual([
      'A',
      'x',
      'y',
      'a',
      'b',
      'object',
    ]);
  });

  it('has no budget: a string behind 20 000 others is still collected', () => {
    const strings = canonicalStringsOnce({ a: Array.from({ length: 20_000 }, (_, i) => `v${i}`), b: 'hidden' });
    expect(strings).toHaveLength(20_001);
    expect(strings.at(-1)).toBe('hidden');
  });
});

describe('contentWords', () => {
  it('drops stopwords, numbers and Japanese function morphemes, and stems the rest', () => {
    expect([...contentWords(['Reads', 'the', 'files', 'in', '42', 'directories'])]).toEqual(['read', 'file', 'directory']);
    expect([...contentWords(['ファイル', 'を', '読み込み', 'ます'])]).toEqual(['ファイル', '読み込み']);
  });
});

describe('cuesOf', () => {
  it('matches each lexicon once, in either language', () => {
    // "Prefer read_media for images" names a case this tool is not for: a "when not" too (v2).
    expect(cuesOf('Use this when you need a file. Returns its text, up to 1 MB, e.g. "a.txt". Prefer read_media for images.')).toEqual({
      usageWhen: true,
      usageWhenNot: true,
      usageAlternative: true,
      returns: true,
      constraints: true,
      examples: true,
    });
    expect(cuesOf('ファイルを読むときに使います。画像には使わないでください。内容を返します。')).toEqual({
      usageWhen: true,
      usageWhenNot: true,
      usageAlternative: false,
      returns: true,
      constraints: false,
      examples: false,
    });
    expect(Object.values(cuesOf('Reads a file.'))).toEqual([false, false, false, false, false, false]);
  });
});

describe('toolFacts', () => {
  it('computes what the rules read about a tool', async () => {
    const s = await facts([
      tool({
        name: 'readTextFile',
        description: '  Reads a text file.\r\nReturns its lines.  ',
        inputSchema: objectSchema(
          {
            path: { type: 'string', description: ' Path ' },
            recursive: { type: ['boolean', 'null'] },
            mode: { enum: ['a', 'b'] },
            size: { anyOf: [{ type: 'integer', maximum: 9 }, { type: 'null' }] },
          },
          { required: ['path', 7], additionalProperties: false },
        ),
        annotations: { readOnlyHint: true },
      }),
    ]);
    const t = s.tools[0]!;
    expect(t.description).toBe('Reads a text file.\nReturns its lines.');
    expect(t.firstSentence).toBe('Reads a text file.');
    expect(t.nameTokens).toEqual(['read', 'text', 'file']);
    expect(t.language).toBe('en');
    expect(t.wordCount).toBe(7);
    expect(t.required).toEqual(['path']);
    expect(t.additionalPropertiesFalse).toBe(true);
    // In name order, whatever order the schema uses.
    expect(t.params.map((p) => [p.name, p.types, p.description, p.isString, p.isBoolean, p.constrained])).toEqual([
      ['mode', ['string'], undefined, true, false, true],
      ['path', ['string'], 'Path', true, false, false],
      ['recursive', ['boolean', 'null'], undefined, false, true, false],
      ['size', ['integer', 'null'], undefined, false, false, false],
    ]);
    expect(t.hash).toMatch(/^sha256:/);
    expect(s.surfaceHash).toMatch(/^sha256:/);
    expect(s.totalTokens).toBe(t.tokens);
    expect(t.tokens).toBeGreaterThan(40);
  });
});

describe('toolFacts: parameters behind composition', () => {
  // Issue 12 (class 5): schemas were read too shallowly.
  it('reads parameters of root allOf/anyOf/oneOf parts; required only from the root and allOf parts', async () => {
    const s = await facts([
      tool({
        inputSchema: {
          type: 'object',
          allOf: [{ $ref: '#/$defs/Base' }],
          anyOf: [{ properties: { url: { type: 'string', format: 'uri' } }, required: ['url'] }, { properties: { file: { type: 'string', description: 'A local file' } } }],
          $defs: { Base: { properties: { mode: { type: 'string', enum: ['a'] } }, required: ['mode'] } },
        },
      }),
    ]);
    const t = s.tools[0]!;
    expect(t.params.map((p) => [p.name, p.description, p.constrained])).toEqual([
      ['file', 'A local file', false],
      ['mode', undefined, true],
      ['url', undefined, true],
    ]);
    expect(t.required).toEqual(['mode']);
    expect(t.schemaProblems).toEqual([]);
  });

  it('merges what a parameter defined in several parts says, and reads defaults and description examples', async () => {
    const s = await facts([
      tool({
        inputSchema: {
          type: 'object',
          properties: { q: { type: 'string' } },
          allOf: [{ properties: { q: { description: 'Search text, e.g. "bug"', default: '' } } }],
        },
      }),
    ]);
    const q = s.tools[0]!.params[0]!;
    expect([q.name, q.description, q.hasDefault, q.exampleInDescription, q.isString]).toEqual(['q', 'Search text, e.g. "bug"', true, true, true]);
  });

  it('ends on $ref cycles through composition and reads at most a bounded number of variants', async () => {
    const wide = Array.from({ length: 200 }, () => ({ $ref: '#/$defs/w' }));
    const s = await facts([
      tool({ inputSchema: { type: 'object', properties: { a: { $ref: '#/$defs/a' }, w: { anyOf: wide } }, $defs: { a: { oneOf: [{ $ref: '#/$defs/a' }] }, w: { anyOf: wide } } } }),
    ]);
    expect(s.tools[0]!.params.map((p) => p.name)).toEqual(['a', 'w']);
  });

  it('records behaviour hints that are not booleans', async () => {
    const s = await facts([tool({ annotations: { destructiveHint: 'false', readOnlyHint: true } as Record<string, unknown> })]);
    expect(s.tools[0]!.invalidHints).toEqual([{ key: 'destructiveHint', value: 'false' }]);
  });
});
