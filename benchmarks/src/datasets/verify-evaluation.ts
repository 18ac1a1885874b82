// An evaluation release's numbers recomputed as its rows stream past: the cases first (what the metrics read
// of each, its utterance, and each server's case set hashed again), the metrics and lint rows (one per run /
// per tool), then every trial into its run's MetricsAccumulator and the per-tool accuracy. Memory holds a
// few facts per case and per run, never a trial: a 1 M-trial release verifies in constant memory.
import { caseSetHash } from '../eval/hashes.js';
import { MetricsAccumulator, type MetricsCase } from '../eval/metrics.js';
import type { EvalCase } from '../contracts/eval.js';
import type { Findings } from './compare.js';
import type { Manifest } from './manifest.js';
import { casesInOrder, metricColumns, runPlaces, trialRecord } from './recompute.js';
import { EVALUATION_TABLES, type CaseRow, type LintFactRow, type RunMetricsRow, type TableSpec, type TrialRow } from './rows.js';
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
  metrics: readonly RunMetricsRow[];
}

const spec = (name: string): TableSpec => EVALUATION_TABLES.find((t) => t.name === name)!;
const key = (serverId: string, caseId: string) => `${serverId}\u0000${caseId}`;
const byText = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

/** What verify keeps of a case: what the metrics read, and what its trials must repeat. */
interface CaseFacts {
  ordinal: number;
  case: MetricsCase;
  utterance: string;
  expected: string | null;
}

/** Read every table of an evaluation release; `counted` receives each table's line count. */
export async function verifyEvaluationTables(manifest: Manifest, lines: TableLines, f: Findings, counted: (table: string, n: number | null) => void): Promise<EvaluationFacts> {
  const cases = await readCases(lines, f, (n) => counted('cases', n));
  const metrics: RunMetricsRow[] = [];
  for await (const { value } of tableRows<RunMetricsRow>(spec('metrics'), lines, f, (n) => counted('metrics', n))) metrics.push(value);
  const lint: LintFactRow[] = [];
  for await (const { value } of tableRows<LintFactRow>(spec('lint'), lines, f, (n) => counted('lint', n))) lint.push(value);

  // One accumulator per run, over its server's cases in ordinal order.
  const byServer = new Map<string, CaseFacts[]>();
  for (const [k, c] of cases) {
    const serverId = k.slice(0, k.indexOf('\u0000'));
    const list = byServer.get(serverId) ?? [];
    list.push(c);
    byServer.set(serverId, list);
  }
  const runs = new Map<string, { row: RunMetricsRow; acc: MetricsAccumulator; unknown: number }>();
  for (const m of metrics) runs.set(m.runId, { row: m, acc: new MetricsAccumulator(casesInOrder(byServer.get(m.serverId) ?? [])), unknown: 0 });
  const seeds = new Set<number>();
  let maxRepeat: number | null = null;
  const accuracy: ToolAccuracy = new Map();
  const expected = new Map([...cases].map(([k, c]) => [k, c.expected] as const));
  const file = 'trials.jsonl';
  for await (const { row, value: t } of tableRows<TrialRow>(spec('trials'), lines, f, (n) => counted('trials', n))) {
    seeds.add(t.seed);
    maxRepeat = Math.max(maxRepeat ?? 0, t.repeat);
    const run = runs.get(t.runId);
    f.check(run !== undefined, { file, row, field: 'runId', expected: 'a run of metrics.jsonl', found: JSON.stringify(t.runId) });
    if (run === undefined) continue;
    f.compare(file, row, 'serverId', run.row.serverId, t.serverId);
    const c = cases.get(key(t.serverId, t.caseId));
    if (c === undefined) {
      f.push({ file, row, field: 'caseId', expected: `a case of server ${t.serverId} in cases.jsonl`, found: JSON.stringify(t.caseId) });
      continue;
    }
    // The columns a trial repeats from its case and its verdict.
    f.compare(file, row, '', { caseKind: c.case.kind, language: c.case.language, utterance: c.utterance, verdictKind: t.verdict.kind, argErrorKinds: [...new Set(t.verdict.argErrors.map((e) => e.kind))] }, { caseKind: t.caseKind, language: t.language, utterance: t.utterance, verdictKind: t.verdictKind, argErrorKinds: t.argErrorKinds });
    run.acc.add(trialRecord(t));
    addToolTrial(accuracy, expected, t);
  }

  const places = runPlaces(metrics);
  metrics.forEach((m, i) => {
    const stored = (m.metrics as { unreadableSchemas?: { tool: string; reason: string }[] }).unreadableSchemas ?? [];
    const recomputed = runs.get(m.runId)!.acc.result(stored);
    f.compare('metrics.jsonl', i + 1, 'metrics', JSON.parse(JSON.stringify(recomputed)), m.metrics);
    const cols = metricColumns(recomputed);
    f.compare('metrics.jsonl', i + 1, '', cols, Object.fromEntries(Object.keys(cols).map((k) => [k, m[k as keyof RunMetricsRow]])));
    f.compare('metrics.jsonl', i + 1, 'rank', places[i], m.rank);
  });
  const model = manifest.models[0];
  if (model) f.compare('manifest.json', null, 'validity', validityTable(model.id, model.baseline, metrics, lint, accuracy), manifest.validity);

  return {
    seeds: [...seeds].sort((a, b) => a - b),
    modelIds: [...new Set(metrics.map((m) => m.modelId))].sort(byText),
    comparabilityKeys: [...new Set(metrics.map((m) => m.comparabilityKey))].sort(byText),
    caseLanguages: [...new Set([...cases.values()].map((c) => c.case.language))].sort(byText),
    maxRepeat,
    lintRules: [...new Map(lint.map((l) => [`${l.rulesId}\u0000${l.rulesHash}`, { id: l.rulesId, hash: l.rulesHash }] as const)).values()],
    metrics,
  };
}

