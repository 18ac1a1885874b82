import { describe, expect, it } from 'vitest';
import { isRange, looseEqual, matchArgs, meets } from './expect-args.js';

describe('partial argument expectations', () => {
  it('compares literals loosely: strings folded, numbers by value, structures element by element', () => {
    expect(looseEqual(' Elevation ', 'elevation')).toBe(true);
    expect(looseEqual(1, 1.0)).toBe(true);
    expect(looseEqual(1, '1')).toBe(false);
    expect(looseEqual(['A', 2], ['a', 2])).toBe(true);
    expect(looseEqual({ a: 'X' }, { a: 'x' })).toBe(true);
    expect(looseEqual({ a: 1 }, { a: 1, b: 2 })).toBe(false);
    expect(looseEqual(null, null)).toBe(true);
  });

  it('reads ranges, sets of allowed values and explicit equals', () => {
    expect(isRange({ min: 1 })).toBe(true);
    expect(isRange({ min: 'a' })).toBe(false);
    expect(meets({ min: 1 }, 2)).toBe(true);
    expect(meets({ min: 1, max: 3 }, 4)).toBe(false);
    expect(meets({ max: 3 }, '2')).toBe(false);
    expect(meets({ oneOf: ['asc', 'desc'] }, 'DESC')).toBe(true);
    expect(meets({ oneOf: ['asc'] }, 'up')).toBe(false);
    expect(meets({ equals: { min: 1 } }, { min: 1 })).toBe(true);
  });

  it('names missing and mismatching arguments, ignoring unlisted ones', () => {
    expect(matchArgs({ mode: 'elevation', px: { min: 1 } }, { mode: 'elevation', px: 2, other: true })).toEqual([]);
    const errs = matchArgs({ mode: 'elevation', px: { min: 1 } }, { mode: 'intensity' });
    expect(errs.map((e) => [e.argument, e.kind])).toEqual([
      ['mode', 'not_allowed'],
      ['px', 'missing'],
    ]);
    expect(errs[0]!.message).toMatch(/expected equal to "elevation"/);
    expect(matchArgs({ a: 1 }, 'not an object')[0]!.kind).toBe('missing');
  });
});
