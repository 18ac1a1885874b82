// `npm run bench:datasets`: 1 000 000 synthetic trial rows written to JSONL, CSV and Parquet by the
// release writers, each format in its own process so its peak RSS is its own. Prints rows/s, peak RSS and
// file size per format (and rows per CPU second: on a shared machine wall-clock rows/s mostly measures the others). Targets (issue 16): < 256 MB peak RSS, ≥ 50 000 rows/s for JSONL.
// Then `datasets verify` of a whole synthetic evaluation release of as many trials (issue 24: < 256 MB peak RSS), each step in a fresh process;
// verify's with the heap cap the CLI runs it with (cli/verify-heap.ts).
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { seededRandom, tableOf, tableFile, type TableFormat, type TrialRow } from '@toolmark/benchmarks';
import { VERIFY_HEAP_MB } from '../cli/verify-heap.js';
import { TableWriter } from '../datasets/table-writer.js';

const ROWS = Number(process.env.BENCH_ROWS ?? 1_000_000);
const BATCH = 5_000;
const TOOLS = ['search_issues', 'create_issue', 'close_issue', 'list_labels', 'add_comment', 'assign_issue'];

/** One synthetic trial, the same for the same index. */
function trial(i: number, random: () => number): TrialRow {
  const tool = TOOLS[Math.floor(random() * TOOLS.length)]!;
  const selected = random() < 0.8;
  return {
    runId: '00000000-0000-4000-8000-000000000001',
    serverId: '00000000-0000-4000-8000-000000000002',
    caseId: `${tool}-${i % 5000}`,
    caseKind: 'direct',
    language: 'en',
    utterance: `Please ${tool.replace('_', ' the ')} number ${i % 977} for the release board`,
    shownSurfaceHash: 'sha256:7d2f0c0b1b6a4c4f9a1d3e5f7a9b1c3d5e7f9a1b3c5d7e9f1a3b5c7d9e1f3a5b',
    order: TOOLS,
    calls: selected ? [{ name: tool, argumentsText: `{"query":"item ${i % 311}"}`, parseError: null, arguments: { query: `item ${i % 311}` } }] : [],
    text: '',
    verdict: { kind: selected ? 'correct' : 'abstained', scored: true, pass: selected, selected, called: selected ? tool : '(none)', argsValid: selected ? true : null, argsMatch: null, argErrors: [], multiCall: false, forbiddenCalled: [], distractor: false },
    verdictKind: selected ? 'correct' : 'abstained',
    argErrorKinds: [],
    truncated: false,
    error: null,
    inputTokens: 400 + (i % 50),
    outputTokens: 20 + (i % 7),
    latencyMs: Math.round(random() * 2000) / 10,
    cached: false,
    seed: 0,
    repeat: i % 3,
  };
}

/** The ROWS synthetic trials through a writer, in batches, then closed. */
async function writeTrials(writer: TableWriter): Promise<void> {
  const random = seededRandom(16);
  for (let i = 0; i < ROWS; i += BATCH) {
    const batch: TrialRow[] = [];
    for (let j = i; j < Math.min(ROWS, i + BATCH); j++) batch.push(trial(j, random));
    await writer.write(batch);
  }
  await writer.close();
}

const TRIALS = tableOf('evaluation', 'trials');

async function writeOne(format: TableFormat): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'toolmark-bench-datasets-'));
  const writer = new TableWriter(dir, TRIALS, [format]);
  const start = process.hrtime.bigint();
  const cpu0 = process.cpuUsage();
  await writeTrials(writer);
  const seconds = Number(process.hrtime.bigint() - start) / 1e9;
  const cpu = process.cpuUsage(cpu0);
  const cpuSeconds = (cpu.user + cpu.system) / 1e6;
  const bytes = statSync(join(dir, tableFile('trials', format))).size;
  rmSync(dir, { recursive: true, force: true });
  process.stdout.write(`${JSON.stringify({ format, rows: ROWS, seconds: Math.round(seconds * 10) / 10, rowsPerSecond: Math.round(ROWS / seconds), rowsPerCpuSecond: Math.round(ROWS / cpuSeconds), peakRssMb: Math.round(process.resourceUsage().maxRSS / 1024), fileMb: Math.round(bytes / 1e5) / 10 })}\n`);
}

/** The synthetic release's shape: 100 runs × 10 repeats, as many cases per run as make ROWS trials. */
const SHAPE = { runs: 100, repeats: 10, cases: Math.max(1, Math.round(ROWS / 1000)) };

/** Write a whole synthetic evaluation release of ROWS trials into BENCH_DIR/release (the input of the verify figures), its public key beside it. */
async function writeRelease(dir: string): Promise<void> {
  const { writeSyntheticRelease } = await import('./datasets-release.js');
  const { mkdirSync, writeFileSync } = await import('node:fs');
  mkdirSync(join(dir, 'release'));
  const start = process.hrtime.bigint();
  const out = await writeSyntheticRelease(join(dir, 'release'), SHAPE);
  writeFileSync(join(dir, 'key.pem'), out.publicKeyPem);
  process.stdout.write(`${JSON.stringify({ id: out.id, trials: out.trials, seconds: Math.round(Number(process.hrtime.bigint() - start) / 1e8) / 10 })}\n`);
}

