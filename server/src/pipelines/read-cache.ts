/**
 * A short-lived cache for public reads that many people ask for at once (the leaderboard): identical
 * requests within `ttlMs` share one database round trip, and concurrent misses share one query
 * (single flight). Scores change only when a lint is saved, and a board a second or two old is what every
 * public leaderboard serves; `ttlMs` 0 turns it off. Bounded: the oldest entries go first.
 */
export class ReadCache<T> {
  private readonly entries = new Map<string, { until: number; value: Promise<T> }>();
  constructor(
    private readonly ttlMs: number,
    private readonly now: () => number,
    private readonly capacity = 1_000,
  ) {}

  get(key: string, load: () => Promise<T>): Promise<T> {
    if (this.ttlMs <= 0) return load();
    const t = this.now();
    const hit = this.entries.get(key);
    if (hit && hit.until > t) return hit.value;
    const value = load();
    // A failed load is not cached: the next request tries again.
    value.catch(() => this.entries.get(key)?.value === value && this.entries.delete(key));
    this.entries.delete(key);
    this.entries.set(key, { until: t + this.ttlMs, value });
    if (this.entries.size > this.capacity) this.entries.delete(this.entries.keys().next().value!);
    return value;
  }
}
