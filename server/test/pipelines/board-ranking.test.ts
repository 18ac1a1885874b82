// What both evaluation boards share, on hand-made runs: only complete rows are ranked (an incomplete one
// follows, unranked, never compared), a pooled row is complete only when each of its runs is, the chart's
// x is the tools shown per request (each run weighted by its trials), pass@k / pass^k only with repeats.
import { describe, expect, it } from 'vitest';
import { rate, type Metrics } from '@toolmark/benchmarks';
import type { BoardRun } from '@toolmark/db';
import { answeredOfRuns, boardAndHistory, passKOf, rankedComplete, toolsShownPerRequest, unitsOf } from '../../src/pipelines/board-ranking.js';

function run(id: string, o: { trials: number; errors: number; shown: number; k?: number; hat?: [number, number]; units?: number; refunded?: number }): BoardRun {
  const metrics = { trials: o.trials, errors: o.errors, k: o.k ?? 1, passAtK: rate(o.hat?.[0] ?? 0, o.hat?.[1] ?? 0), passHatK: rate(o.hat?.[0] ?? 0, o.hat?.[1] ?? 0) } as unknown as Metrics;
  return {
    runId: id,
    evaluationId: `e-${id}`,
    modelId: 'm',
    comparabilityKey: 'cmp1:00',
    metrics,
    facts: { toolsShown: o.shown },
    finishedAt: new Date(0),
    server: { id: `s-${id}`, slug: id, name: id },
    versionId: 'v',
    versionSeq: 1,
    latestVersionId: 'v',
    organisationId: 'o',
    trialCount: o.trials,
    units: o.units ?? 0,
    refundedUnits: o.refunded ?? 0,
  };
}

