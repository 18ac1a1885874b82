import { BoundedMap } from '@toolmark/benchmarks';

/**
 * A short-lived cache for public reads that many people ask for at once (the leaderboard): identical
 * requests within `ttlMs` share one database round trip, and concurrent misses share one query
 * (single flight). Scores change only when a lint is saved, and a board a second or two old is what every
 * public leaderboard serves; `ttlMs` 0 turns it off. Bounded: the least recently used entries go first.
 */
export class ReadCache<T> {
  private readonly entries: BoundedMap<string, Promise<T>> | undefined;
  constructor(ttlMs: number, now: () => number, capacity = 1_000) {
    this.entries = ttlMs > 0 ? new BoundedMap({ capacity, ttlMs, now }) : undefined;
  }

  get(key: string, load: () => Promise<T>): Promise<T> {
    const entries = this.entries;
    if (entries === undefined) return load();
    const hit = entries.get(key);
    if (hit !== undefined) return hit;
    const value = load();
    // A failed load is not cached: the next request tries again.
    value.catch(() => entries.peek(key) === value && entries.delete(key));
    entries.set(key, value);
    return value;
  }
}
