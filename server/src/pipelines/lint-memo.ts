import { BoundedMap, diffLintResults, LintCache, lintSurface, parseSurfaceText, surfaceHash, type LintChanges, type LintResult, type RuleSetId, type Surface } from '@toolmark/benchmarks';
import type { CpuSession } from '../cpu/pool.js';
import { nodeSha256Hex } from '../native-hash.js';

/** A body parsed, hashed and linted. */
export interface LintedBody {
  surface: Surface;
  surfaceHash: string;
  result: LintResult;
}

/**
 * Lint with a small memo keyed by rules id and canonical surface hash. Lint is a pure function of the
 * surface and the rule set, so a CI pipeline saving the same tools again gets the identical result without
 * paying for it twice. Bounded (least recently used evicted). A changed surface is linted with the core's
 * per-tool LintCache: the tools it shares with surfaces seen before are not analysed again.
 */
export class LintMemo {
  private readonly entries: BoundedMap<string, Promise<LintResult>>;
  private readonly stored: BoundedMap<string, Promise<LintResult | undefined>>;
  private readonly bodies: BoundedMap<string, LintedBody>;
  private readonly owners: BoundedMap<string, string>;
  private readonly tools = new LintCache();
  private readonly texts = new WeakMap<LintResult, string>();
  private readonly diffs = new WeakMap<LintResult, Map<string, LintChanges>>();
  /** Bodies on a worker thread now, by rules and body hash (bounded by the CPU pool's own limits). */
  private readonly linting = new Map<string, Promise<LintedBody>>();
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
  body(bodyHash: string): LintedBody | undefined {
    return this.bodies.get(bodyHash);
  }

  /** Remember what a body parsed and linted to, its tools included: a save of these bytes that must add a version (the server's latest is other tools) does not parse or lint them again. */
  rememberBody(bodyHash: string, known: LintedBody): void {
    this.bodies.set(bodyHash, known);
  }

  /**
   * `changes` of a save: diffLintResults(before, current, previous), computed once per pair — a CI job
   * saving the same tools again compares the same two results every time. Both results are never changed
   * once made (stored results by row id, this memo's by object), so the answer is the same object.
   */
  changes(before: { resultId: string; result: LintResult }, current: LintResult, previous: LintChanges['previous']): LintChanges {
    let byPrevious = this.diffs.get(current);
    if (byPrevious === undefined) this.diffs.set(current, (byPrevious = new Map()));
    const key = `${before.resultId} ${previous.versionId} ${previous.surfaceHash} ${previous.label ?? '\u0000'}`;
    let changes = byPrevious.get(key);
    if (changes === undefined) {
      if (byPrevious.size >= 16) byPrevious.clear(); // a result compared with many versions: keep the recent ones
      byPrevious.set(key, (changes = diffLintResults(before.result, current, previous)));
    }
    return changes;
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

  /**
   * A request body (`bodyHash`: the sha256 of its bytes) parsed — the core's InputError for a bad one —,
   * hashed and linted. With the request's CPU session (the service) all of it runs on a worker thread,
   * which sends back the result's JSON text too, and concurrent requests with the same bytes share that one
   * task; the result is then remembered as this memo's own lints are. Without a session (in-process
   * callers) it is {@link surfaceHash} and {@link lint} here. A body already linted never gets here ({@link body}).
   */
  lintBody(text: string, bodyHash: string, rulesId: RuleSetId, cpu?: CpuSession): Promise<LintedBody> {
    if (cpu === undefined) {
      const surface = parseSurfaceText(text);
      const hash = this.surfaceHash(surface);
      return this.lint(surface, hash, rulesId).then((result) => ({ surface, surfaceHash: hash, result }));
    }
    const key = `${rulesId}:${bodyHash}`;
    const pending = this.linting.get(key);
    if (pending) return pending;
    const linting = cpu.run('lintText', { text, rules: rulesId }).then((linted) => {
      this.texts.set(linted.result, linted.json);
      this.entries.set(`${rulesId}:${linted.surfaceHash}`, Promise.resolve(linted.result));
      return { surface: { tools: linted.tools }, surfaceHash: linted.surfaceHash, result: linted.result };
    });
    this.linting.set(key, linting);
    void linting.finally(() => this.linting.delete(key)).catch(() => undefined);
    return linting;
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