describe('board ranking', () => {
  it('ranks complete rows only; the incomplete one follows without a rank, even with the best rate', () => {
    const rows = rankedComplete([
      { name: 'b', id: 'r-b', complete: true, selectionAcc: rate(6, 10) },
      { name: 'a', id: 'r-a', complete: false, selectionAcc: rate(12, 12) },
      { name: 'c', id: 'r-c', complete: true, selectionAcc: rate(9, 10) },
    ]);
    expect(rows.map((r) => [r.name, r.rank, r.distinguishable])).toEqual([
      ['c', 1, true],
      ['b', 2, false],
      ['a', null, false],
    ]);
  });

  it('groups never chain: a row opens a new group when its interval lies under its group\'s first row, though each row overlaps the one above', () => {
    // Six rows, each interval overlapping the next (the row-above mark says ≈ all the way down), while the
    // first and the fourth are far apart.
    const r = (value: number, lo: number, hi: number) => ({ value, numerator: 0, denominator: 10, ci95: [lo, hi] as [number, number] });
    const rows = rankedComplete([
      { name: 'a', id: 'a', complete: true, selectionAcc: r(0.95, 0.8, 1) },
      { name: 'b', id: 'b', complete: true, selectionAcc: r(0.85, 0.7, 0.9) },
      { name: 'c', id: 'c', complete: true, selectionAcc: r(0.75, 0.6, 0.78) },
      { name: 'd', id: 'd', complete: true, selectionAcc: r(0.65, 0.5, 0.72) },
      { name: 'e', id: 'e', complete: true, selectionAcc: r(0.55, 0.45, 0.58) },
      { name: 'f', id: 'f', complete: true, selectionAcc: r(0.45, 0.3, 0.55) },
      { name: 'g', id: 'g', complete: false, selectionAcc: r(1, 1, 1) },
    ]);
    expect(rows.map((x) => [x.name, x.distinguishable, x.group])).toEqual([
      ['a', true, 1],
      ['b', false, 1],
      ['c', false, 2],
      ['d', false, 2],
      ['e', false, 3],
      ['f', false, 3],
      ['g', false, null],
    ]);
    // Within a group every row overlaps the group's first; each group's first lies under the previous group's first.
    const firsts = rows.filter((x, i) => x.group !== null && (i === 0 || rows[i - 1]!.group !== x.group));
    for (let i = 1; i < firsts.length; i++) expect(firsts[i]!.selectionAcc.ci95![1]).toBeLessThan(firsts[i - 1]!.selectionAcc.ci95![0]);
  });

  it("equal rates are listed by name, then by id, and share a rank (the core's boardPlaces, as releases place them)", () => {
    const rows = rankedComplete([
      { name: 'x', id: 'r-2', complete: true, selectionAcc: rate(5, 10) },
      { name: 'x', id: 'r-1', complete: true, selectionAcc: rate(5, 10) },
    ]);
    expect(rows.map((r) => [r.id, r.rank])).toEqual([['r-1', 1], ['r-2', 1]]);
  });

  it("a release's runs: the board's (its key over latest versions) and, for a server without one, its newest older-version run under that key as history", () => {
    const at = (id: string, server: string, versionId: string, latestVersionId: string, comparabilityKey: string, t: number): BoardRun => ({
      ...run(id, { trials: 10, errors: 0, shown: 1 }), server: { id: server, slug: server, name: server }, versionId, latestVersionId, comparabilityKey, finishedAt: new Date(t),
    });
    // Newest first, as the repositories return them.
    const runs = [at('a2', 'a', 'a-v2', 'a-v2', 'cmp1:00', 5), at('b-new', 'b', 'b-v1', 'b-v2', 'cmp1:00', 4), at('a1', 'a', 'a-v1', 'a-v2', 'cmp1:00', 3), at('b-old', 'b', 'b-v1', 'b-v2', 'cmp1:00', 2), at('c', 'c', 'c-v1', 'c-v1', 'cmp1:ff', 1)];
    const out = boardAndHistory(runs);
    expect([out.key, out.current.map((r) => r.runId), out.history.map((r) => r.runId)]).toEqual(['cmp1:00', ['a2'], ['b-new']]);
    // No run on any latest version: the key over every run, all of it history.
    const old = boardAndHistory([at('b-new', 'b', 'b-v1', 'b-v2', 'cmp1:00', 4), at('b-old', 'b', 'b-v1', 'b-v2', 'cmp1:00', 2)]);
    expect([old.key, old.current.length, old.history.map((r) => r.runId)]).toEqual(['cmp1:00', 0, ['b-new']]);
  });

  it('equal rates share a rank (1, 1, 1, 4), whatever their names', () => {
    const rows = rankedComplete([
      { name: 'z', id: 'r-z', complete: true, selectionAcc: rate(10, 10) },
      { name: 'a', id: 'r-a', complete: true, selectionAcc: rate(20, 20) },
      { name: 'm', id: 'r-m', complete: true, selectionAcc: rate(5, 5) },
      { name: 'b', id: 'r-b', complete: true, selectionAcc: rate(1, 10) },
    ]);
    expect(rows.map((r) => [r.name, r.rank])).toEqual([
      ['a', 1],
      ['m', 1],
      ['z', 1],
      ['b', 4],
    ]);
  });

  it('a pooled row is complete only when every run is (95 % answered each)', () => {
    const whole = run('x', { trials: 100, errors: 5, shown: 3 });
    const half = run('y', { trials: 20, errors: 10, shown: 3 });
    expect(answeredOfRuns([whole])).toEqual({ answered: 95, planned: 100, complete: true });
    // 105 of 120 answered pooled (87.5 %), and one run at 50 %: incomplete.
    expect(answeredOfRuns([whole, half])).toEqual({ answered: 105, planned: 120, complete: false });
    expect(answeredOfRuns([run('z', { trials: 100, errors: 6, shown: 3 })]).complete).toBe(false);
    expect(answeredOfRuns([]).complete).toBe(false);
  });

  it('tools shown per request weights each run by its trials', () => {
    // 10 requests with 2 tools and 30 with 30 tools: 23 per request (the unweighted mean of servers would be 16).
    expect(toolsShownPerRequest([run('a', { trials: 10, errors: 0, shown: 2 }), run('b', { trials: 30, errors: 0, shown: 30 })])).toBe(23);
    expect(toolsShownPerRequest([])).toBe(0);
  });

  it('pass@k and pass^k only where a run repeats; units are charged less refunded', () => {
    expect(passKOf([run('a', { trials: 10, errors: 0, shown: 1 })])).toEqual({ k: 1, passAtK: null, passHatK: null });
    const r = passKOf([run('a', { trials: 10, errors: 0, shown: 1, k: 2, hat: [3, 5] }), run('b', { trials: 10, errors: 0, shown: 1, k: 2, hat: [1, 5] })]);
    expect(r.k).toBe(2);
    expect([r.passHatK!.numerator, r.passHatK!.denominator]).toEqual([4, 10]);
    expect(unitsOf([run('a', { trials: 1, errors: 0, shown: 1, units: 40, refunded: 15 }), run('b', { trials: 1, errors: 0, shown: 1, units: 5 })])).toBe(30);
  });
});
