import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { LintResultSchema } from '../../contracts/lint-result.js';
import { parseSurfaceValue } from '../../surface/parse.js';
import { loadTokenCounter } from '../../text/tokens.js';
import { rulesV2 } from './index.js';
import { check, RUN_LIMIT_MS, run } from './test/lint-outcome.js';

// Robustness of parse + rules v2 on messy input: every run ends in a valid LintResult or a typed
// InputError with a known code, never another exception, and within a time bound.


// ---- Generators -------------------------------------------------------------------------------------

const WORDS =
  'read write list search delete file files issue repository branch commit user token limit returns when use instead example e.g. path directory content ファイル を 読み込み ます 返します ときに使います 👩‍💻 🏴 Important: <IMPORTANT> ignore previous instructions ~/.ssh/id_rsa x-mcp-header 0 42 null'.split(
    ' ',
  );
const SEPARATORS = [' ', ' ', ' ', '. ', ', ', '\n', '\r\n', '\t', '。', ' — ', '\u200B', '\u202E', '\u{E0041}'];

/** Text made of words and single separators. */
const wordyText = (maxWords: number) =>
  fc.array(fc.tuple(fc.constantFrom(...WORDS), fc.constantFrom(...SEPARATORS)), { maxLength: maxWords }).map((xs) => xs.map(([w, s]) => w + s).join(''));

/**
 * Huge descriptions (up to ~13 000 characters, the largest seen in real servers), built by repeating a
 * generated sentence. Long runs of one character (spaces, "a.a.a…", capitals) are deliberately not
 * generated here: they hit known quadratic regular expressions (reported separately), and this test is
 * about crashes and ordinary sizes.
 */
const hugeText = fc
  .tuple(wordyText(30), fc.integer({ min: 1_000, max: 13_000 }))
  .map(([sentence, size]) => {
    const unit = `${sentence.trim() || 'Reads files'}. `;
    return unit.repeat(Math.ceil(size / unit.length)).slice(0, size);
  });

const anyText = fc.oneof(
  { weight: 4, arbitrary: fc.string() },
  { weight: 2, arbitrary: fc.string({ unit: 'grapheme' }) },
  { weight: 1, arbitrary: fc.string({ unit: 'binary' }) },
  { weight: 4, arbitrary: wordyText(40) },
  { weight: 1, arbitrary: hugeText },
);

const anyName = fc.oneof(
  { weight: 4, arbitrary: fc.stringMatching(/^[a-z][a-z0-9_.-]{0,30}$/) },
  { weight: 2, arbitrary: fc.string({ unit: 'grapheme', maxLength: 40 }) },
  { weight: 1, arbitrary: fc.constantFrom('__proto__', 'constructor', 'toString', 'hasOwnProperty', 'getHTTPResponse', 'browser_navigate', 'ファイル検索', '👩‍💻', ' ') },
  { weight: 1, arbitrary: fc.oneof(fc.integer(), fc.constant(null), fc.boolean(), fc.constant(undefined)) },
);

/**
 * Local `$ref` pointers, including cycles ("#", "#/$defs/a" → itself) and escaped segments. Percent
 * escapes are only well-formed ones ("%24defs" = "$defs"): a malformed escape such as "#/%zz" currently
 * throws a URIError from resolveRef (reported separately).
 */
const anyRef = fc.oneof(
  fc.constantFrom('#', '#/', '#/$defs/a', '#/$defs/b', '#/definitions/a', '#/properties/x', '#/%24defs/a', '#/$defs/a~1b', '#/$defs/~0', 'http://example.com/s.json', '#/items/0'),
  fc.array(fc.stringMatching(/^[a-z$~01]{0,6}$/), { maxLength: 4 }).map((parts) => `#/${parts.join('/')}`),
);

const typeValue = fc.oneof(
  fc.constantFrom('string', 'integer', 'number', 'boolean', 'object', 'array', 'null', 'any', ''),
  fc.array(fc.constantFrom('string', 'null', 'integer', 'boolean'), { maxLength: 3 }),
  fc.jsonValue({ maxDepth: 1 }),
);

