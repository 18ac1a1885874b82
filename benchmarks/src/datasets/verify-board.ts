// A lint release against the leaderboard the site shows now: a server whose board entry is still the same
// version must show the same numbers (lint is deterministic under one rules id and hash). Servers that
// moved to a newer version, or left the board, are not compared (the release is a snapshot); ranks are not
// compared either, since other servers' changes move them.
import { differences, leafCount, type Difference } from './compare.js';
import type { LintServerRow, RunMetricsRow } from './rows.js';

/** The fields of a board item this check reads (`GET /v1/leaderboards/lint` items). */
export interface BoardEntry {
  id: string;
  versionId: string;
  score: number | null;
  band: string | null;
  toolCount: number;
  critical: number;
  required: number;
  minor: number;
  tokens: number;
  categories: Record<string, number | null>;
}

/** Differences between a release's servers and the live board, and how many values were compared and how many servers matched by version. */
export function compareWithBoard(servers: readonly LintServerRow[], board: readonly BoardEntry[]): { differences: Difference[]; checked: number; servers: number } {
  const byId = new Map(board.map((b) => [b.id, b] as const));
  const out: Difference[] = [];
  let checked = 0;
  let compared = 0;
  servers.forEach((s, i) => {
    const b = byId.get(s.serverId);
    if (!b || b.versionId !== s.versionId) return;
    compared++;
    const pick = (x: Omit<BoardEntry, 'id' | 'versionId'>) => ({ score: x.score, band: x.band, toolCount: x.toolCount, critical: x.critical, required: x.required, minor: x.minor, tokens: x.tokens, categories: x.categories });
    const expected = pick(s);
    checked += leafCount(expected);
    for (const d of differences(expected, pick(b), '')) out.push({ file: 'servers.jsonl', row: i + 1, field: `leaderboard.${d.field}`, expected: d.expected, found: d.found });
  });
  return { differences: out, checked, servers: compared };
}

/** A rate as the boards show it. */
interface BoardRate {
  numerator: number;
  denominator: number;
  value: number | null;
}

/** The fields of a model's board this check reads (`GET /v1/leaderboards/evaluations`). */
export interface ModelBoardView {
  comparabilityKey: string | null;
  keys: { key: string; distractors: { name: string; hash: string }[] }[];
  items: ({ rank: number | null; server: { id: string; slug: string; name: string }; versionId: string; versionSeq: number; evaluationId: string; runId: string; selectionAcc: BoardRate; argValidity: BoardRate; falseCallRate: BoardRate } & BoardCompleteness)[];
}

/** A board row's answered share (the boards' `complete`, `answeredTrials`, `trials`). */
interface BoardCompleteness {
  complete: boolean;
  answeredTrials: number;
  trials: number;
}

const rateOf = (r: RunMetricsRow, name: 'selectionAcc' | 'argValidity' | 'falseCallRate'): BoardRate => ({ numerator: r[`${name}Numerator`], denominator: r[`${name}Denominator`], value: r[name] });
const pickRate = (r: BoardRate): BoardRate => ({ numerator: r.numerator, denominator: r.denominator, value: r.value });

/**
 * An evaluation release against its model's live board under the release's comparability key: a server whose
 * board entry is still the release's run must show the same run, version, rates and answered share, ranked
 * exactly when the release ranks it (an incomplete run unranked on both); its place too when the board lists
 * exactly the release's runs of latest versions. A run the release keeps as history of an older version must
 * not be on the board. The board's distractor sets (with their frozen hashes) must be the manifest's. Runs
 * that were replaced since are not compared (the release is a snapshot).
 */
