// An evaluation release's numbers recomputed as its rows stream past: the cases first (what the metrics read
// of each, its utterance, and each server's case set hashed again), the metrics and lint rows (one per run /
// per tool), then every trial into its run's MetricsAccumulator and the per-tool accuracy. Memory holds a
// few facts per case and per run, never a trial: a 1 M-trial release verifies in constant memory.
import { caseSetHash } from '../eval/hashes.js';
import { MetricsAccumulator, type MetricsCase } from '../eval/metrics.js';
import type { EvalCase, Metrics } from '../contracts/eval.js';
import type { Findings } from './compare.js';
import type { Manifest } from './manifest.js';
import { casesInOrder, metricColumns, runPlaces, trialRecord } from './recompute.js';
import { tableOf, type TableSpec, type CaseRow, type LintFactRow, type RunMetricsRow, type RunMetricsRowV2, type TrialRow } from './rows.js';
import { currentMetricsRow, runStanding, standingCounts, standingPlaces } from './standing.js';
import { answeredOf } from '../eval/completeness.js';
import { tableRows, type TableLines } from './verify-read.js';
import { addToolTrial, expectedOf, validityTable, type ToolAccuracy } from './validity.js';

/** What the tables say that the manifest must agree with (verify-manifest.ts). */
export interface EvaluationFacts {
  seeds: number[];
  modelIds: string[];
  comparabilityKeys: string[];
  caseLanguages: string[];
  maxRepeat: number | null;
  lintRules: { id: string; hash: string }[];
  /** The metrics rows as schema version 3 has them (currentMetricsRow). */
  metrics: readonly RunMetricsRow[];
  /** Schema version 3: how many runs stand where, recomputed from the trials (the manifest's `standings`). */
  standings: ReturnType<typeof standingCounts> | null;
}
const byText = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

/** What verify keeps of a case: what the metrics read, and what its trials must repeat. */
interface CaseFacts {
  ordinal: number;
  case: MetricsCase;
  utterance: string;
  expected: string | null;
}

/** One server's cases, as the trials of its run read them. */
interface CaseGroup {
  serverId: string;
  cases: Map<string, CaseFacts>;
}

/**
 * Read every table of an evaluation release; `counted` receives each table's line count. The build writes a
 * run's cases, then its trials, run by run: the cases and the trials are read in lockstep, one server's cases
 * and one run's accumulator at a time, so memory holds one run's cases whatever the number of runs.
 */
