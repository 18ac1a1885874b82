// A whole synthetic evaluation release for bench:datasets' verify figures: `runs` servers × `cases` cases ×
// `repeats` repeats of trials, written by the release writers (TableWriter) in every format, with metrics,
// lint facts and the validity table computed by the core as a build does, the card, the citation, the
// manifest and its signature. Written a run at a time (memory holds one run's cases), so the release can be
// as large as the disk allows; verify must then find it consistent (0 differences).
import { generateKeyPairSync } from 'node:crypto';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import {
  addToolTrial,
  BASELINE_MODEL_ID,
  caseSetHash,
  metricColumns,
  MetricsAccumulator,
  releaseId,
  releaseKeyOf,
  ruleSets,
  runPlaces,
  seededRandom,
  tableOf,
  trialRecord,
  validityTable,
  type CaseRow,
  type EvalCase,
  type LintFactRow,
  type Manifest,
  type ManifestFile,
  type RunMetricsRowV2,
  type TableSpec,
  type ToolAccuracy,
  type TrialRow,
} from '@toolmark/benchmarks';
import { citationFile, datasetCard } from '../datasets/card.js';
import { fileFacts } from '../datasets/file-facts.js';
import { SIGNATURE_FILE, signatureFile, signingKeyFrom } from '../datasets/signing.js';
import { TableWriter } from '../datasets/table-writer.js';

const TOOLS = ['search_issues', 'create_issue', 'close_issue', 'list_labels', 'add_comment', 'assign_issue'];
const BATCH = 5_000;
const uuid = (kind: number, n: number) => `00000000-0000-4000-800${kind}-${String(n).padStart(12, '0')}`;

