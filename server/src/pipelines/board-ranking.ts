// What both leaderboards of evaluations share: the distractor sets of a query, the choice of one
// comparability key among the runs a query matched, pooling counts, and ranking with the
// "not distinguishable from the one above" mark.
import { answeredOf, boardOrder, boardPlaces, isComplete, rate, type Metrics, type Rate } from '@toolmark/benchmarks';
import type { BoardRun } from '@toolmark/db';
import { availableDistractorSets } from '../eval/distractors.js';
import { PipelineError } from './errors.js';

/** The distractor sets of a query (`a,b`), checked and in the stored order (sorted). */
export function distractorsOf(text: string, path = 'query.distractors'): string[] {
  const names = [...new Set(text.split(',').map((s) => s.trim()).filter(Boolean))].sort();
  const known = availableDistractorSets();
  for (const n of names) if (!known.includes(n)) throw new PipelineError('invalid', 'unknown_distractor_set', `${path}: no distractor set "${n}"; available: ${known.join(', ')}`, { path, names: known });
  return names;
}

/** Whether interval `below` lies wholly under interval `above` (distinguishable); not when either is missing. */
export function separated(above: Rate, below: Rate): boolean {
  return above.ci95 !== null && below.ci95 !== null && below.ci95[1] < above.ci95[0];
}

/**
 * Rank by selectionAcc (null last), then name, then id — the core's `boardOrder` and `boardPlaces`, which
 * releases place by too. Equal rates share a rank (1, 1, 1, 4: standard competition ranking, as the lint
 * board does), so name order never ranks ties; each row is marked against the one above.
 *
 * `group` numbers the rows not told apart from each other (1, 1, 2, …): a group opens at the top row, and
 * a new one at the first row whose interval lies wholly under the interval of its group's FIRST row. So
 * a row is not distinguishable from its group's first row, and each group's first row is distinguishable
 * from the one before it; unlike the row-above mark, groups never chain a run of small gaps into one
 * "not distinguishable" stretch from the best row to a far worse one.
 */
export function ranked<T extends { selectionAcc: Rate; name: string; id: string }>(rows: T[]): (T & { rank: number; distinguishable: boolean; group: number })[] {
  const key = (r: T) => ({ value: r.selectionAcc.value, name: r.name, id: r.id });
  const places = boardPlaces(rows.map(key));
  const sorted = rows.map((r, i) => ({ r, place: places[i]! })).sort((a, b) => boardOrder(key(a.r), key(b.r)));
  let group = 0;
  let leader: Rate | null = null;
  return sorted.map(({ r, place }, i) => {
    if (leader === null || separated(leader, r.selectionAcc)) {
      group += 1;
      leader = r.selectionAcc;
    }
    return { ...r, rank: place, distinguishable: i === 0 ? true : separated(sorted[i - 1]!.r.selectionAcc, r.selectionAcc), group };
  });
}

/**
 * Rank only the complete rows (the core's `isComplete`: at least 95 % of the planned trials answered);
 * incomplete rows follow, by name, with no rank or group and not compared with the row above.
 */
export function rankedComplete<T extends { selectionAcc: Rate; name: string; id: string; complete: boolean }>(rows: T[]): (T & { rank: number | null; distinguishable: boolean; group: number | null })[] {
  const text = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
  const byName = (a: T, b: T) => text(a.name, b.name) || text(a.id, b.id);
  return [...ranked(rows.filter((r) => r.complete)), ...rows.filter((r) => !r.complete).sort(byName).map((r) => ({ ...r, rank: null, distinguishable: false, group: null }))];
}

/** How much of runs was answered (summed) and whether each of them may be ranked: a pooled row is complete only when every run in it is. */
export function answeredOfRuns(runs: readonly Pick<BoardRun, 'metrics' | 'trialCount'>[]): { answered: number; planned: number; complete: boolean } {
  let answered = 0;
  let planned = 0;
  let complete = runs.length > 0;
  for (const r of runs) {
    const a = answeredOf(r.metrics as Metrics, r.trialCount);
    answered += a.answered;
    planned += a.planned;
    if (!isComplete(a)) complete = false;
  }
  return { answered, planned, complete };
}

/** Units the runs cost: charged at start less refunded. */
export const unitsOf = (runs: readonly Pick<BoardRun, 'units' | 'refundedUnits'>[]): number => runs.reduce((n, r) => n + r.units - r.refundedUnits, 0);

/** pass@k and pass^k pooled over runs whose k (repeats per case) is above 1, with that k; null when no run repeats. */
export function passKOf(runs: readonly Pick<BoardRun, 'metrics'>[]): { k: number; passAtK: Rate | null; passHatK: Rate | null } {
  const repeated = runs.filter((r) => (r.metrics as Metrics).k > 1);
  const k = Math.max(1, ...runs.map((r) => (r.metrics as Metrics).k));
  if (repeated.length === 0) return { k, passAtK: null, passHatK: null };
  return { k, passAtK: pooled(repeated, (m) => m.passAtK), passHatK: pooled(repeated, (m) => m.passHatK) };
}