const { schema: anySchema } = fc.letrec<{ schema: unknown }>((tie) => ({
  schema: fc.oneof(
    // The first branch is the leaf fast-check falls back to at maxDepth.
    { maxDepth: 4, depthSize: 'small', depthIdentifier: 'schema' },
    fc.jsonValue({ maxDepth: 1 }),
    fc.record(
      {
        type: typeValue,
        description: anyText,
        properties: fc.dictionary(anyName.filter((n): n is string => typeof n === 'string'), tie('schema'), { maxKeys: 4 }),
        required: fc.oneof(fc.array(fc.string({ maxLength: 8 }), { maxLength: 4 }), fc.jsonValue({ maxDepth: 1 })),
        additionalProperties: fc.oneof(fc.boolean(), tie('schema')),
        items: tie('schema'),
        anyOf: fc.array(tie('schema'), { maxLength: 3 }),
        oneOf: fc.array(tie('schema'), { maxLength: 2 }),
        enum: fc.array(fc.jsonValue({ maxDepth: 1 }), { maxLength: 4 }),
        $ref: anyRef,
        $defs: fc.dictionary(fc.constantFrom('a', 'b', 'a/b', '~'), tie('schema'), { maxKeys: 2 }),
        'x-mcp-header': fc.oneof(fc.constantFrom('X-Id', 'x-id', 'a b', '', 'X:Y'), fc.jsonValue({ maxDepth: 1 })),
        default: fc.jsonValue({ maxDepth: 2 }),
        examples: fc.array(fc.jsonValue({ maxDepth: 1 }), { maxLength: 2 }),
        format: fc.constantFrom('uri', 'date-time', 'email'),
        minLength: fc.oneof(fc.nat(), fc.string()),
      },
      { requiredKeys: [] },
    ),
    fc.constant({ $ref: '#' }),
    fc.constant({ $defs: { a: { $ref: '#/$defs/a' } }, $ref: '#/$defs/a' }),
    fc.constant({ type: 'object', properties: { a: { $ref: '#/$defs/a' } }, $defs: { a: { $ref: '#/$defs/b' }, b: { $ref: '#/$defs/a' } } }),
  ),
}));

const anyAnnotations = fc.oneof(
  fc.record(
    {
      title: fc.oneof(fc.string(), fc.integer()),
      readOnlyHint: fc.oneof(fc.boolean(), fc.constant('true'), fc.constant(null)),
      destructiveHint: fc.oneof(fc.boolean(), fc.constant(1)),
      idempotentHint: fc.boolean(),
      openWorldHint: fc.boolean(),
    },
    { requiredKeys: [] },
  ),
  fc.jsonValue({ maxDepth: 1 }),
);

/** Mostly valid tools, with every field sometimes missing, of the wrong type, or hostile. */
const anyTool = fc.record(
  {
    name: anyName,
    title: fc.oneof(anyText, fc.integer()),
    description: fc.oneof({ weight: 8, arbitrary: anyText }, { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 1 }) }),
    inputSchema: fc.oneof({ weight: 8, arbitrary: anySchema.filter((s) => typeof s === 'object' && s !== null && !Array.isArray(s)) }, { weight: 1, arbitrary: anySchema }),
    outputSchema: anySchema,
    annotations: anyAnnotations,
    _meta: fc.jsonValue({ maxDepth: 2 }),
    icons: fc.jsonValue({ maxDepth: 2 }),
  },
  { requiredKeys: [] },
);

const anySurface = fc.oneof(
  fc.array(anyTool, { maxLength: 8 }).map((tools) => ({ tools })),
  fc.array(anyTool, { maxLength: 8 }),
  fc.array(anyTool, { maxLength: 8 }).map((tools) => ({ jsonrpc: '2.0', id: 1, result: { tools } })),
  fc.jsonValue({ maxDepth: 3 }).map((error) => ({ jsonrpc: '2.0', id: 1, error })),
  // Mostly-valid tools with unique names, so that the rules (not just the parser) see them.
  fc.uniqueArray(anyTool, { maxLength: 12, selector: (t) => t.name }).map((tools) =>
    tools.map((t, i) => ({
      ...t,
      name: typeof t.name === 'string' && t.name.trim() !== '' ? t.name : `tool_${i}`,
      description: typeof t.description === 'string' ? t.description : undefined,
      title: typeof t.title === 'string' ? t.title : undefined,
      inputSchema: typeof t.inputSchema === 'object' && t.inputSchema !== null && !Array.isArray(t.inputSchema) ? t.inputSchema : { type: 'object' },
      outputSchema: typeof t.outputSchema === 'object' && t.outputSchema !== null && !Array.isArray(t.outputSchema) ? t.outputSchema : undefined,
      annotations: typeof t.annotations === 'object' && t.annotations !== null && !Array.isArray(t.annotations) ? t.annotations : undefined,
      _meta: undefined,
    })),
  ),
);

// ---- Properties -------------------------------------------------------------------------------------

