import { BoundedMap } from './bounded-map.js';

/**
 * A bounded memo that a caller may keep across lints (a service linting many versions of the same
 * servers): rule sets keep in it what depends on one tool alone — its facts, and its scored result in a
 * given surface context — keyed by the tool's canonical hash. Lint is a function of the canonical
 * surface, so a lint with a cache returns exactly what a lint without one returns; a surface that changed
 * one tool of twenty pays for one tool. Least recently used entries go first (a {@link BoundedMap}). Pure: no I/O.
 */
export class LintCache {
  private readonly entries: BoundedMap<string, unknown>;

  /** `capacity`: entries kept (a tool takes two: its facts and its result; a few KiB each). */
  constructor(readonly capacity = 4_096) {
    if (!Number.isInteger(capacity) || capacity < 1) throw new RangeError(`LintCache capacity must be a positive integer, got ${capacity}`);
    this.entries = new BoundedMap({ capacity });
  }

  /** Entries held. */
  get size(): number {
    return this.entries.size;
  }

  /** The value for `key`, or `make()`'s (then kept). */
  through<T>(key: string, make: () => T): T {
    return this.entries.through(key, make) as T;
  }
}