/**
 * Mean tools shown per request over runs: each run's tools shown weighted by its planned trials (a server
 * with 30 cases counts 30 requests, not one), the x of the models chart.
 */
export function toolsShownPerRequest(runs: readonly BoardRun[]): number {
  let requests = 0;
  let tools = 0;
  for (const r of runs) {
    requests += r.trialCount;
    tools += toolsShownOf(r) * r.trialCount;
  }
  return requests === 0 ? 0 : tools / requests;
}

/** What a run recorded of itself that tells keys apart. */
interface RunFacts {
  codeVersion?: string;
  distractors?: { name: string; hash: string }[];
  endpoint?: string | null;
  toolsShown?: number;
}
const factsOf = (r: Pick<BoardRun, 'facts'>): RunFacts => (r.facts ?? {}) as RunFacts;

/** The tools a run showed per trial (server + distractor sets). */
export const toolsShownOf = (r: BoardRun): number => factsOf(r).toolsShown ?? 0;

/** One comparability key among a query's runs. */
export interface KeySummary {
  key: string;
  servers: number;
  latestFinishedAt: Date;
  distractors: { name: string; hash: string }[];
  endpoint: string | null;
  codeVersions: string[];
  selected: boolean;
}

/**
 * Choose the key to rank among `runs` (newest first): `requested` when given (a 404 when the query has no
 * run under it), else the key with the most servers, the newest on a tie. Returns every key seen (most
 * servers first) and each server's newest run under the chosen key.
 */
export function chooseKey<R extends Pick<BoardRun, 'comparabilityKey' | 'server' | 'finishedAt' | 'facts'>>(runs: readonly R[], requested?: string): { key: string | null; keys: KeySummary[]; perServer: R[] } {
  const groups = new Map<string, R[]>();
  for (const r of runs) {
    const list = groups.get(r.comparabilityKey);
    if (list) list.push(r);
    else groups.set(r.comparabilityKey, [r]);
  }
  const summaries = [...groups.entries()].map(([key, list]) => {
    const f = factsOf(list[0]!);
    return {
      key,
      servers: new Set(list.map((r) => r.server.id)).size,
      latestFinishedAt: list[0]!.finishedAt,
      distractors: (f.distractors ?? []).map((d) => ({ name: d.name, hash: d.hash })),
      endpoint: f.endpoint ?? null,
      codeVersions: [...new Set(list.map((r) => factsOf(r).codeVersion).filter((v): v is string => typeof v === 'string'))].sort(),
      selected: false,
    };
  });
  summaries.sort((a, b) => b.servers - a.servers || b.latestFinishedAt.getTime() - a.latestFinishedAt.getTime() || (a.key < b.key ? -1 : 1));
  if (requested !== undefined && !groups.has(requested)) {
    throw new PipelineError('not_found', 'unknown_key', `query.key: no finished run with comparability key ${requested} matches this model and these settings; keys seen: ${summaries.map((s) => s.key).join(', ') || 'none'}`, {
      path: 'query.key',
      keys: summaries.map((s) => s.key),
    });
  }
  const key = requested ?? summaries[0]?.key ?? null;
  for (const s of summaries) s.selected = s.key === key;
  const seen = new Set<string>();
  const perServer: R[] = [];
  for (const r of key === null ? [] : groups.get(key)!) {
    if (seen.has(r.server.id)) continue;
    seen.add(r.server.id);
    perServer.push(r);
  }
  return { key, keys: summaries, perServer };
}

/**
 * What a model's board lists and what a release keeps beside it: the board's key and each server's newest run
 * under it on the server's latest version (`chooseKey` over latest-version runs, as the board does), and,
 * for the servers without one, their newest run under that key on an older version — history, never ranked.
 * With no latest-version run at all, the key is chosen over every run (all of them history).
 */
export function boardAndHistory<R extends Pick<BoardRun, 'comparabilityKey' | 'server' | 'finishedAt' | 'facts' | 'versionId' | 'latestVersionId'>>(runs: readonly R[]): { key: string | null; current: R[]; history: R[] } {
  const onLatest = chooseKey(runs.filter((r) => r.versionId === r.latestVersionId));
  const key = onLatest.key ?? chooseKey(runs).key;
  const seen = new Set(onLatest.perServer.map((r) => r.server.id));
  const history: R[] = [];
  for (const r of runs) {
    if (r.comparabilityKey !== key || seen.has(r.server.id)) continue;
    seen.add(r.server.id);
    history.push(r);
  }
  return { key, current: onLatest.perServer, history };
}

/** The counts of one metric summed over runs, as one rate with its Wilson interval. */
export function pooled(runs: readonly Pick<BoardRun, 'metrics'>[], pick: (m: Metrics) => Rate): Rate {
  let n = 0;
  let d = 0;
  for (const r of runs) {
    const x = pick(r.metrics as Metrics);
    n += x.numerator;
    d += x.denominator;
  }
  return rate(n, d);
}