/**
 * The cases, each checked against its own nested case (id, kind, language, utterance, expected) and each
 * server's case set hashed again (sha256 of its cases sorted by id, as the run recorded it): an edited
 * utterance in the case is a different hash. A server's cases are contiguous (the build writes them run by
 * run), so one server's cases are held at a time.
 */
async function readCases(lines: TableLines, f: Findings, counted: (n: number | null) => void): Promise<Map<string, CaseFacts>> {
  const out = new Map<string, CaseFacts>();
  const file = 'cases.jsonl';
  type Group = { serverId: string; hash: string; row: number; cases: EvalCase[] };
  const state: { group: Group | null } = { group: null };
  const done = new Set<string>();
  const close = () => {
    const g = state.group;
    if (g === null) return;
    f.compare(file, g.row, 'caseSetHash', caseSetHash(g.cases), g.hash);
    done.add(g.serverId);
    state.group = null;
  };
  for await (const { row, value: c } of tableRows<CaseRow>(spec('cases'), lines, f, counted)) {
    let g = state.group;
    if (g === null || g.serverId !== c.serverId) {
      close();
      f.check(!done.has(c.serverId), { file, row, field: 'serverId', expected: `the cases of server ${c.serverId} together (they were written run by run)`, found: 'a second group' });
      g = state.group = { serverId: c.serverId, hash: c.caseSetHash, row, cases: [] };
    }
    f.compare(file, row, '', { caseSetHash: g.hash, caseId: c.case.id, kind: c.case.kind, language: c.case.language, utterance: c.case.utterance, expected: c.case.expected }, { caseSetHash: c.caseSetHash, caseId: c.caseId, kind: c.kind, language: c.language, utterance: c.utterance, expected: c.expected });
    g.cases.push(c.case);
    const k = key(c.serverId, c.caseId);
    f.check(!out.has(k), { file, row, field: 'caseId', expected: 'a case id once per server', found: `${c.caseId} again` });
    const m = c.case;
    out.set(k, { ordinal: c.ordinal, case: { id: m.id, kind: m.kind, language: m.language, tier: m.tier, expected: m.expected, ...(m.expect ? { expect: m.expect.slice(0, 1).map((e) => ({ name: e.name })) } : {}) }, utterance: c.utterance, expected: expectedOf(c) });
  }
  close();
  return out;
}
