import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { loadTokenCounter } from '../../text/tokens.js';
import { check, RUN_LIMIT_MS, run } from './test/lint-outcome.js';

// Regression companion of robustness.test.ts: the shapes it deliberately left out (special-token markers,
// malformed $ref escapes, deep nesting, long single-character runs, long CJK text, emoji / tag /
// variation-selector sequences) are mixed in. Every run must end in a LintResult valid against
// LintResultSchema or an InputError with a known code (now including nesting_too_deep), within 2 s.


// ---- Generators of the formerly excluded shapes --------------------------------------------------------

const tags = (ascii: string) => [...ascii].map((c) => String.fromCodePoint(0xe0000 + c.charCodeAt(0))).join('');

const SPECIAL_TOKENS = ['<|endoftext|>', '<|im_start|>', '<|im_end|>', '<|endofprompt|>', '<|fim_prefix|>', '<|im_sep|>'];
const EMOJI = [
  '🧑🏽‍💻',
  '🏳️‍🌈',
  '👁️‍🗨️',
  `🏴${tags('gbeng')}\u{E007F}`,
  `🏴${tags('gbsct')}\u{E007F}`,
  `\u{1F3F4}${tags('ignore')}\u{E0041}`,
  `🏴${tags('gbENG')}\u{E007F}`,
  `x\u{E0100}\u{E0101}\u{E0102}`,
  '葛\u{E0100}',
  '\u3164',
  '\u200B',
  '\u202E',
  '\u{E0041}',
  '👩‍💻',
];
const WORDS = 'read write list search delete file issue repository returns when use instead e.g. ファイル を 読み込み ます ときだけ使います 場合にのみ使用します <IMPORTANT> ~/.ssh/id_rsa'.split(' ');

/** A length between min and max, often the maximum (fast-check's bias would mostly pick small ones). */
const size = (min: number, max: number) => fc.oneof(fc.constant(max), fc.noBias(fc.integer({ min, max })));

/** Long runs of one character and long texts (all fit in 1 MiB). */
const longText = fc.oneof(
  size(1_000, 100_000).map((n) => `a${' '.repeat(n)}b`),
  size(1_000, 100_000).map((n) => `\t${'\t \n'.repeat(Math.floor(n / 3))}x`),
  size(1_000, 15_000).map((n) => 'a.'.repeat(n)),
  size(1_000, 30_000).map((n) => 'A'.repeat(n)),
  size(1_000, 120_000).map((n) => 'ファイルの内容を読み込んで返します。'.repeat(Math.ceil(n / 18))),
  size(10_000, 300_000).map((n) => `${'Reads the file and returns its text. '.repeat(Math.ceil(n / 37))}あ`),
  size(100, 5_000).map((n) => '🧑🏽‍💻'.repeat(n)),
  size(100, 5_000).map((n) => `🏴${tags('ab').repeat(n)}`),
  size(100, 20_000).map((n) => '<|endoftext|>'.repeat(Math.ceil(n / 13))),
);

/** Short texts mixing words, special tokens and emoji/tag/variation-selector sequences. */
const mixedText = fc
  .array(fc.oneof(fc.constantFrom(...WORDS), fc.constantFrom(...SPECIAL_TOKENS), fc.constantFrom(...EMOJI), fc.string({ maxLength: 6 })), { maxLength: 30 })
  .map((xs) => xs.join(' '));

const anyText = fc.oneof({ weight: 6, arbitrary: mixedText }, { weight: 1, arbitrary: longText });

const BAD_REFS = ['#/%zz', '#/%', '#/%E0%A4%A', '#/$defs/%ZZ', '#/%c0', '#/%ff/a', '#%zz', '#/properties/%x'];
const anyRef = fc.oneof(fc.constantFrom(...BAD_REFS), fc.constantFrom('#', '#/$defs/a', '#/%24defs/a'));

/** Nested objects or arrays of a given depth (1–200) around a leaf. */
const deep = fc.tuple(fc.integer({ min: 1, max: 200 }), fc.boolean(), fc.jsonValue({ maxDepth: 0 })).map(([depth, arrays, leaf]) => {
  let node: unknown = leaf;
  for (let i = 0; i < depth; i++) node = arrays ? [node] : { type: 'object', items: node };
  return node;
});

/** Usually a shallow JSON value, sometimes a deep one: deep nesting rejects the whole surface, so it stays rare. */
const maybeDeep = fc.oneof({ weight: 12, arbitrary: fc.jsonValue({ maxDepth: 2 }) }, { weight: 1, arbitrary: deep });

const property = fc.record(
  {
    type: fc.constantFrom('string', 'boolean', 'integer', 'object', 'array'),
    description: anyText,
    $ref: anyRef,
    enum: fc.array(fc.oneof(mixedText, fc.constantFrom(...SPECIAL_TOKENS)), { maxLength: 4 }),
    default: fc.oneof(anyText, maybeDeep),
    items: maybeDeep,
  },
  { requiredKeys: [] },
);

