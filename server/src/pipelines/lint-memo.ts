import { lintSurface, type LintResult, type RuleSetId, type Surface } from '@toolmark/benchmarks';
import { nodeSha256Hex } from '../native-hash.js';

/**
 * Lint with a small memo keyed by rules id and canonical surface hash. Lint is a pure function of the
 * surface and the rule set, so a CI pipeline saving the same tools again gets the identical result without
 * paying for it twice. Bounded (least recently used evicted).
 */
export class LintMemo {
  private readonly entries = new Map<string, Promise<LintResult>>();
  private readonly stored = new Map<string, Promise<LintResult | undefined>>();
  private readonly bodies = new Map<string, { surfaceHash: string; result: LintResult }>();
  constructor(private readonly capacity = 256) {}

  /**
   * What a request body (by the sha256 of its exact bytes) parsed, hashed and linted to under the latest
   * rules: the same bytes always give the same surface, so a CI job sending its tools again skips parsing,
   * hashing and linting.
   */
  body(bodyHash: string): { surfaceHash: string; result: LintResult } | undefined {
    return this.bodies.get(bodyHash);
  }

  rememberBody(bodyHash: string, known: { surfaceHash: string; result: LintResult }): void {
    this.bodies.delete(bodyHash);
    this.bodies.set(bodyHash, known);
    if (this.bodies.size > this.capacity) this.bodies.delete(this.bodies.keys().next().value!);
  }

  /** A stored result by its row id (stored results never change), loading it once. */
  storedResult(id: string, load: () => Promise<LintResult | undefined>): Promise<LintResult | undefined> {
    const hit = this.stored.get(id);
    if (hit) return hit;
    const pending = load();
    pending.then(
      (r) => r === undefined && this.stored.delete(id),
      () => this.stored.delete(id),
    );
    this.stored.set(id, pending);
    if (this.stored.size > this.capacity) this.stored.delete(this.stored.keys().next().value!);
    return pending;
  }

  lint(surface: Surface, surfaceHash: string, rulesId: RuleSetId): Promise<LintResult> {
    const key = `${rulesId}:${surfaceHash}`;
    const hit = this.entries.get(key);
    if (hit) {
      this.entries.delete(key);
      this.entries.set(key, hit);
      return hit;
    }
    const pending = lintSurface(surface, rulesId, { sha256Hex: nodeSha256Hex });
    pending.catch(() => this.entries.delete(key));
    this.entries.set(key, pending);
    if (this.entries.size > this.capacity) this.entries.delete(this.entries.keys().next().value!);
    return pending;
  }
}
