// `build-release`: every lint release (one per registered rules version) and every evaluation release (one
// per model and comparable setting with finished public runs). A failure marks that release failed and
// the others go on; a killed build leaves a `building` row and a folder under `.building/`, never served,
// which the next build of that key removes.
import { failRelease, publicRunKeys, releasesOf, type RunSettingsKey } from '@toolmark/db';
import { ruleSets } from '@toolmark/benchmarks';
import { buildEvaluationRelease, evaluationKey } from './build-evaluation.js';
import { buildLintRelease, type BuildDeps } from './build-lint.js';
import { removeStale, type BuildOutcome } from './publish.js';

export type { BuildDeps } from './build-lint.js';
export type { BuildOutcome } from './publish.js';

/** Mark the building row of a key failed after an error (so the next build starts clean) and say so. */
async function failed(deps: BuildDeps, kind: string, key: string, error: unknown): Promise<BuildOutcome> {
  const building = (await releasesOf(deps.db, kind, key)).filter((r) => r.status === 'building');
  for (const r of building) await failRelease(deps.db, r.id, { message: error instanceof Error ? error.message : String(error) });
  await removeStale(deps.root, building.map((r) => r.releaseId));
  return { kind, key, releaseId: building[0]?.releaseId ?? '', status: 'failed', rows: {} };
}

/** Build every release (or those of one kind). */
export async function buildReleases(deps: BuildDeps, only?: 'lint' | 'evaluation'): Promise<BuildOutcome[]> {
  const out: BuildOutcome[] = [];
  if (only !== 'evaluation') {
    for (const rules of Object.values(ruleSets)) {
      try {
        out.push(await buildLintRelease(deps, { id: rules.id, hash: rules.hash }));
      } catch (e) {
        out.push(await failed(deps, 'lint', `${rules.id}:${rules.hash}`, e));
      }
    }
  }
  if (only !== 'lint') {
    const keys: RunSettingsKey[] = await publicRunKeys(deps.db);
    for (const k of keys) {
      try {
        out.push(await buildEvaluationRelease(deps, k));
      } catch (e) {
        out.push(await failed(deps, 'evaluation', evaluationKey(k), e));
      }
    }
  }
  return out;
}
