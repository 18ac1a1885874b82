import { describe, expect, it } from 'vitest';
import { currentMetricsRow, runStanding, standingCounts, standingOrder, standingPlaces } from './standing.js';
import type { RunMetricsRowV2 } from './rows.js';

describe('where a run of a release stands', () => {
  it('below 95 % answered is incomplete with its answered share in words; an older version is history first; the rest ranked', () => {
    expect(runStanding({ answered: 95, planned: 100 }, 'v2', 'v2')).toEqual({ standing: 'ranked', reason: null });
    expect(runStanding({ answered: 18, planned: 38 }, 'v2', 'v2')).toEqual({ standing: 'incomplete', reason: 'answered 18 / 38 trials, below the 95 % a ranked run needs' });
    // 94 of 99 is 94.9 %: not enough.
    expect(runStanding({ answered: 94, planned: 99 }, 'v2', 'v2').standing).toBe('incomplete');
    expect(runStanding({ answered: 0, planned: 0 }, 'v2', 'v2').standing).toBe('incomplete');
    expect(runStanding({ answered: 100, planned: 100 }, 'v1', 'v2')).toEqual({ standing: 'older_version', reason: 'a run of an older version of the server (the latest is v2): kept as history, not ranked' });
  });

  it('places only the ranked runs, by rate (equal rates share a place), even when an unranked one has the best rate', () => {
    const rows = [
      { standing: 'ranked' as const, value: 0.5, name: 'b', id: 'r2' },
      { standing: 'incomplete' as const, value: 1, name: 'a', id: 'r1' },
      { standing: 'ranked' as const, value: 0.9, name: 'c', id: 'r3' },
      { standing: 'older_version' as const, value: 0.95, name: 'd', id: 'r4' },
      { standing: 'ranked' as const, value: 0.5, name: 'b', id: 'r0' },
    ];
    expect(standingPlaces(rows)).toEqual([2, null, 1, null, 2]);
    expect(standingCounts(rows)).toEqual({ minAnsweredShare: 0.95, ranked: 3, incomplete: 1, olderVersion: 1 });
    const listed = [
      { standing: 'older_version' as const, rank: null, name: 'a', runId: 'x' },
      { standing: 'incomplete' as const, rank: null, name: 'z', runId: 'y' },
      { standing: 'ranked' as const, rank: 2, name: 'b', runId: 'w' },
      { standing: 'ranked' as const, rank: 1, name: 'c', runId: 'v' },
    ].sort(standingOrder);
    expect(listed.map((r) => r.runId)).toEqual(['v', 'w', 'y', 'x']);
  });

  it('a metrics row of schema version 1 or 2 reads as ranked, as it was written, with its answered share from its metrics', () => {
    const v2: RunMetricsRowV2 = {
      rank: 1, runId: 'r', evaluationId: 'e', modelId: 'm', serverId: 's', slug: 's', name: 's', versionId: 'v1', versionSeq: 1, comparabilityKey: 'cmp1:00', trials: 38,
      selectionAccNumerator: 12, selectionAccDenominator: 12, selectionAcc: 1, argValidityNumerator: 0, argValidityDenominator: 0, argValidity: null,
      falseCallRateNumerator: 0, falseCallRateDenominator: 0, falseCallRate: null, passRateNumerator: 0, passRateDenominator: 0, passRate: null, metrics: { trials: 38, errors: 20 },
    };
    expect(currentMetricsRow(v2)).toMatchObject({ rank: 1, standing: 'ranked', reason: null, answeredTrials: 18, plannedTrials: 38, latestVersionId: 'v1' });
  });
});