const inputSchema = fc.record(
  {
    type: fc.constant('object'),
    $ref: anyRef,
    properties: fc.dictionary(fc.oneof(fc.stringMatching(/^[a-zA-Z_]{1,12}$/), fc.constantFrom(...EMOJI)), property, { maxKeys: 4 }),
    $defs: fc.dictionary(fc.constantFrom('a', 'b', '%zz', '~'), property, { maxKeys: 2 }),
    description: anyText,
    default: maybeDeep,
  },
  { requiredKeys: ['type'] },
);

const anyTool = fc.record(
  {
    name: fc.oneof(
      { weight: 4, arbitrary: fc.stringMatching(/^[a-z][a-z0-9_]{0,20}$/) },
      { weight: 1, arbitrary: fc.constantFrom(...SPECIAL_TOKENS, ...EMOJI) },
      { weight: 1, arbitrary: fc.integer({ min: 1_000, max: 30_000 }).map((n) => 'A'.repeat(n)) },
    ),
    title: mixedText,
    description: anyText,
    inputSchema,
    annotations: fc.record({ readOnlyHint: fc.boolean(), destructiveHint: fc.boolean(), title: mixedText }, { requiredKeys: [] }),
    _meta: fc.oneof(fc.constant(undefined), maybeDeep.map((d) => ({ d }))),
  },
  { requiredKeys: ['name', 'inputSchema'] },
);

const anySurface = fc.oneof(
  { weight: 4, arbitrary: fc.uniqueArray(anyTool, { maxLength: 4, selector: (t) => t.name }).map((tools) => ({ tools })) },
  { weight: 1, arbitrary: fc.uniqueArray(anyTool, { maxLength: 3, selector: (t) => t.name }).map((tools) => ({ jsonrpc: '2.0', id: 1, result: { tools } })) },
  { weight: 1, arbitrary: deep.map((d) => ({ tools: [{ name: 'deep', inputSchema: { type: 'object', default: d } }] })) },
);

// ---- Properties -------------------------------------------------------------------------------------

describe('rules v2 robustness on the formerly excluded shapes', () => {
  it('mixed surfaces end in a valid result or a known InputError (incl. nesting_too_deep), each within 2 s', async () => {
    const counter = await loadTokenCounter();
    const seen: Record<string, number> = {};
    fc.assert(
      fc.property(anySurface, (value) => {
        const long = JSON.stringify(value).length > 50_000;
        const before = seen.result ?? 0;
        check(value, counter, seen);
        if (long && (seen.result ?? 0) > before) seen.longResult = (seen.longResult ?? 0) + 1;
      }),
      { numRuns: 300, seed: 20260601 },
    );
    // The generator reaches long inputs that are linted (not only refused), real results and the new error.
    expect(seen.longResult).toBeGreaterThan(20);
    expect(seen.result).toBeGreaterThan(30);
    expect(seen.nesting_too_deep).toBeGreaterThan(0);
  });

  it('each excluded shape alone', async () => {
    const counter = await loadTokenCounter();
    const one = (t: Record<string, unknown>) => ({ tools: [{ name: 'shape', inputSchema: { type: 'object' }, ...t }] });
    const nested = (depth: number, arrays: boolean) => {
      let node: unknown = 'leaf';
      for (let i = 0; i < depth; i++) node = arrays ? [node] : { type: 'object', items: node };
      return node;
    };
    const results = [
      one({ description: 'Reads <|endoftext|> stuff' }),
      one({ inputSchema: { type: 'object', properties: { s: { type: 'string', description: '<|im_start|>', enum: ['<|im_end|>'] } } } }),
      one({ inputSchema: { $ref: '#/%zz' } }),
      one({ inputSchema: { type: 'object', properties: { p: { $ref: '#/%zz' } } } }),
      one({ description: `a${' '.repeat(100_000)}b` }),
      one({ description: 'a.'.repeat(15_000) }),
      one({ name: 'A'.repeat(30_000) }),
      one({ description: 'ファイルの内容を読み込んで返します。'.repeat(6_700) }),
      one({ description: `${'Reads the file and returns its text. '.repeat(8_200)}あ` }),
      one({ description: EMOJI.join(' ') }),
      one({ inputSchema: { type: 'object', default: nested(40, true) } }),
    ];
    for (const value of results) {
      const out = run(value, counter);
      expect(out.kind).toBe('result');
      expect(out.ms).toBeLessThan(RUN_LIMIT_MS);
    }
    for (const value of [one({ inputSchema: { type: 'object', default: nested(200, false) } }), one({ inputSchema: { type: 'object', default: nested(20_000, true) } })]) {
      const out = run(value, counter);
      expect(out).toMatchObject({ kind: 'input_error', code: 'nesting_too_deep' });
      expect(out.ms).toBeLessThan(RUN_LIMIT_MS);
    }
  });
});
