import { describe, expect, it } from 'vitest';
import type { LintServerRow, RunMetricsRow } from './rows.js';
import { compareWithBoard, compareWithModelBoard, compareWithModelsBoard, type BoardEntry, type ModelBoardView, type ModelsBoardView } from './verify-board.js';

const row = (serverId: string, versionId: string, score: number): LintServerRow => ({
  rank: 1, serverId, slug: serverId, name: serverId, source: 'upload', versionId, versionSeq: 1, surfaceHash: 'h', capturedAt: '2026-12-01T00:00:00.000Z',
  score, band: 'cloudy', toolCount: 2, critical: 0, required: 1, minor: 2, tokens: 100, categories: { purpose: 50 },
});
const entry = (r: LintServerRow, change: Partial<BoardEntry> = {}): BoardEntry => ({ id: r.serverId, versionId: r.versionId, score: r.score, band: r.band, toolCount: r.toolCount, critical: r.critical, required: r.required, minor: r.minor, tokens: r.tokens, categories: r.categories, ...change });

describe('a lint release against the live board', () => {
  it('compares servers still at the release version and names a number that differs', () => {
    const a = row('a', 'va', 55);
    const b = row('b', 'vb', 60);
    const out = compareWithBoard([a, b], [entry(a, { score: 56 }), entry(b)]);
    expect(out.servers).toBe(2);
    expect(out.differences).toEqual([{ file: 'servers.jsonl', row: 1, field: 'leaderboard.score', expected: '55', found: '56' }]);
  });

  it('leaves out servers that moved to another version or left the board', () => {
    const a = row('a', 'va', 55);
    const b = row('b', 'vb', 60);
    const out = compareWithBoard([a, b], [entry(a, { versionId: 'va2', score: 10 })]);
    expect(out).toEqual({ differences: [], checked: 0, servers: 0 });
  });
});

const rate = (n: number, d: number) => ({ numerator: n, denominator: d, value: d === 0 ? null : n / d });
const run = (serverId: string, runId: string, rank: number | null, sel: [number, number], standing: RunMetricsRow['standing'] = rank === null ? 'incomplete' : 'ranked'): RunMetricsRow => ({
  rank, standing, reason: standing === 'ranked' ? null : 'why', answeredTrials: standing === 'incomplete' ? sel[1] / 2 : sel[1], plannedTrials: sel[1], latestVersionId: standing === 'older_version' ? `v-${serverId}-2` : `v-${serverId}`, runId, evaluationId: `e-${runId}`, modelId: 'lexical/baseline', serverId, slug: serverId, name: serverId, versionId: `v-${serverId}`, versionSeq: 1, comparabilityKey: 'cmp1:aa',
  trials: sel[1], selectionAccNumerator: sel[0], selectionAccDenominator: sel[1], selectionAcc: sel[0] / sel[1], argValidityNumerator: 1, argValidityDenominator: 2, argValidity: 0.5,
  falseCallRateNumerator: 0, falseCallRateDenominator: 0, falseCallRate: null, passRateNumerator: 0, passRateDenominator: 0, passRate: null, metrics: {},
});
const item = (m: RunMetricsRow, change: Partial<ModelBoardView['items'][number]> = {}): ModelBoardView['items'][number] => ({
  rank: m.rank, complete: m.standing === 'ranked', answeredTrials: m.answeredTrials, trials: m.plannedTrials, server: { id: m.serverId, slug: m.slug, name: m.name }, versionId: m.versionId, versionSeq: m.versionSeq, evaluationId: m.evaluationId, runId: m.runId,
  selectionAcc: rate(m.selectionAccNumerator, m.selectionAccDenominator), argValidity: rate(1, 2), falseCallRate: rate(0, 0), ...change,
});
const SET = [{ name: 'filesystem', hash: 'sha256:11' }];