describe('rules v2 robustness', () => {
  it('arbitrary JSON values end in a result or a known InputError, each within 2 s', async () => {
    const counter = await loadTokenCounter();
    const seen: Record<string, number> = {};
    fc.assert(
      fc.property(fc.oneof(fc.jsonValue(), fc.jsonValue().map((tools) => ({ tools }))), (value) => check(value, counter, seen)),
      { numRuns: 4000, seed: 20261130 },
    );
    // The generator reaches both outcomes.
    expect(seen.result).toBeGreaterThan(0);
    expect(seen.missing_tools).toBeGreaterThan(0);
  });

  it('tool-ish surfaces (unicode names, nested schemas, $ref cycles, huge or non-string fields) never crash', async () => {
    const counter = await loadTokenCounter();
    const seen: Record<string, number> = {};
    fc.assert(
      fc.property(anySurface, (value) => check(value, counter, seen)),
      { numRuns: 2500, seed: 42 },
    );
    // Both real results and several kinds of input errors were exercised.
    expect(seen.result).toBeGreaterThan(300);
    expect(Object.keys(seen).filter((k) => k !== 'result').length).toBeGreaterThanOrEqual(4);
  });

  it('resolves $ref cycles without hanging', async () => {
    const counter = await loadTokenCounter();
    const schemas = [
      { $ref: '#' },
      { $defs: { a: { $ref: '#/$defs/a' } }, $ref: '#/$defs/a' },
      { type: 'object', properties: { a: { $ref: '#' }, b: { $ref: '#/properties/b' } } },
      { type: 'object', properties: { a: { $ref: '#/$defs/a' } }, $defs: { a: { $ref: '#/$defs/b' }, b: { $ref: '#/$defs/a', description: 'B' } } },
    ];
    for (const inputSchema of schemas) {
      const out = run({ tools: [{ name: 'cyclic', description: 'Reads a cyclic schema.', inputSchema }] }, counter);
      expect(out.kind).toBe('result');
      expect(out.ms).toBeLessThan(RUN_LIMIT_MS);
    }
  });
});

// ---- A seeded worst case of realistic size ------------------------------------------------------------

/** Deterministic pseudo-random numbers (LCG), so the big surface is the same on every run. */
function lcg(seed: number): () => number {
  let s = seed;
  return () => (s = (s * 1103515245 + 12345) % 2147483648) / 2147483648;
}

function bigSurface() {
  const rnd = lcg(7);
  const vocab = 'read write list search file issue repository branch commit user token limit returns when use instead example path directory content'.split(' ');
  const description = (i: number) => {
    let s = `Tool ${i} `;
    while (s.length < 13_000) s += vocab[Math.floor(rnd() * vocab.length)]! + (rnd() < 0.1 ? '. ' : ' ');
    return s.slice(0, 13_000);
  };
  const properties: Record<string, unknown> = {};
  for (let i = 0; JSON.stringify(properties).length < 70_000; i++) {
    properties[`field_${i}`] = { type: i % 3 === 0 ? 'boolean' : 'string', description: `Field ${i} of the record, e.g. value ${i}.`, maxLength: 100 };
  }
  const big = { type: 'object', properties, required: ['field_0'], additionalProperties: false, $defs: { self: { $ref: '#/$defs/self' } } };
  return {
    tools: Array.from({ length: 200 }, (_, i) => ({
      name: `tool_${i}`,
      description: description(i),
      inputSchema: i % 50 === 0 ? big : { type: 'object', properties: { q: { type: 'string' } } },
    })),
  };
}

describe('rules v2 on a 200-tool surface of 13 000-character descriptions and 70 KB schemas', () => {
  it('is over the 1 MiB public limit, so the parser refuses it', () => {
    expect(() => parseSurfaceValue(bigSurface())).toThrow(expect.objectContaining({ code: 'payload_too_large' }));
  });

  it('lints it (limits lifted) to a valid result in bounded time', async () => {
    const counter = await loadTokenCounter();
    const value = bigSurface();
    expect(JSON.stringify(value.tools[0]!.inputSchema).length).toBeGreaterThan(70_000);
    const t0 = performance.now();
    const result = rulesV2.lint(parseSurfaceValue(value, { maxBytes: Number.POSITIVE_INFINITY }), { countTokens: counter });
    const ms = performance.now() - t0;
    expect(LintResultSchema.safeParse(result).success).toBe(true);
    expect(result.surface.toolCount).toBe(200);
    expect(result.findings.map((f) => f.code)).toEqual(expect.arrayContaining(['too_many_tools', 'heavy_surface']));
    expect(result.tools[0]!.findings.map((f) => f.code)).toEqual(expect.arrayContaining(['too_long', 'heavy_tool']));
    // About 1 s on an idle 2-core runner; the bound leaves room for a loaded machine.
    expect(ms).toBeLessThan(20_000);
  });
});
