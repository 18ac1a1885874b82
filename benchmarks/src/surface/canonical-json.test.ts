import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { canonicalize, canonicalJson, canonicalJsonOnce, canonicalStringsOnce } from './canonical.js';

describe('canonicalJson (native stringify with a sorting replacer)', () => {
  it('is exactly JSON.stringify(canonicalize(value)) for any JSON value', () => {
    fc.assert(
      fc.property(fc.jsonValue(), fc.constantFrom(undefined, 'required', 'properties'), (value, key) => {
        expect(canonicalJson(value, key)).toBe(JSON.stringify(canonicalize(value, key)) ?? 'null');
      }),
      { numRuns: 2000, seed: 7 },
    );
  });

  it('treats `required` as a set at any depth, but not arrays nested in arrays', () => {
    expect(canonicalJson({ b: { required: ['y', 'x', 'y'] }, a: [['b', 'a']] })).toBe('{"a":[["b","a"]],"b":{"required":["x","y"]}}');
    expect(canonicalJson({ required: [2, 1] })).toBe('{"required":[2,1]}');
  });

  it('keeps a key named __proto__ as an ordinary property', () => {
    const value = JSON.parse('{"z":1,"__proto__":{"x":1},"a":2}') as unknown;
    expect(canonicalJson(value)).toBe('{"__proto__":{"x":1},"a":2,"z":1}');
  });

  it('orders array-index keys ("9", "10") first and numerically, as JavaScript objects enumerate them', () => {
    const value = JSON.parse('{"b":"B","10":"ten","9":"nine","a":{"2":"x","1":"y","01":"z"},"4294967295":"big"}') as object;
    expect(canonicalJson(value)).toBe(JSON.stringify(canonicalize(value)));
    expect(canonicalJson(value)).toBe('{"9":"nine","10":"ten","4294967295":"big","a":{"1":"y","2":"x","01":"z"},"b":"B"}');
  });

  it('sorts long key lists too (another path than a schema object\'s few keys)', () => {
    const keys = Array.from({ length: 40 }, (_, i) => (i % 3 === 0 ? String(i * 7) : `k${(i * 17) % 40}`));
    const value = Object.fromEntries(keys.reverse().map((k) => [k, k]));
    expect(canonicalJson(value)).toBe(JSON.stringify(canonicalize(value)));
    expect(canonicalStringsOnce(value)).toEqual(stringsInOrder(JSON.parse(canonicalJsonOnce(value))));
  });
});

// Keys that are often array indexes, so their special order is exercised.
const jsonWithIndexKeys = fc.letrec((tie) => ({
  value: fc.oneof({ depthSize: 'small' }, fc.string(), fc.integer(), fc.boolean(), fc.constant(null), tie('array'), tie('object')),
  array: fc.array(tie('value'), { maxLength: 4 }),
  object: fc.dictionary(fc.oneof(fc.constantFrom('0', '1', '9', '10', '01', '4294967294', '4294967295', 'required', 'a', 'b'), fc.string()), tie('value'), {
    maxKeys: 6,
  }),
})).object;

/** Every string value of a parsed JSON value, in the order its text lists them. */
function stringsInOrder(value: unknown, out: string[] = []): string[] {
  if (typeof value === 'string') out.push(value);
  else if (Array.isArray(value)) for (const v of value) stringsInOrder(v, out);
  else if (typeof value === 'object' && value !== null) for (const k of Object.keys(value)) stringsInOrder((value as Record<string, unknown>)[k], out);
  return out;
}

describe('canonicalJsonOnce and canonicalStringsOnce (one serialisation)', () => {
  it('give the canonical text and its string values in the order the text lists them', () => {
    fc.assert(
      fc.property(jsonWithIndexKeys, (value) => {
        const json = canonicalJsonOnce(value);
        expect(json).toBe(JSON.stringify(canonicalize(value)));
        expect(canonicalStringsOnce(value)).toEqual(stringsInOrder(JSON.parse(json)));
      }),
      { numRuns: 2000, seed: 11 },
    );
  });
});
