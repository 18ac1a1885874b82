// Rerun an evaluation release's runs from its files alone (`toolmark rerun`): the release is read from a
// folder or downloaded from its URL, its signature and the sha256 of every file used are checked, each run's
// plan is rebuilt by the core's planner from the `runs`, `tool_definitions` and `cases` rows — and refused unless it
// hashes to what the run recorded (tools shown, system prompt, case set) — then executed by the engine's
// runner against a provider (the run's own, or another), and every trial is compared with the release's.
import { createWriteStream } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import {
  CaseRowSchema,
  computeMetrics,
  ManifestSchema,
  planRun,
  RunInputRowSchema,
  ToolDefRowSchema,
  toShownTool,
  ToolmarkError,
  trialRecord,
  TrialRowSchema,
  type CaseRow,
  type Manifest,
  type RunInputRow,
  type RunPlan,
  type Tool,
  type ToolDefRow,
  type TrialRecord,
  type TrialRow,
} from '@toolmark/benchmarks';
import { executePlan } from '../eval/run.js';
import type { Provider } from '../eval/evaluate.js';
import { nodeSha256Hex } from '../native-hash.js';
import { fileFacts } from './file-facts.js';
import { fileLines } from './read-formats.js';
import { SIGNATURE_FILE, signatureProblem, type KeySet } from './signing.js';

/** A release that cannot be rerun: not an evaluation release of schema 2, a bad signature or file, inputs that do not rebuild the run. */
export class RerunError extends ToolmarkError<'rerun_refused' | 'download_failed', { file?: string; runId?: string }> {
  override readonly name = 'RerunError';
}

/** The files a rerun reads. */
const NEEDED = ['runs.jsonl', 'tool_definitions.jsonl', 'cases.jsonl', 'trials.jsonl'] as const;

async function rows<T>(dir: string, file: string, parse: (v: unknown) => T, keep: (row: T) => boolean = () => true): Promise<T[]> {
  const out: T[] = [];
  let n = 0;
  for await (const line of fileLines(join(dir, file))) {
    n++;
    let row: T;
    try {
      row = parse(JSON.parse(line));
    } catch (e) {
      throw new RerunError('rerun_refused', `${file}:${n} is not a row of its table: ${(e as Error).message}`, { file });
    }
    if (keep(row)) out.push(row);
  }
  return out;
}

/** A release folder read for a rerun: its manifest (signature and the files used checked) and its runs. */
export interface ReleaseInputs {
  dir: string;
  manifest: Manifest;
  runs: RunInputRow[];
}

/** Read a release folder: manifest, signature (when keys are given) and the sha256 of every file a rerun reads. */
export async function readReleaseInputs(dir: string, keys: KeySet | undefined): Promise<ReleaseInputs> {
  const bytes = await readFile(join(dir, 'manifest.json')).catch(() => {
    throw new RerunError('rerun_refused', `${dir} holds no manifest.json`, { file: 'manifest.json' });
  });
  const parsed = ManifestSchema.safeParse(JSON.parse(bytes.toString('utf8')));
  if (!parsed.success) throw new RerunError('rerun_refused', `manifest.json is not a release manifest: ${parsed.error.issues[0]?.message ?? ''}`, { file: 'manifest.json' });
  const manifest = parsed.data;
  if (manifest.kind !== 'evaluation' || manifest.schemaVersion < 2) throw new RerunError('rerun_refused', `${manifest.id} is not an evaluation release with its inputs (kind ${manifest.kind}, schema version ${manifest.schemaVersion}; inputs arrived with version 2)`, { file: 'manifest.json' });
  if (keys !== undefined) {
    const problem = signatureProblem(bytes, await readFile(join(dir, SIGNATURE_FILE), 'utf8').catch(() => null), keys);
    if (problem !== null) throw new RerunError('rerun_refused', `${SIGNATURE_FILE}: ${problem}`, { file: SIGNATURE_FILE });
  }
  for (const name of NEEDED) {
    const listed = manifest.files.find((f) => f.path === name);
    const facts = await fileFacts(join(dir, name)).catch(() => null);
    if (!listed || !facts || facts.sha256 !== listed.sha256) throw new RerunError('rerun_refused', `${name}: ${!listed ? 'not listed in the manifest' : !facts ? 'missing' : `sha256 ${facts.sha256}, the manifest says ${listed.sha256}`}`, { file: name });
  }
  return { dir, manifest, runs: await rows(dir, 'runs.jsonl', (v) => RunInputRowSchema.parse(v)) };
}

