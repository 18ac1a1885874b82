import { BoundedMap, LintCache, lintSurface, surfaceHash, type LintResult, type RuleSetId, type Surface } from '@toolmark/benchmarks';
import { nodeSha256Hex } from '../native-hash.js';

/**
 * Lint with a small memo keyed by rules id and canonical surface hash. Lint is a pure function of the
 * surface and the rule set, so a CI pipeline saving the same tools again gets the identical result without
 * paying for it twice. Bounded (least recently used evicted). A changed surface is linted with the core's
 * per-tool LintCache: the tools it shares with surfaces seen before are not analysed again.
 */
export class LintMemo {
  private readonly entries: BoundedMap<string, Promise<LintResult>>;
  private readonly stored: BoundedMap<string, Promise<LintResult | undefined>>;
  private readonly bodies: BoundedMap<string, { surfaceHash: string; result: LintResult }>;
  private readonly owners: BoundedMap<string, string>;
  private readonly tools = new LintCache();
  private readonly texts = new WeakMap<LintResult, string>();
  constructor(capacity = 256) {
    this.entries = new BoundedMap({ capacity });
    this.stored = new BoundedMap({ capacity });
    this.bodies = new BoundedMap({ capacity });
    this.owners = new BoundedMap({ capacity: capacity * 16 });
  }

  /** A result's JSON text, encoded once per result object (results are not changed once made). */
  json(result: LintResult): string {
    let text = this.texts.get(result);
    if (text === undefined) this.texts.set(result, (text = JSON.stringify(result)));
    return text;
  }

  /**
   * What a request body (by the sha256 of its exact bytes) parsed, hashed and linted to under the latest
   * rules: the same bytes always give the same surface, so a CI job sending its tools again skips parsing,
   * hashing and linting.
   */
  body(bodyHash: string): { surfaceHash: string; result: LintResult } | undefined {
    return this.bodies.get(bodyHash);
  }

  rememberBody(bodyHash: string, known: { surfaceHash: string; result: LintResult }): void {
    this.bodies.set(bodyHash, known);
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
    return pending;
  }

  /** Remember a result just stored under `id`, so the next save's `changes` need not read it back. */
  rememberStored(id: string, result: LintResult): void {
    this.stored.set(id, Promise.resolve(result));
  }

  /**
   * The organisation that owns a server, once looked up (a server never changes owner, so a known owner
   * stays right; a deleted server is refused by the save statements themselves). Unknown servers are not
   * remembered.
   */
  owner(serverId: string): string | undefined {
    return this.owners.get(serverId);
  }

  rememberOwner(serverId: string, organisationId: string): void {
    this.owners.set(serverId, organisationId);
  }

  /** The canonical surface hash, with the per-tool memo (the lint that follows reuses the tools' hashes). */
  surfaceHash(surface: Surface): string {
    return surfaceHash(surface, nodeSha256Hex, this.tools);
  }

  lint(surface: Surface, surfaceHash: string, rulesId: RuleSetId): Promise<LintResult> {
    const key = `${rulesId}:${surfaceHash}`;
    return this.entries.through(key, () => {
      const pending = lintSurface(surface, rulesId, { sha256Hex: nodeSha256Hex, cache: this.tools });
      pending.catch(() => this.entries.delete(key));
      return pending;
    });
  }
}
