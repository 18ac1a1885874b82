// `build-release`: first the withdrawal sweep (withdraw.ts: releases holding a server that is no longer
// public are withdrawn), then every lint release (one per registered rules version) and every evaluation
// release (one per model and comparable setting with finished public runs) — or, for a withdrawal, only the
// kinds and keys whose newest release is withdrawn. A failure marks that release failed and the others go
// on, except a write failure (write-error.ts: a full, failing or read-only disk), which removes the partial
// output, stops the build and fails the job; a killed build leaves a `building` row and a folder under
// `.building/`, never served, which the next build of that key removes.
import { failRelease, keysWithWithdrawnLatest, publicRunKeys, releasesOf, type RunSettingsKey } from '@toolmark/db';
import { publishedRuleSets } from '@toolmark/benchmarks';
import { buildEvaluationRelease, evaluationKey } from './build-evaluation.js';
import { buildLintRelease, lintKey, type BuildDeps } from './build-lint.js';
import { removeStale, type BuildOutcome } from './publish.js';
import { withdrawHidden, type Withdrawn } from './withdraw.js';
import { DatasetWriteError, isWriteFailure } from './write-error.js';

export type { BuildDeps } from './build-lint.js';
export type { BuildOutcome } from './publish.js';

/**
 * Mark the building row of a key failed after an error (so the next build starts clean) and remove its
 * partial output; a write failure (full, failing or read-only disk) then stops the whole build.
 */
async function failed(deps: BuildDeps, kind: string, key: string, error: unknown): Promise<BuildOutcome> {
  const building = (await releasesOf(deps.db, kind, key)).filter((r) => r.status === 'building');
  for (const r of building) await failRelease(deps.db, r.id, { message: error instanceof Error ? error.message : String(error), ...(isWriteFailure(error) ? { errno: error.code } : {}) });
  const releaseId = building[0]?.releaseId ?? '';
  // Removing may fail too (a read-only disk): the next build of the key removes what is left.
  const removed = await removeStale(deps.root, building.map((r) => r.releaseId)).then(() => true, () => false);
  if (isWriteFailure(error)) throw new DatasetWriteError(releaseId, deps.root, error, removed);
  return { kind, key, releaseId, status: 'failed', rows: {} };
}

/** What a build did: the releases withdrawn by its sweep and the outcome of each release built. */
export interface BuildReport {
  withdrawn: Withdrawn[];
  releases: BuildOutcome[];
}

/**
 * Withdraw what holds hidden servers, then build every release (or those of one kind; with `onlyWithdrawn`,
 * only the kinds and keys whose newest release is withdrawn — by this sweep or an earlier one, such as the
 * operator's route — and a key with no public run left gets none; with `onlyKeys`, only those keys).
 */
export async function buildAndWithdraw(deps: BuildDeps, opts: { only?: 'lint' | 'evaluation'; onlyWithdrawn?: boolean; onlyKeys?: readonly string[] } = {}): Promise<BuildReport> {
  const withdrawn = await withdrawHidden(deps.db, deps.root, deps.now);
  const touched = new Set((await keysWithWithdrawnLatest(deps.db)).map((w) => `${w.kind}\u0000${w.key}`));
  const keys = opts.onlyKeys ? new Set(opts.onlyKeys) : null;
  const wanted = (kind: string, key: string) => (!opts.onlyWithdrawn || touched.has(`${kind}\u0000${key}`)) && (keys === null || keys.has(key));
  return { withdrawn, releases: await buildReleases(deps, opts.only, wanted) };
}

/** Build every release (or those of one kind, or those `wanted` says). */
export async function buildReleases(deps: BuildDeps, only?: 'lint' | 'evaluation', wanted: (kind: string, key: string) => boolean = () => true): Promise<BuildOutcome[]> {
  const out: BuildOutcome[] = [];
  if (only !== 'evaluation') {
    for (const rules of publishedRuleSets()) {
      if (!wanted('lint', lintKey(rules))) continue;
      try {
        out.push(await buildLintRelease(deps, { id: rules.id, hash: rules.hash }));
      } catch (e) {
        out.push(await failed(deps, 'lint', lintKey(rules), e));
      }
    }
  }
  if (only !== 'lint') {
    const keys: RunSettingsKey[] = await publicRunKeys(deps.db);
    for (const k of keys) {
      if (!wanted('evaluation', evaluationKey(k))) continue;
      try {
        out.push(await buildEvaluationRelease(deps, k));
      } catch (e) {
        out.push(await failed(deps, 'evaluation', evaluationKey(k), e));
      }
    }
  }
  return out;
}