export async function verifyEvaluationTables(manifest: Manifest, lines: TableLines, f: Findings, counted: (table: string, n: number | null) => void): Promise<EvaluationFacts> {
  const spec = (name: string) => tableOf('evaluation', name, manifest.schemaVersion);
  const standings = manifest.schemaVersion >= 3;
  const metrics: RunMetricsRow[] = [];
  for await (const { value } of tableRows<RunMetricsRow | RunMetricsRowV2>(spec('metrics'), lines, f, (n) => counted('metrics', n))) metrics.push(currentMetricsRow(value));
  const lint: LintFactRow[] = [];
  for await (const { value } of tableRows<LintFactRow>(spec('lint'), lines, f, (n) => counted('lint', n))) lint.push(value);
  const runsById = new Map(metrics.map((m) => [m.runId, m] as const));

  const languages = new Set<string>();
  const groups = caseGroups(spec('cases'), lines, f, (n) => counted('cases', n), languages);
  const skipped = new Set<string>();
  /** The next group of cases, which must be this server's (groups of servers without trials are passed over). */
  const casesOf = async (serverId: string): Promise<Map<string, CaseFacts> | null> => {
    if (skipped.has(serverId)) return null;
    for (let g = await groups.next(); !g.done; g = await groups.next()) {
      if (g.value.serverId === serverId) return g.value.cases;
      skipped.add(g.value.serverId);
    }
    return null;
  };

  const results = new Map<string, Metrics>();
  const finished = new Set<string>();
  let current: { run: RunMetricsRow; acc: MetricsAccumulator; cases: Map<string, CaseFacts> } | null = null;
  const finish = () => {
    if (current === null) return;
    results.set(current.run.runId, current.acc.result(unreadableOf(current.run)));
    finished.add(current.run.runId);
    current = null;
  };
  const seeds = new Set<number>();
  let maxRepeat: number | null = null;
  const accuracy: ToolAccuracy = new Map();
  const file = 'trials.jsonl';
  for await (const { row, value: t } of tableRows<TrialRow>(spec('trials'), lines, f, (n) => counted('trials', n))) {
    seeds.add(t.seed);
    maxRepeat = Math.max(maxRepeat ?? 0, t.repeat);
    if (current?.run.runId !== t.runId) {
      finish();
      const run = runsById.get(t.runId);
      f.check(run !== undefined, { file, row, field: 'runId', expected: 'a run of metrics.jsonl', found: JSON.stringify(t.runId) });
      if (run === undefined) continue;
      f.check(!finished.has(t.runId), { file, row, field: 'runId', expected: `the trials of run ${t.runId} together (the build writes them run by run)`, found: 'a second group' });
      const cases = await casesOf(run.serverId);
      f.check(cases !== null, { file: 'cases.jsonl', row: null, field: 'serverId', expected: `the cases of server ${run.serverId} (run ${run.runId}) before those of the runs after it, in the order of trials.jsonl`, found: 'absent or out of order' });
      current = { run, cases: cases ?? new Map(), acc: new MetricsAccumulator(casesInOrder([...(cases ?? new Map<string, CaseFacts>()).values()])) };
    }
    const { run, cases, acc } = current;
    f.compare(file, row, 'serverId', run.serverId, t.serverId);
    const c = cases.get(t.caseId);
    if (c === undefined) {
      f.push({ file, row, field: 'caseId', expected: `a case of server ${run.serverId} in cases.jsonl`, found: JSON.stringify(t.caseId) });
      continue;
    }
    // The columns a trial repeats from its case and its verdict.
    f.compare(file, row, '', { caseKind: c.case.kind, language: c.case.language, utterance: c.utterance, verdictKind: t.verdict.kind, argErrorKinds: [...new Set(t.verdict.argErrors.map((e) => e.kind))] }, { caseKind: t.caseKind, language: t.language, utterance: t.utterance, verdictKind: t.verdictKind, argErrorKinds: t.argErrorKinds });
    acc.add(trialRecord(t));
    addToolTrial(accuracy, { get: () => c.expected }, t);
  }
  finish();
  // The case groups no trial read still have their rows and hashes checked.
  for (let g = await groups.next(); !g.done; g = await groups.next());

  // Each run's metrics recomputed from its trials (a run without trials: its metrics over no trials).
  const recomputed = metrics.map((m) => results.get(m.runId) ?? new MetricsAccumulator([]).result(unreadableOf(m)));
  // Schema version 3: each run's standing from its answered share and version, and a place only when ranked.
  const expected = metrics.map((m, i) => {
    const answered = answeredOf(recomputed[i]!, m.plannedTrials);
    return { answered, ...runStanding(answered, m.versionId, m.latestVersionId) };
  });
  const places = standings ? standingPlaces(metrics.map((m, i) => ({ standing: expected[i]!.standing, value: m.selectionAcc, name: m.name, id: m.runId }))) : runPlaces(metrics);
  metrics.forEach((m, i) => {
    const r = recomputed[i]!;
    f.compare('metrics.jsonl', i + 1, 'metrics', JSON.parse(JSON.stringify(r)), m.metrics);
    const cols = metricColumns(r);
    f.compare('metrics.jsonl', i + 1, '', cols, Object.fromEntries(Object.keys(cols).map((k) => [k, m[k as keyof RunMetricsRow]])));
    f.compare('metrics.jsonl', i + 1, 'rank', places[i], m.rank);
    if (!standings) return;
    const e = expected[i]!;
    f.compare('metrics.jsonl', i + 1, '', { answeredTrials: e.answered.answered, standing: e.standing, reason: e.reason }, { answeredTrials: m.answeredTrials, standing: m.standing, reason: m.reason });
    // Every trial the release holds of a run was planned: fewer planned would make a run look more complete than it is.
    f.check(m.plannedTrials >= r.trials, { file: 'metrics.jsonl', row: i + 1, field: 'plannedTrials', expected: `at least the ${r.trials} trials trials.jsonl holds of run ${m.runId}`, found: String(m.plannedTrials) });
  });
  const model = manifest.models[0];
  // From schema version 3 the validity table reads the ranked runs only (an unranked run's accuracy is not the board's): one run per server, so their servers' tools.
  const ranked = standings ? metrics.filter((_m, i) => expected[i]!.standing === 'ranked') : metrics;
  if (standings) {
    const servers = new Set(ranked.map((m) => m.serverId));
    for (const key of [...accuracy.keys()]) if (!servers.has(key.slice(0, key.indexOf('\u0000')))) accuracy.delete(key);
  }
  if (model) f.compare('manifest.json', null, 'validity', validityTable(model.id, model.baseline, ranked, lint, accuracy), manifest.validity);

  return {
    seeds: [...seeds].sort((a, b) => a - b),
    modelIds: [...new Set(metrics.map((m) => m.modelId))].sort(byText),
    comparabilityKeys: [...new Set(metrics.map((m) => m.comparabilityKey))].sort(byText),
    caseLanguages: [...languages].sort(byText),
    maxRepeat,
    lintRules: [...new Map(lint.map((l) => [`${l.rulesId}\u0000${l.rulesHash}`, { id: l.rulesId, hash: l.rulesHash }] as const)).values()],
    metrics,
    standings: standings ? standingCounts(expected) : null,
  };
}