/** Write the release into `dir`; its id, trial count and the public key (PEM) it is signed with. */
export async function writeSyntheticRelease(dir: string, shape: { runs: number; cases: number; repeats: number }): Promise<{ id: string; trials: number; publicKeyPem: string }> {
  const signer = signingKeyFrom(generateKeyPairSync('ed25519').privateKey.export({ type: 'pkcs8', format: 'pem' }).toString());
  // Schema version 1 (its four tables): what verify's speed and memory are measured on.
  const [casesSpec, trialsSpec, metricsSpec, lintSpec] = (['cases', 'trials', 'metrics', 'lint'] as const).map((name) => tableOf('evaluation', name, 1)) as [TableSpec, TableSpec, TableSpec, TableSpec];
  const writers = { cases: new TableWriter(dir, casesSpec), trials: new TableWriter(dir, trialsSpec), metrics: new TableWriter(dir, metricsSpec), lint: new TableWriter(dir, lintSpec) };
  const random = seededRandom(24);
  const metrics: Omit<RunMetricsRowV2, 'rank'>[] = [];
  const lint: LintFactRow[] = [];
  const accuracy: ToolAccuracy = new Map();
  let trials = 0;
  const settings = { distractors: [], language: 'en', generator: 'offline', casesPerTool: Math.ceil(shape.cases / TOOLS.length), repeats: shape.repeats };
  for (let r = 0; r < shape.runs; r++) {
    const serverId = uuid(1, r);
    const runId = uuid(2, r);
    const versionId = uuid(3, r);
    const cases: EvalCase[] = [];
    for (let c = 0; c < shape.cases; c++) {
      const tool = TOOLS[c % TOOLS.length]!;
      cases.push({ id: `${tool}-${c}`, kind: 'tool-directed', language: 'en', source: 'offline', utterance: `Please ${tool.replace('_', ' the ')} number ${c} for the release board of server ${r}`, expected: tool });
    }
    const hash = caseSetHash(cases);
    const caseRows = cases.map((c, ordinal): CaseRow => ({ serverId, caseSetHash: hash, ordinal, caseId: c.id, kind: c.kind, language: c.language, utterance: c.utterance, expected: c.expected, case: c }));
    for (let i = 0; i < caseRows.length; i += BATCH) await writers.cases.write(caseRows.slice(i, i + BATCH));
    const expected = new Map(cases.map((c) => [`${serverId}\u0000${c.id}`, c.expected] as const));
    const acc = new MetricsAccumulator(cases);
    let batch: TrialRow[] = [];
    for (const c of cases) {
      for (let repeat = 0; repeat < shape.repeats; repeat++) {
        const selected = random() < 0.8;
        const called = selected ? c.expected! : TOOLS[Math.floor(random() * TOOLS.length)]!;
        const row: TrialRow = {
          runId,
          serverId,
          caseId: c.id,
          caseKind: c.kind,
          language: c.language,
          utterance: c.utterance,
          shownSurfaceHash: 'sha256:7d2f0c0b1b6a4c4f9a1d3e5f7a9b1c3d5e7f9a1b3c5d7e9f1a3b5c7d9e1f3a5b',
          order: TOOLS,
          calls: [{ name: called, argumentsText: `{"query":"item ${trials % 311}"}`, parseError: null, arguments: { query: `item ${trials % 311}` } }],
          text: '',
          verdict: { kind: selected ? 'correct' : 'wrong_tool', scored: true, pass: selected, selected, called, argsValid: selected ? true : null, argsMatch: null, argErrors: [], multiCall: false, forbiddenCalled: [], distractor: false },
          verdictKind: selected ? 'correct' : 'wrong_tool',
          argErrorKinds: [],
          truncated: false,
          error: null,
          inputTokens: 400 + (trials % 50),
          outputTokens: 20 + (trials % 7),
          latencyMs: Math.round(random() * 2000) / 10,
          cached: false,
          seed: 0,
          repeat,
        };
        acc.add(trialRecord(row));
        addToolTrial(accuracy, expected, row);
        batch.push(row);
        trials++;
        if (batch.length === BATCH) {
          await writers.trials.write(batch);
          batch = [];
        }
      }
    }
    if (batch.length > 0) await writers.trials.write(batch);
    const m = acc.result();
    metrics.push({ runId, evaluationId: uuid(4, r), modelId: BASELINE_MODEL_ID, serverId, slug: `server-${r}`, name: `Server ${r}`, versionId, versionSeq: 1, comparabilityKey: 'cmp1:00000000000000000000000000000000', ...metricColumns(m), metrics: JSON.parse(JSON.stringify(m)) as Record<string, unknown> });
    const ids = { rulesId: ruleSets.v1.id, rulesHash: ruleSets.v1.hash, serverId, versionId };
    const facts: LintFactRow[] = [{ ...ids, tool: null, score: 40 + ((r * 37) % 60), findingCodes: [] }, ...TOOLS.map((t, i) => ({ ...ids, tool: t, score: 30 + ((r + i * 11) % 70), findingCodes: i % 2 === 0 ? ['description-too-short'] : [] }))];
    lint.push(...facts);
    await writers.lint.write(facts);
  }
  const places = runPlaces(metrics);
  const ranked = metrics.map((m, i) => ({ rank: places[i]!, ...m })).sort((a, b) => a.rank - b.rank);
  await writers.metrics.write(ranked);
  const tables = [await writers.cases.close(), await writers.trials.close(), await writers.metrics.close(), await writers.lint.close()];

  const model = { id: BASELINE_MODEL_ID, provider: 'lexical', baseline: true, fingerprint: 'lexical-baseline-bench', settings: {} };
  const base = { kind: 'evaluation' as const, rules: Object.values(ruleSets).map((x) => ({ id: x.id, hash: x.hash })), models: [model], settings };
  const key = releaseKeyOf(base);
  const id = releaseId('eval', key, 1);
  const files: ManifestFile[] = [];
  for (const t of tables) for (const f of t.files) files.push({ path: f.path, table: t.table, format: f.format, rows: t.rows, ...(await fileFacts(join(dir, f.path))) });
  const draft: Manifest = {
    schemaVersion: 1,
    ...base,
    key,
    version: 1,
    id,
    createdAt: new Date().toISOString(),
    codeVersion: 'bench',
    license: 'CC-BY-4.0',
    distractorSets: [],
    seeds: [0],
    validity: validityTable(model.id, true, ranked, lint, accuracy),
    rows: Object.fromEntries(tables.map((t) => [t.table, t.rows])),
    files,
  };
  const siteUrl = 'http://127.0.0.1:9';
  await writeFile(join(dir, 'README.md'), datasetCard(draft, { siteUrl, signer }));
  await writeFile(join(dir, 'CITATION.cff'), citationFile(draft, { siteUrl }));
  for (const [path, format] of [['README.md', 'markdown'], ['CITATION.cff', 'cff']] as const) files.push({ path, table: null, format, rows: null, ...(await fileFacts(join(dir, path))) });
  await writeFile(join(dir, 'manifest.json'), `${JSON.stringify({ ...draft, files }, null, 2)}\n`);
  await writeFile(join(dir, SIGNATURE_FILE), signatureFile(await readFile(join(dir, 'manifest.json')), signer));
  return { id, trials, publicKeyPem: signer.publicKeyPem };
}