/** Download what a rerun reads of a release URL (`…/v1/datasets/<id>`) into a temporary folder; `release()` removes it. */
export async function downloadReleaseInputs(url: string): Promise<{ dir: string; release: () => Promise<void> }> {
  const dir = await mkdtemp(join(tmpdir(), 'toolmark-rerun-'));
  const base = url.replace(/\/+$/, '');
  try {
    for (const name of ['manifest.json', SIGNATURE_FILE, ...NEEDED]) {
      const res = await fetch(`${base}/files/${name}`).catch((e: unknown) => {
        throw new RerunError('download_failed', `GET ${base}/files/${name} failed: ${(e as Error).message}`, { file: name });
      });
      if (res.status !== 200 || res.body === null) throw new RerunError('download_failed', `GET ${base}/files/${name} answered ${res.status}`, { file: name });
      // Streamed to disk: a release's trials may be larger than memory.
      await pipeline(Readable.fromWeb(res.body as WebReadableStream), createWriteStream(join(dir, name)));
    }
  } catch (e) {
    await rm(dir, { recursive: true, force: true });
    throw e;
  }
  return { dir, release: () => rm(dir, { recursive: true, force: true }) };
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** The plan of one run rebuilt from the release's rows; refused unless it hashes to what the run recorded. */
export async function planFromRelease(inputs: ReleaseInputs, run: RunInputRow, model?: string): Promise<{ plan: RunPlan; cases: CaseRow[]; trials: TrialRow[] }> {
  const surfaces = new Set([run.surfaceHash, ...run.distractors.map((d) => d.hash)]);
  const tools = await rows(inputs.dir, 'tool_definitions.jsonl', (v) => ToolDefRowSchema.parse(v), (t) => surfaces.has(t.surfaceHash));
  // The planner shows each tool as the core renders its definition: a `shown` other than that is an edited row.
  for (const t of tools) {
    if (!same(t.shown, toShownTool(t.definition as unknown as Tool))) throw new RerunError('rerun_refused', `tool_definitions.jsonl: ${t.name} (${t.origin}, surface ${t.surfaceHash}): its shown form is not what its definition renders to`, { file: 'tool_definitions.jsonl' });
  }
  const surfaceOf = (hash: string, origin: string): { tools: Tool[] } => ({
    tools: tools.filter((t: ToolDefRow) => t.surfaceHash === hash && t.origin === origin).sort((a, b) => a.position - b.position).map((t) => t.definition as unknown as Tool),
  });
  const cases = (await rows(inputs.dir, 'cases.jsonl', (v) => CaseRowSchema.parse(v), (c) => c.serverId === run.serverId && c.caseSetHash === run.caseSetHash)).sort((a, b) => a.ordinal - b.ordinal);
  const trials = await rows(inputs.dir, 'trials.jsonl', (v) => TrialRowSchema.parse(v), (t) => t.runId === run.runId);
  if (run.system === null) throw new RerunError('rerun_refused', `run ${run.runId} is not reproducible from this release: ${run.note ?? 'its system prompt is not in it'}`, { runId: run.runId });
  const plan = planRun({
    server: surfaceOf(run.surfaceHash, 'server'),
    distractors: run.distractors.map((d) => ({ name: d.name, hash: d.hash, surface: surfaceOf(d.hash, d.name) })),
    cases: cases.map((c) => c.case),
    model: model ?? run.model,
    settings: run.settings,
    system: run.system,
    seed: run.seed,
    repeats: run.repeats,
    permute: run.permute,
    limits: { maxTools: 1_000, maxTrials: 100_000 },
    sha256Hex: nodeSha256Hex,
  });
  const wrong = [
    ['tools shown', plan.hashes.shown, run.shownSurfaceHash],
    ['system prompt', plan.hashes.system, run.systemHash],
    ['case set', plan.hashes.caseSet, run.caseSetHash],
  ].filter(([, a, b]) => a !== b);
  if (wrong.length > 0) throw new RerunError('rerun_refused', `run ${run.runId}: the release's ${wrong.map(([w, a, b]) => `${w} hash to ${a}, the run recorded ${b}`).join('; ')}`, { runId: run.runId });
  return { plan, cases, trials };
}

/** One trial that came out otherwise than in the release. */
export interface TrialDifference {
  caseId: string;
  repeat: number;
  field: 'order' | 'calls' | 'verdict' | 'error' | 'missing';
  release: unknown;
  rerun: unknown;
}

/** The rerun of one run compared with the release: trials compared and identical, the differences, and the leaderboard rates of both. */
export interface RunComparison {
  runId: string;
  serverId: string;
  provider: string;
  model: string;
  trials: number;
  identical: number;
  differences: TrialDifference[];
  rates: Record<'selectionAcc' | 'argValidity' | 'falseCallRate', { release: string; rerun: string }>;
}

const callsOf = (calls: readonly { name: string; argumentsText: string }[]) => calls.map((c) => ({ name: c.name, argumentsText: c.argumentsText }));

/** Compare the rerun's records with the release's trials of the run, trial by trial (what was shown, what was called, the verdict). */
export function compareTrials(plan: RunPlan, released: readonly TrialRow[], records: readonly TrialRecord[]): { identical: number; differences: TrialDifference[] } {
  const byKey = new Map(records.map((r) => [`${r.caseId}#${r.trialIndex}`, r] as const));
  const differences: TrialDifference[] = [];
  let identical = 0;
  for (const t of released) {
    const r = byKey.get(`${t.caseId}#${t.repeat}`);
    const at = { caseId: t.caseId, repeat: t.repeat };
    if (!r) {
      differences.push({ ...at, field: 'missing', release: 'a trial', rerun: null });
      continue;
    }
    const before = differences.length;
    if (!same(t.order, r.order ?? (plan.permute ? null : t.order))) differences.push({ ...at, field: 'order', release: t.order, rerun: r.order ?? null });
    if (!same(callsOf(t.calls), callsOf(r.calls))) differences.push({ ...at, field: 'calls', release: callsOf(t.calls), rerun: callsOf(r.calls) });
    if (!same({ ...t.verdict }, { ...r.verdict })) differences.push({ ...at, field: 'verdict', release: t.verdict, rerun: r.verdict });
    if (!same(t.error?.code ?? null, r.error?.code ?? null)) differences.push({ ...at, field: 'error', release: t.error, rerun: r.error });
    if (differences.length === before) identical++;
  }
  return { identical, differences };
}

const rate = (r: { numerator: number; denominator: number }) => `${r.numerator}/${r.denominator}`;

/** Rerun one run of the release with a provider and compare it with the release. */
export async function rerunRun(inputs: ReleaseInputs, run: RunInputRow, provider: Provider, opts: { model?: string; concurrency: number; signal: AbortSignal }): Promise<RunComparison> {
  const { plan, cases, trials } = await planFromRelease(inputs, run, opts.model);
  const executed = await executePlan({ plan, provider, concurrency: opts.concurrency, signal: opts.signal, maxErrorRate: 1 });
  const { identical, differences } = compareTrials(plan, trials, executed.records);
  const before = computeMetrics(cases.map((c) => c.case), trials.map(trialRecord));
  const after = computeMetrics(plan.cases, executed.records, executed.unreadableSchemas);
  return {
    runId: run.runId,
    serverId: run.serverId,
    provider: provider.id,
    model: plan.model,
    trials: trials.length,
    identical,
    differences,
    rates: {
      selectionAcc: { release: rate(before.selectionAcc), rerun: rate(after.selectionAcc) },
      argValidity: { release: rate(before.argValidity), rerun: rate(after.argValidity) },
      falseCallRate: { release: rate(before.falseCallRate), rerun: rate(after.falseCallRate) },
    },
  };
}