/** The schemas a run could not read (stored with its metrics, carried into the recomputed ones). */
const unreadableOf = (m: RunMetricsRow): { tool: string; reason: string }[] => (m.metrics as { unreadableSchemas?: { tool: string; reason: string }[] }).unreadableSchemas ?? [];

/**
 * The cases, one server's group at a time: each row checked against its own nested case (id, kind,
 * language, utterance, expected), each group's case set hashed again (sha256 of its cases sorted by id, as
 * the run recorded it: an edited utterance in the case is a different hash), and a server's cases together.
 */
async function* caseGroups(casesSpec: TableSpec, lines: TableLines, f: Findings, counted: (n: number | null) => void, languages: Set<string>): AsyncGenerator<CaseGroup> {
  const file = 'cases.jsonl';
  const done = new Set<string>();
  let group: { serverId: string; hash: string; row: number; full: EvalCase[]; cases: Map<string, CaseFacts> } | null = null;
  const close = (g: NonNullable<typeof group>): CaseGroup => {
    f.compare(file, g.row, 'caseSetHash', caseSetHash(g.full), g.hash);
    done.add(g.serverId);
    return { serverId: g.serverId, cases: g.cases };
  };
  for await (const { row, value: c } of tableRows<CaseRow>(casesSpec, lines, f, counted)) {
    if (group === null || group.serverId !== c.serverId) {
      if (group !== null) yield close(group);
      f.check(!done.has(c.serverId), { file, row, field: 'serverId', expected: `the cases of server ${c.serverId} together (they were written run by run)`, found: 'a second group' });
      group = { serverId: c.serverId, hash: c.caseSetHash, row, full: [], cases: new Map() };
    }
    f.compare(file, row, '', { caseSetHash: group.hash, caseId: c.case.id, kind: c.case.kind, language: c.case.language, utterance: c.case.utterance, expected: c.case.expected }, { caseSetHash: c.caseSetHash, caseId: c.caseId, kind: c.kind, language: c.language, utterance: c.utterance, expected: c.expected });
    group.full.push(c.case);
    languages.add(c.case.language);
    f.check(!group.cases.has(c.caseId), { file, row, field: 'caseId', expected: 'a case id once per server', found: `${c.caseId} again` });
    const m = c.case;
    group.cases.set(c.caseId, { ordinal: c.ordinal, case: { id: m.id, kind: m.kind, language: m.language, tier: m.tier, expected: m.expected, ...(m.expect ? { expect: m.expect.slice(0, 1).map((e) => ({ name: e.name })) } : {}) }, utterance: c.utterance, expected: expectedOf(c) });
  }
  if (group !== null) yield close(group);
}
