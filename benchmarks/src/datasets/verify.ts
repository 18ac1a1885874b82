// `verify`: a release checked against itself and its signature. Every file the manifest names is there with its size and
// sha256, every JSONL row has its table's shape, the row counts match, and every leaderboard number (and the
// validity table) recomputed from the rows equals the published one. The adapter reads the files; this is pure.
import { differences, leafCount, type Difference } from './compare.js';
import { ManifestSchema, tableFile, type Manifest } from './manifest.js';
import { lintRanks, lintServerNumbers, metricColumns, runMetrics, runPlaces } from './recompute.js';
import { tablesOf, type CaseRow, type LintFactRow, type LintFindingRow, type LintServerRow, type LintToolRow, type RunMetricsRow, type TrialRow } from './rows.js';
import { addToolTrial, expectedByCase, validityTable, type ToolAccuracy } from './validity.js';

/** What the adapter read of a release: the manifest's text, each named file's size and sha256 (null: absent), each JSONL table's lines. */
export interface ReleaseContents {
  manifestText: string;
  /** What the adapter found checking `manifest.json.sig` against the instance's keys: null when it is a valid signature, else why not (unsigned, unknown key, mismatch). */
  signatureProblem: string | null;
  fileFacts: (path: string) => { bytes: number; sha256: string } | null;
  lines: (table: string) => readonly string[] | null;
}

/** The outcome of verify: whether everything matched, how many numbers were compared, and what differs. */
export interface VerifyReport {
  ok: boolean;
  release: string | null;
  /** How many values (numbers, hashes, counts) were compared. */
  checkedNumbers: number;
  differences: Difference[];
  /** Verified from a site: servers of a lint release compared with the live leaderboard (still at the release's version). */
  boardServers?: number;
}

/** Differences listed at most (the rest are counted). */
export const MAX_DIFFERENCES = 200;

/** Verify a release. */
export function verifyRelease(input: ReleaseContents): VerifyReport {
  const diffs: Difference[] = [];
  let checked = 0;
  const push = (d: Difference) => diffs.push(d);
  const compare = (file: string, row: number | null, prefix: string, expected: unknown, found: unknown) => {
    checked += leafCount(expected);
    for (const d of differences(expected, found, prefix)) push({ file, row, ...d });
  };

  if (input.signatureProblem !== null) push({ file: 'manifest.json.sig', row: null, field: 'signature', expected: "a valid Ed25519 signature of manifest.json by the instance's key", found: input.signatureProblem });
  checked += 1;

  let manifest: Manifest;
  try {
    const parsed = ManifestSchema.safeParse(JSON.parse(input.manifestText));
    if (!parsed.success) {
      for (const i of parsed.error.issues) push({ file: 'manifest.json', row: null, field: i.path.join('.') || '(root)', expected: 'a valid manifest', found: i.message });
      return { ok: false, release: null, checkedNumbers: checked, differences: diffs };
    }
    manifest = parsed.data;
  } catch (e) {
    push({ file: 'manifest.json', row: null, field: '(root)', expected: 'JSON', found: (e as Error).message });
    return { ok: false, release: null, checkedNumbers: checked, differences: diffs };
  }

  for (const f of manifest.files) {
    const facts = input.fileFacts(f.path);
    if (facts === null) {
      push({ file: f.path, row: null, field: 'file', expected: 'present', found: '(absent)' });
      continue;
    }
    compare(f.path, null, 'bytes', f.bytes, facts.bytes);
    compare(f.path, null, 'sha256', f.sha256, facts.sha256);
  }

  const tables: Record<string, unknown[]> = {};
  for (const spec of tablesOf(manifest.kind)) {
    const file = tableFile(spec.name, 'jsonl');
    const lines = input.lines(spec.name);
    if (lines === null) {
      if (!manifest.files.some((f) => f.path === file)) push({ file, row: null, field: 'file', expected: 'present', found: '(absent)' });
      tables[spec.name] = [];
      continue;
    }
    const rows: unknown[] = [];
    lines.forEach((line, i) => {
      let value: unknown;
      try {
        value = JSON.parse(line);
      } catch (e) {
        push({ file, row: i + 1, field: '(row)', expected: 'JSON', found: (e as Error).message });
        return;
      }
      const parsed = spec.schema.safeParse(value);
      if (parsed.success) rows.push(parsed.data);
      else for (const issue of parsed.error.issues) push({ file, row: i + 1, field: issue.path.join('.') || '(row)', expected: `a ${spec.name} row`, found: issue.message });
    });
    compare(file, null, 'rows', manifest.rows[spec.name], lines.length);
    const listed = manifest.files.find((f) => f.path === file);
    if (listed) compare('manifest.json', null, `files.${file}.rows`, listed.rows, lines.length);
    tables[spec.name] = rows;
  }

  // verifyEvaluation counts through `compare`; read `checked` only after it returns.
  const counted = manifest.kind === 'lint' ? verifyLint(manifest, tables, push) : verifyEvaluation(manifest, tables, push, compare);
  checked += counted;

  const ok = diffs.length === 0;
  const shown = diffs.slice(0, MAX_DIFFERENCES);
  if (diffs.length > MAX_DIFFERENCES) shown.push({ file: '(more)', row: null, field: '(more)', expected: '', found: `${diffs.length - MAX_DIFFERENCES} more differences` });
  return { ok, release: manifest.id, checkedNumbers: checked, differences: shown };
}

