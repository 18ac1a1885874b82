import { describe, expect, it } from 'vitest';
import { BoundedMap } from './bounded-map.js';

const keys = <K, V>(m: BoundedMap<K, V>): K[] => [...m].map(([k]) => k);

describe('BoundedMap', () => {
  it('keeps at most capacity entries, dropping the least recently used', () => {
    const m = new BoundedMap<string, number>({ capacity: 3 });
    m.set('a', 1).set('b', 2).set('c', 3);
    expect(m.get('a')).toBe(1); // a is now the most recent: b is the oldest
    m.set('d', 4);
    expect(m.size).toBe(3);
    expect(m.has('b')).toBe(false);
    expect(keys(m)).toEqual(['c', 'a', 'd']);
    m.set('c', 30); // setting again makes it recent too
    m.set('e', 5);
    expect(keys(m)).toEqual(['d', 'c', 'e']);
    expect(m.get('c')).toBe(30);
  });

  it('peek, has and iteration read without making an entry recent', () => {
    const m = new BoundedMap<string, number>({ capacity: 2 });
    m.set('a', 1).set('b', 2);
    expect(m.peek('a')).toBe(1);
    expect(m.has('a')).toBe(true);
    expect(keys(m)).toEqual(['a', 'b']);
    m.set('c', 3);
    expect(keys(m)).toEqual(['b', 'c']);
  });

  it('never serves an entry older than ttlMs by the injected clock; expiry counts from the last set', () => {
    let now = 1_000;
    const m = new BoundedMap<string, string>({ capacity: 10, ttlMs: 100, now: () => now });
    m.set('a', 'x');
    now = 1_050;
    m.set('b', 'y');
    expect(m.get('a')).toBe('x'); // a read does not extend the age
    now = 1_100;
    expect(m.get('a')).toBeUndefined();
    expect(m.size).toBe(1); // the expired entry went on that read
    expect(keys(m)).toEqual(['b']);
    expect(m.peek('b')).toBe('y');
    now = 1_149;
    m.set('b', 'z');
    now = 1_200;
    expect(m.get('b')).toBe('z');
    now = 1_249;
    expect(m.has('b')).toBe(false);
  });

  it('through returns the kept value or keeps what make() gives, undefined values included', () => {
    const m = new BoundedMap<string, number | undefined>({ capacity: 2 });
    let made = 0;
    const make = (v: number | undefined) => () => (made++, v);
    expect(m.through('a', make(undefined))).toBeUndefined();
    expect(m.through('a', make(7))).toBeUndefined();
    expect(made).toBe(1);
    m.through('b', make(2));
    m.through('a', make(9)); // a hit: a is recent, b is the oldest
    m.through('c', make(3));
    expect(keys(m)).toEqual(['a', 'c']);
  });

  it('deletes, clears, and refuses a bound that is no bound', () => {
    const m = new BoundedMap<number, number>({ capacity: 5 });
    m.set(1, 1).set(2, 2);
    expect(m.delete(1)).toBe(true);
    expect(m.delete(1)).toBe(false);
    m.clear();
    expect(m.size).toBe(0);
    expect(() => new BoundedMap({ capacity: 0 })).toThrow(RangeError);
    expect(() => new BoundedMap({ capacity: 1.5 })).toThrow(RangeError);
    expect(() => new BoundedMap({ capacity: 1, ttlMs: 0, now: () => 0 })).toThrow(RangeError);
    expect(() => new BoundedMap({ capacity: 1, ttlMs: 10 })).toThrow(/clock/);
  });
});