describe('an evaluation release against the live model board', () => {
  const a = run('a', 'ra', 1, [8, 10]);
  const b = run('b', 'rb', 2, [5, 10]);
  const board = (items: ModelBoardView['items'], distractors = SET): ModelBoardView => ({ comparabilityKey: 'cmp1:aa', keys: [{ key: 'cmp1:aa', distractors }], items });

  it('passes when the board shows the release runs, and compares places when it ranks exactly them', () => {
    const out = compareWithModelBoard([a, b], SET, board([item(a), item(b)]));
    expect(out.differences).toEqual([]);
    expect(out.servers).toBe(2);
    const moved = compareWithModelBoard([a, b], SET, board([item(a, { rank: 2 }), item(b, { rank: 1 })]));
    expect(moved.differences.map((d) => `${d.row} ${d.field}`)).toEqual(['1 modelBoard.rank', '2 modelBoard.rank']);
  });

  it('names a rate that differs for a run still on the board, and leaves out runs replaced since (and then places)', () => {
    const out = compareWithModelBoard([a, b], SET, board([item(a, { selectionAcc: rate(9, 10) }), item(b, { runId: 'rb2', rank: 1 })]));
    expect(out.servers).toBe(1);
    expect(out.differences).toEqual([
      { file: 'metrics.jsonl', row: 1, field: 'modelBoard.selectionAcc.numerator', expected: '8', found: '9' },
      { file: 'metrics.jsonl', row: 1, field: 'modelBoard.selectionAcc.value', expected: '0.8', found: '0.9' },
    ]);
  });

  it('an incomplete run is unranked on both, a release that ranks it differs; a run kept as older-version history must not be on the board', () => {
    const c = run('c', 'rc', null, [9, 10]);
    expect(compareWithModelBoard([a, b, c], SET, board([item(a), item(b), item(c)])).differences).toEqual([]);
    // The release ranks the run the board lists as incomplete: its answered share, ranking and place differ.
    const forged = { ...c, rank: 1, standing: 'ranked' as const, answeredTrials: 10 };
    const out = compareWithModelBoard([forged, { ...a, rank: 2 }, { ...b, rank: 3 }], SET, board([item(a, { rank: 1 }), item(b, { rank: 2 }), item(c)]));
    expect(out.differences.map((d) => `${d.row} ${d.field}`)).toEqual(['1 modelBoard.complete', '1 modelBoard.answeredTrials', '1 modelBoard.ranked', '1 modelBoard.rank', '2 modelBoard.rank', '3 modelBoard.rank']);
    const old = run('c', 'rc', null, [9, 10], 'older_version');
    expect(compareWithModelBoard([a, b, old], SET, board([item(a), item(b)])).differences).toEqual([]);
    expect(compareWithModelBoard([a, b, old], SET, board([item(a), item(b), item(c)])).differences.map((d) => `${d.row} ${d.field}`)).toEqual(['3 modelBoard.standing']);
  });

  it("names distractor sets whose frozen hash differs from the board's key", () => {
    const out = compareWithModelBoard([a], [{ name: 'filesystem', hash: 'sha256:22' }], board([item(a)]));
    expect(out.differences).toEqual([{ file: 'manifest.json', row: null, field: 'distractorSets.0', expected: '"filesystem sha256:11" (the model board\'s key)', found: '"filesystem sha256:22"' }]);
  });
});

describe('an evaluation release against the models board', () => {
  const a = run('a', 'ra', 1, [8, 10]);
  const b = run('b', 'rb', 2, [5, 10]);
  const c = run('c', 'rc', 3, [1, 10]);
  const settings = { generator: 'offline', casesPerTool: 8, repeats: 1, language: 'en' };
  const models = (servers: number, sel: [number, number], key = 'cmp1:aa', complete = true): ModelsBoardView => ({
    suite: { servers: [{ id: 'a' }, { id: 'b' }, { id: null }], ...settings },
    items: [{ rank: complete ? 1 : null, complete, answeredTrials: complete ? 20 : 15, trials: 20, model: { id: 'lexical/baseline' }, comparabilityKey: key, servers, selectionAcc: rate(...sel), argValidity: rate(2, 4), falseCallRate: rate(0, 0) }],
  });

  it("sums the release's suite servers (not the others) into the board's pooled counts", () => {
    expect(compareWithModelsBoard([a, b, c], settings, models(2, [13, 20]))).toEqual({ differences: [], checked: 10, servers: 2 });
    const off = compareWithModelsBoard([a, b, c], settings, models(2, [14, 20]))!;
    expect(off.differences.map((d) => `${d.field}: ${d.expected} / ${d.found}`)).toEqual(["modelsBoard.selectionAcc.numerator: 13 (the release's 2 suite servers pooled) / 14"]);
  });

  it('one incomplete suite run leaves the model unranked on the board; a run of an older version is not pooled', () => {
    const half = run('b', 'rb', null, [5, 10]);
    expect(compareWithModelsBoard([a, half, c], settings, models(2, [13, 20], 'cmp1:aa', false))!.differences).toEqual([]);
    // The board ranks the model although the release holds an incomplete suite run.
    expect(compareWithModelsBoard([a, half, c], settings, models(2, [13, 20]))!.differences.map((d) => d.field)).toEqual(['modelsBoard.complete', 'modelsBoard.ranked', 'modelsBoard.answeredTrials']);
    // b kept as history: the board pools a alone.
    const old = run('b', 'rb', null, [5, 10], 'older_version');
    expect(compareWithModelsBoard([a, old], settings, models(1, [8, 10]))).toMatchObject({ servers: 1 });
  });

  it('compares nothing when the board pools other runs: another key, other settings, another number of servers', () => {
    expect(compareWithModelsBoard([a, b], settings, models(2, [0, 1], 'cmp1:bb'))).toBeNull();
    expect(compareWithModelsBoard([a, b], { ...settings, repeats: 3 }, models(2, [13, 20]))).toBeNull();
    expect(compareWithModelsBoard([a], settings, models(2, [13, 20]))).toBeNull();
  });
});