const groupBy = <T>(rows: readonly T[], key: (r: T) => string): Map<string, T[]> => {
  const m = new Map<string, T[]>();
  for (const r of rows) {
    const k = key(r);
    const g = m.get(k);
    if (g) g.push(r);
    else m.set(k, [r]);
  }
  return m;
};

function verifyLint(manifest: Manifest, t: Record<string, unknown[]>, push: (d: Difference) => void): number {
  const servers = t.servers as LintServerRow[];
  const tools = groupBy(t.tools as LintToolRow[], (r) => r.versionId);
  const findings = groupBy(t.findings as LintFindingRow[], (r) => r.versionId);
  const rulesId = manifest.rules[0]?.id ?? 'v1';
  const ranks = lintRanks(servers.map((s) => lintServerNumbers(rulesId, tools.get(s.versionId) ?? [], findings.get(s.versionId) ?? []).score));
  let checked = 0;
  servers.forEach((s, i) => {
    const expected = { ...lintServerNumbers(rulesId, tools.get(s.versionId) ?? [], findings.get(s.versionId) ?? []), rank: ranks[i] };
    const found = { score: s.score, band: s.band, toolCount: s.toolCount, critical: s.critical, required: s.required, minor: s.minor, categories: s.categories, rank: s.rank };
    checked += leafCount(expected);
    for (const d of differences(expected, found, '')) push({ file: 'servers.jsonl', row: i + 1, ...d });
  });
  return checked;
}

function verifyEvaluation(manifest: Manifest, t: Record<string, unknown[]>, push: (d: Difference) => void, compare: (file: string, row: number | null, prefix: string, e: unknown, f: unknown) => void): number {
  const metrics = t.metrics as RunMetricsRow[];
  const cases = groupBy(t.cases as CaseRow[], (r) => r.serverId);
  const trials = groupBy(t.trials as TrialRow[], (r) => r.runId);
  const places = runPlaces(metrics);
  metrics.forEach((m, i) => {
    let recomputed;
    try {
      const stored = (m.metrics as { unreadableSchemas?: { tool: string; reason: string }[] }).unreadableSchemas ?? [];
      recomputed = runMetrics(cases.get(m.serverId) ?? [], trials.get(m.runId) ?? [], stored);
    } catch (e) {
      push({ file: 'trials.jsonl', row: null, field: `run ${m.runId}`, expected: 'trials of known cases', found: (e as Error).message });
      return;
    }
    compare('metrics.jsonl', i + 1, 'metrics', JSON.parse(JSON.stringify(recomputed)), m.metrics);
    const cols = metricColumns(recomputed);
    const found = Object.fromEntries(Object.keys(cols).map((k) => [k, m[k as keyof RunMetricsRow]]));
    compare('metrics.jsonl', i + 1, '', cols, found);
    compare('metrics.jsonl', i + 1, 'rank', places[i], m.rank);
  });
  const accuracy: ToolAccuracy = new Map();
  const expected = expectedByCase(t.cases as CaseRow[]);
  for (const tr of t.trials as TrialRow[]) addToolTrial(accuracy, expected, tr);
  const model = manifest.models[0];
  if (model) compare('manifest.json', null, 'validity', validityTable(model.id, model.baseline, metrics, t.lint as LintFactRow[], accuracy), manifest.validity);
  return 0;
}