export function compareWithModelBoard(metrics: readonly RunMetricsRow[], distractorSets: readonly { name: string; hash: string }[], board: ModelBoardView): { differences: Difference[]; checked: number; servers: number } {
  const out: Difference[] = [];
  let checked = 0;
  const byServer = new Map(board.items.map((b) => [b.server.id, b] as const));
  const listed = metrics.filter((m) => m.standing !== 'older_version');
  const sameRuns = board.items.length === listed.length && listed.every((m) => byServer.get(m.serverId)?.runId === m.runId);
  let compared = 0;
  metrics.forEach((m, i) => {
    const b = byServer.get(m.serverId);
    if (!b || b.runId !== m.runId) return;
    compared++;
    if (m.standing === 'older_version') {
      checked++;
      out.push({ file: 'metrics.jsonl', row: i + 1, field: 'modelBoard.standing', expected: '"older_version" (a run the board does not list: each server is ranked at its latest version)', found: `on the board${b.rank === null ? '' : ` at place ${b.rank}`}` });
      return;
    }
    const expected = {
      evaluationId: m.evaluationId, versionId: m.versionId, versionSeq: m.versionSeq, slug: m.slug, name: m.name,
      complete: m.standing === 'ranked', answeredTrials: m.answeredTrials, trials: m.plannedTrials, ranked: m.rank !== null,
      selectionAcc: rateOf(m, 'selectionAcc'), argValidity: rateOf(m, 'argValidity'), falseCallRate: rateOf(m, 'falseCallRate'), ...(sameRuns ? { rank: m.rank } : {}),
    };
    const found = {
      evaluationId: b.evaluationId, versionId: b.versionId, versionSeq: b.versionSeq, slug: b.server.slug, name: b.server.name,
      complete: b.complete, answeredTrials: b.answeredTrials, trials: b.trials, ranked: b.rank !== null,
      selectionAcc: pickRate(b.selectionAcc), argValidity: pickRate(b.argValidity), falseCallRate: pickRate(b.falseCallRate), ...(sameRuns ? { rank: b.rank } : {}),
    };
    checked += leafCount(expected);
    for (const d of differences(expected, found, '')) out.push({ file: 'metrics.jsonl', row: i + 1, field: `modelBoard.${d.field}`, expected: d.expected, found: d.found });
  });
  const key = board.keys.find((k) => k.key === board.comparabilityKey);
  if (key && compared > 0) {
    const sorted = (xs: readonly { name: string; hash: string }[]) => xs.map((x) => `${x.name} ${x.hash}`).sort();
    checked += 1;
    for (const d of differences(sorted(key.distractors), sorted(distractorSets), '')) out.push({ file: 'manifest.json', row: null, field: `distractorSets${d.field === '' ? '' : `.${d.field}`}`, expected: `${d.expected} (the model board's key)`, found: d.found });
  }
  return { differences: out, checked, servers: compared };
}

/** The fields of the models board this check reads (`GET /v1/leaderboards/models`). */
export interface ModelsBoardView {
  suite: { servers: { id: string | null }[]; generator: string; casesPerTool: number; repeats: number; language: string };
  items: ({ rank: number | null; model: { id: string }; comparabilityKey: string; servers: number; selectionAcc: BoardRate; argValidity: BoardRate; falseCallRate: BoardRate } & BoardCompleteness)[];
}

/**
 * An evaluation release against the models board, which pools each model's runs of the suite servers' latest
 * versions: when the board pools the model under the release's comparability key over as many servers as the
 * release holds such runs (its `older_version` runs left out, as the board leaves them out), the release's rows
 * summed must give the board's pooled counts and answered share, and the model is ranked exactly when every
 * one of those runs is (one incomplete run and the row is listed unranked). Null when the board pools other
 * runs (another key, or a suite server the release does not hold).
 */
export function compareWithModelsBoard(metrics: readonly RunMetricsRow[], settings: Record<string, unknown>, board: ModelsBoardView): { differences: Difference[]; checked: number; servers: number } | null {
  const s = board.suite;
  if (s.generator !== settings.generator || s.casesPerTool !== settings.casesPerTool || s.repeats !== settings.repeats || s.language !== settings.language) return null;
  const suite = new Set(s.servers.flatMap((x) => (x.id === null ? [] : [x.id])));
  const rows = metrics.filter((m) => suite.has(m.serverId) && m.standing !== 'older_version');
  const item = board.items.find((b) => rows.length > 0 && b.model.id === rows[0]!.modelId && b.comparabilityKey === rows[0]!.comparabilityKey);
  if (!item || item.servers !== rows.length) return null;
  const pool = (name: 'selectionAcc' | 'argValidity' | 'falseCallRate') => {
    const n = rows.reduce((a, m) => a + m[`${name}Numerator`], 0);
    const d = rows.reduce((a, m) => a + m[`${name}Denominator`], 0);
    return { numerator: n, denominator: d };
  };
  const complete = rows.every((m) => m.standing === 'ranked');
  const answered = { complete, ranked: complete, answeredTrials: rows.reduce((a, m) => a + m.answeredTrials, 0), trials: rows.reduce((a, m) => a + m.plannedTrials, 0) };
  const expected = { ...answered, selectionAcc: pool('selectionAcc'), argValidity: pool('argValidity'), falseCallRate: pool('falseCallRate') };
  const found = {
    complete: item.complete, ranked: item.rank !== null, answeredTrials: item.answeredTrials, trials: item.trials,
    selectionAcc: { numerator: item.selectionAcc.numerator, denominator: item.selectionAcc.denominator }, argValidity: { numerator: item.argValidity.numerator, denominator: item.argValidity.denominator }, falseCallRate: { numerator: item.falseCallRate.numerator, denominator: item.falseCallRate.denominator },
  };
  const out = differences(expected, found, '').map((d) => ({ file: 'metrics.jsonl', row: null, field: `modelsBoard.${d.field}`, expected: `${d.expected} (the release's ${rows.length} suite servers pooled)`, found: d.found }));
  return { differences: out, checked: leafCount(expected), servers: rows.length };
}