/** `datasets verify` of that folder, all of it (signature, hashes, every table of every format row by row, every number recomputed, every manifest field), in its own process: its own peak RSS. */
async function verifyAll(dir: string): Promise<void> {
  const { verifyFolder } = await import('../datasets/verify-folder.js');
  const { keySetFrom } = await import('../datasets/signing.js');
  const { readFileSync } = await import('node:fs');
  const start = process.hrtime.bigint();
  const cpu0 = process.cpuUsage();
  const report = await verifyFolder(join(dir, 'release'), keySetFrom(readFileSync(join(dir, 'key.pem'), 'utf8')));
  const seconds = Number(process.hrtime.bigint() - start) / 1e9;
  const cpu = process.cpuUsage(cpu0);
  process.stdout.write(`${JSON.stringify({ ok: report.ok, differences: report.differences.length, values: report.checkedNumbers, seconds: Math.round(seconds * 10) / 10, trialsPerSecond: Math.round(ROWS / seconds), trialsPerCpuSecond: Math.round(ROWS / ((cpu.user + cpu.system) / 1e6)), peakRssMb: Math.round(process.resourceUsage().maxRSS / 1024), first: report.differences.slice(0, 3) })}\n`);
}

/** Run this file in a child process with one argument; its stdout. */
function child(arg: string, env: Record<string, string> = {}, nodeArgs: string[] = []): string {
  const run = spawnSync(process.execPath, [...nodeArgs, fileURLToPath(import.meta.url), arg], { encoding: 'utf8', env: { ...process.env, ...env }, maxBuffer: 1 << 24 });
  if (run.status !== 0) {
    process.stderr.write(run.stderr);
    process.exit(1);
  }
  return run.stdout;
}

const arg = process.argv[2];
if (arg === 'jsonl' || arg === 'csv' || arg === 'parquet') {
  await writeOne(arg);
} else if (arg === 'verify-write') {
  await writeRelease(process.env.BENCH_DIR!);
} else if (arg === 'verify-read') {
  await verifyAll(process.env.BENCH_DIR!);
} else {
  process.stdout.write(`bench:datasets — ${ROWS.toLocaleString('en')} synthetic trial rows per format, batches of ${BATCH}, node ${process.version}\n`);
  for (const format of ['jsonl', 'csv', 'parquet'] as const) {
    const r = JSON.parse(child(format)) as { format: string; rowsPerSecond: number; rowsPerCpuSecond: number; peakRssMb: number; seconds: number; fileMb: number };
    process.stdout.write(`${r.format.padEnd(8)} ${String(r.rowsPerSecond).padStart(8)} rows/s (${r.rowsPerCpuSecond} per CPU second)  ${String(r.seconds).padStart(6)} s  peak RSS ${String(r.peakRssMb).padStart(4)} MB  file ${r.fileMb} MB\n`);
  }
  // verify: a whole release of ROWS trials written once, then verified in a fresh process.
  const dir = mkdtempSync(join(tmpdir(), 'toolmark-bench-verify-'));
  try {
    const w = JSON.parse(child('verify-write', { BENCH_DIR: dir })) as { id: string; trials: number; seconds: number };
    const bytes = ['jsonl', 'csv', 'parquet'].reduce((n, f) => n + ['cases', 'trials', 'metrics', 'lint'].reduce((m, t) => m + statSync(join(dir, 'release', tableFile(t, f as TableFormat))).size, 0), 0);
    process.stdout.write(`release  ${w.id}: ${w.trials.toLocaleString('en')} trials (${SHAPE.runs} runs × ${SHAPE.cases} cases × ${SHAPE.repeats} repeats), written in ${w.seconds} s, ${Math.round(bytes / 1e6)} MB in 12 files\n`);
    const v = JSON.parse(child('verify-read', { BENCH_DIR: dir }, [`--max-old-space-size=${VERIFY_HEAP_MB}`])) as { ok: boolean; differences: number; values: number; seconds: number; trialsPerSecond: number; trialsPerCpuSecond: number; peakRssMb: number; first: unknown[] };
    process.stdout.write(`verify   ${String(v.trialsPerSecond).padStart(8)} trials/s (${v.trialsPerCpuSecond} per CPU second)  ${String(v.seconds).padStart(6)} s  peak RSS ${String(v.peakRssMb).padStart(4)} MB (heap cap ${VERIFY_HEAP_MB} MB)  ${v.ok ? 'ok' : 'FAIL'}: ${v.values.toLocaleString('en')} values, ${v.differences} differences${v.ok ? '' : ` ${JSON.stringify(v.first)}`}\n`);
    if (!v.ok) process.exitCode = 1;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
