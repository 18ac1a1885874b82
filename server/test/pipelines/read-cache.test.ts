import { describe, expect, it } from 'vitest';
import { ReadCache } from '../../src/pipelines/read-cache.js';

describe('ReadCache (a BoundedMap with a TTL and single flight)', () => {
  it('shares one load within ttlMs by the injected clock, loads again after, and never keeps a failure', async () => {
    let now = 0;
    let loads = 0;
    const cache = new ReadCache<number>(1_000, () => now, 2);
    const load = async () => ++loads;
    const [a, b] = await Promise.all([cache.get('k', load), cache.get('k', load)]);
    expect([a, b, loads]).toEqual([1, 1, 1]);
    now = 999;
    expect(await cache.get('k', load)).toBe(1);
    now = 1_000;
    expect(await cache.get('k', load)).toBe(2);

    const failing = cache.get('bad', () => Promise.reject(new Error('database away')));
    await expect(failing).rejects.toThrow('database away');
    expect(await cache.get('bad', load)).toBe(3);
  });

  it('is bounded (least recently used out) and off with ttlMs 0', async () => {
    let loads = 0;
    const load = async () => ++loads;
    const cache = new ReadCache<number>(60_000, () => 0, 2);
    await cache.get('a', load);
    await cache.get('b', load);
    await cache.get('a', load); // a recent, b the oldest
    await cache.get('c', load);
    expect(loads).toBe(3);
    expect(await cache.get('a', load)).toBe(1);
    expect(await cache.get('b', load)).toBe(4);
    const off = new ReadCache<number>(0, () => 0);
    await off.get('a', load);
    await off.get('a', load);
    expect(loads).toBe(6);
  });
});
