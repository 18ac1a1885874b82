// Where each run of an evaluation release stands on its model's board (schema version 3), one definition
// for the build, verify and the live boards: a run on an older version of its server is history, never
// ranked; a run below the answered share of the core's `isComplete` is incomplete, listed unranked with
// "answered X / Y"; the rest are ranked by selectionAcc (then name, then id), as the boards place them.
import { answeredOf, isComplete, MIN_ANSWERED_SHARE, type Answered } from '../eval/completeness.js';
import { boardPlaces } from './ranks.js';
import type { RunMetricsRow, RunMetricsRowV2, RunStanding } from './rows.js';

/** A run's standing and, when it is not ranked, why (the words a release's `reason` column holds). */
export function runStanding(answered: Answered, versionId: string, latestVersionId: string): { standing: RunStanding; reason: string | null } {
  if (versionId !== latestVersionId) return { standing: 'older_version', reason: `a run of an older version of the server (the latest is ${latestVersionId}): kept as history, not ranked` };
  if (!isComplete(answered)) {
    return { standing: 'incomplete', reason: `answered ${answered.answered} / ${answered.planned} trials, below the ${Math.round(MIN_ANSWERED_SHARE * 100)} % a ranked run needs` };
  }
  return { standing: 'ranked', reason: null };
}

/** The places of runs on their model's board: only `ranked` runs have one (by selectionAcc, then name, then id); the others null. */
export function standingPlaces(rows: readonly { standing: RunStanding; value: number | null; name: string; id: string }[]): (number | null)[] {
  const ranked = rows.flatMap((r, i) => (r.standing === 'ranked' ? [{ r, i }] : []));
  const places = boardPlaces(ranked.map((x) => x.r));
  const out: (number | null)[] = rows.map(() => null);
  ranked.forEach((x, k) => (out[x.i] = places[k]!));
  return out;
}

const ORDER: Record<RunStanding, number> = { ranked: 0, incomplete: 1, older_version: 2 };

/** The order a release lists its runs in, as the boards list them: the ranked by place, then the incomplete, then older versions, each by name then run id. */
export function standingOrder(a: { standing: RunStanding; rank: number | null; name: string; runId: string }, b: { standing: RunStanding; rank: number | null; name: string; runId: string }): number {
  const text = (x: string, y: string) => (x < y ? -1 : x > y ? 1 : 0);
  return ORDER[a.standing] - ORDER[b.standing] || (a.rank ?? 0) - (b.rank ?? 0) || text(a.name, b.name) || text(a.runId, b.runId);
}

/** How many runs of a release stand where (the manifest's `standings`, schema version 3). */
export function standingCounts(rows: readonly { standing: RunStanding }[]): { minAnsweredShare: number; ranked: number; incomplete: number; olderVersion: number } {
  const n = (s: RunStanding) => rows.filter((r) => r.standing === s).length;
  return { minAnsweredShare: MIN_ANSWERED_SHARE, ranked: n('ranked'), incomplete: n('incomplete'), olderVersion: n('older_version') };
}

/**
 * A metrics row of any schema version as version 3 has it: a row of version 1 or 2 stands as it was written
 * — ranked — with its answered share from its metrics (every trial it holds planned) and its own version as
 * the latest, so comparing it with the boards shows where the boards now disagree.
 */
export function currentMetricsRow(row: RunMetricsRow | RunMetricsRowV2): RunMetricsRow {
  if ('standing' in row) return row;
  const errors = (row.metrics as { errors?: unknown }).errors;
  const a = answeredOf({ trials: row.trials, errors: typeof errors === 'number' ? errors : 0 });
  return { ...row, standing: 'ranked', reason: null, answeredTrials: a.answered, plannedTrials: a.planned, latestVersionId: row.versionId };
}
