/** How a {@link BoundedMap} is bounded: by count (least recently used first) and, optionally, by age. */
export interface BoundedMapOptions {
  /** Entries kept at most; past it the least recently used entry goes first. */
  capacity: number;
  /** How long an entry is served after it was set (milliseconds); undefined: until it is evicted. */
  ttlMs?: number;
  /** The clock, in milliseconds: required with `ttlMs` (the core reads no clock of its own). */
  now?: () => number;
}

/**
 * The one bounded cache: a Map that keeps at most `capacity` entries, dropping the least recently used
 * (a `get` hit or a `set` makes an entry the most recent), and with `ttlMs` never serves an entry older
 * than that (expiry is checked on read against the injected clock; an expired entry is a miss and goes).
 * Pure: no timers, no clock of its own.
 */
export class BoundedMap<K, V> implements Iterable<[K, V]> {
  private readonly entries = new Map<K, { value: V; until: number }>();
  readonly capacity: number;
  private readonly ttlMs: number | undefined;
  private readonly now: (() => number) | undefined;

  constructor(options: BoundedMapOptions) {
    const { capacity, ttlMs, now } = options;
    if (!Number.isInteger(capacity) || capacity < 1) throw new RangeError(`BoundedMap capacity must be a positive integer, got ${capacity}`);
    if (ttlMs !== undefined && !(ttlMs > 0)) throw new RangeError(`BoundedMap ttlMs must be positive, got ${ttlMs}`);
    if (ttlMs !== undefined && now === undefined) throw new RangeError('BoundedMap with ttlMs needs a clock (now)');
    this.capacity = capacity;
    this.ttlMs = ttlMs;
    this.now = now;
  }

  /** Entries held, expired ones not yet dropped included. */
  get size(): number {
    return this.entries.size;
  }

  private live(key: K): { value: V; until: number } | undefined {
    const entry = this.entries.get(key);
    if (entry === undefined) return undefined;
    if (this.ttlMs !== undefined && entry.until <= this.now!()) {
      this.entries.delete(key);
      return undefined;
    }
    return entry;
  }

  /** The value for `key` (now the most recently used), or undefined when absent or expired. */
  get(key: K): V | undefined {
    const entry = this.live(key);
    if (entry === undefined) return undefined;
    this.entries.delete(key);
    this.entries.set(key, entry);
    return entry.value;
  }

  /** The value for `key` without making it recent, or undefined when absent or expired. */
  peek(key: K): V | undefined {
    return this.live(key)?.value;
  }

  /** Whether `key` has a value that has not expired (does not make it recent). */
  has(key: K): boolean {
    return this.live(key) !== undefined;
  }

  /** Keep `value` under `key` as the most recent entry (its age starts now), dropping the least recent past capacity. */
  set(key: K, value: V): this {
    this.entries.delete(key);
    this.entries.set(key, { value, until: this.ttlMs === undefined ? Infinity : this.now!() + this.ttlMs });
    while (this.entries.size > this.capacity) this.entries.delete(this.entries.keys().next().value!);
    return this;
  }

  /** The value for `key`, or `make()`'s, which is then kept. */
  through(key: K, make: () => V): V {
    const entry = this.live(key);
    if (entry !== undefined) {
      this.entries.delete(key);
      this.entries.set(key, entry);
      return entry.value;
    }
    const value = make();
    this.set(key, value);
    return value;
  }

  /** Forget `key`; true when it was held. */
  delete(key: K): boolean {
    return this.entries.delete(key);
  }

  /** Forget everything. */
  clear(): void {
    this.entries.clear();
  }

  /** The entries that have not expired, least recently used first (iterating makes none recent). */
  *[Symbol.iterator](): Iterator<[K, V]> {
    const t = this.ttlMs === undefined ? 0 : this.now!();
    for (const [key, entry] of this.entries) if (entry.until > t) yield [key, entry.value];
  }
}
