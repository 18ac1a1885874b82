import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { canonicalize, canonicalJson } from './canonical.js';

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
});
