// npm run bench:faults — the fault-injection suite of issue 10 §6 against the real service
// (`server/dist/start.js` as a child process), the machine's PostgreSQL (a throwaway database per
// scenario) and the embedded PostgreSQL. One scenario per file in this folder (scenarios.ts lists them and
// the lanes they run in); each runs in a process of its own (child.ts) and fills one row of the table
// printed on stdout (markdown), with its seconds and the load average at its start and end; progress goes
// to stderr. Exit code 0 when every row meets the targets, 1 otherwise. Knobs: FAULTS_ONLY=fuzz,slow-bodies
// (ids), FAULTS_LANES=1 (one after another instead of the lanes; or lanes of its own, `a,b|c`),
// FAULTS_SCALE=0.1 (counts and durations),
// FAULTS_SEED (generators), FAULTS_KEEP=1 (keep the run's logs under /tmp), and FAULTS_REQUEST_TIMEOUT_S
// (instead of the service's own request timeout, for slow-bodies).
import { spawn, type ChildProcess } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { newRow, passed, renderTable, type Row } from './lib.js';
import { plan, SCENARIOS } from './scenarios.js';

const scale = Number(process.env.FAULTS_SCALE ?? 1);
const seed = Number(process.env.FAULTS_SEED ?? 1);
const only = (process.env.FAULTS_ONLY ?? '')
  .split(',')
  .map((s) => s.trim())
  .filter(Boolean);
const requestTimeout = Number(process.env.FAULTS_REQUEST_TIMEOUT_S ?? 30); // when set; else the service's own (slow-bodies.ts)
if (!(scale > 0) || !Number.isFinite(seed) || !(requestTimeout > 0 && requestTimeout <= 600)) {
  console.error('bench:faults: FAULTS_SCALE must be a positive number, FAULTS_SEED a number, FAULTS_REQUEST_TIMEOUT_S 1–600 seconds');
  process.exit(2);
}
const unknown = only.filter((id) => !SCENARIOS.some((s) => s.id === id));
if (unknown.length) {
  console.error(`bench:faults: unknown scenario ${unknown.join(', ')}; known: ${SCENARIOS.map((s) => s.id).join(', ')}`);
  process.exit(2);
}
let lanes: string[][];
try {
  lanes = plan(only.length ? only : SCENARIOS.map((s) => s.id), process.env.FAULTS_LANES ?? '');
} catch (error) {
  console.error(`bench:faults: ${(error as Error).message}`);
  process.exit(2);
}

const dir = mkdtempSync(join(tmpdir(), 'toolmark-faults-'));
chmodSync(dir, 0o755); // the embedded cluster's data lives below, and as root it runs as the postgres user
const log = (message: string) => process.stderr.write(`[faults ${new Date().toISOString().slice(11, 19)}] ${message}\n`);
const CHILD_JS = resolve(import.meta.dirname, 'child.js');

const running = new Set<ChildProcess>();
let stopping = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    stopping = true;
    log(`${signal}: stopping the scenarios (each cleans up)`);
    for (const child of running) child.kill('SIGTERM');
    const waited = [...running].map((c) => new Promise((r) => (c.exitCode !== null || c.signalCode !== null ? r(null) : c.once('exit', r))));
    void Promise.race([Promise.all(waited), new Promise((r) => setTimeout(r, 60_000))]).finally(() => {
      for (const child of running) child.kill('SIGKILL');
      if (process.env.FAULTS_KEEP !== '1') rmSync(dir, { recursive: true, force: true });
      process.exit(130);
    });
  });
}

/** Run one scenario in its own process; its row, or a row saying why there is none. */
async function runScenario(id: string): Promise<Row> {
  const scenario = SCENARIOS.find((s) => s.id === id)!;
  const rowFile = join(dir, `${id}.row.json`);
  const started = performance.now();
  const loadStart = loadavg()[0]!;
  // Its stdout joins this process's stderr: stdout is for the table only.
  const child = spawn(process.execPath, [CHILD_JS], {
    env: { ...process.env, FAULTS_SCENARIO: id, FAULTS_RUN_DIR: dir, FAULTS_ROW_FILE: rowFile, FAULTS_SCALE: String(scale), FAULTS_SEED: String(seed) },
    stdio: ['ignore', 2, 2],
  });
  running.add(child);
  // The child stops itself after its budget (+ 60 s) and cleans up (each step at most 40 s): past that it hangs.
  const hardBound = (scenario.budgetSeconds * Math.max(1, scale) + 60 + 180) * 1000;
  let cut = false;
  const timer = setTimeout(() => {
    cut = true;
    log(`${id}: its process did not end within ${(hardBound / 1000).toFixed(0)} s: stopping it`);
    child.kill('SIGTERM');
    setTimeout(() => child.kill('SIGKILL'), 60_000).unref();
  }, hardBound);
  const [code, signal] = await new Promise<[number | null, NodeJS.Signals | null]>((r) => child.once('exit', (c, s) => r([c, s])));
  clearTimeout(timer);
  running.delete(child);
  let row: Row;
  if (existsSync(rowFile)) row = JSON.parse(readFileSync(rowFile, 'utf8')) as Row;
  else {
    row = newRow(id);
    row.failures.push(`harness: the scenario's process ended (${signal ?? `exit ${code}`}) without its row`);
  }
  if (cut) row.failures.push(`harness: its process was stopped after ${(hardBound / 1000).toFixed(0)} s`);
  row.seconds ??= (performance.now() - started) / 1000;
  row.load ??= { start: loadStart, end: loadavg()[0]! };
  log(`${id}: ${passed(row) ? 'pass' : 'FAIL'} in ${row.seconds.toFixed(1)} s`);
  return row;
}

const loadAtStart = loadavg();
let loadPeak = loadAtStart[0]!;
const sampler = setInterval(() => (loadPeak = Math.max(loadPeak, loadavg()[0]!)), 5_000);
const t0 = performance.now();
log(`node ${process.version}, ${availableParallelism()} cores, scale ${scale}, seed ${seed}; load average ${loadAtStart.map((l) => l.toFixed(2)).join(', ')}; run directory ${dir}`);
log(`lanes (at the same time, each one after another): ${lanes.map((l) => l.join(' → ')).join(' | ')}`);
const rows = new Map<string, Row>();
await Promise.all(
  lanes.map(async (lane) => {
    for (const id of lane) {
      if (stopping) return;
      rows.set(id, await runScenario(id));
    }
  }),
);
clearInterval(sampler);
const seconds = (performance.now() - t0) / 1000;
const loadAtEnd = loadavg();
if (process.env.FAULTS_KEEP !== '1') rmSync(dir, { recursive: true, force: true });
else log(`logs kept in ${dir}`);

const ordered = SCENARIOS.map((s) => rows.get(s.id)).filter((r): r is Row => r !== undefined);
const fmt = (l: number[]) => l.map((x) => x.toFixed(2)).join(', ');
console.log(
  `bench:faults, ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC, node ${process.version}, ${availableParallelism()} cores, FAULTS_SCALE=${scale}, FAULTS_SEED=${seed}, ` +
    `${lanes.length === 1 ? 'one lane' : `${lanes.length} lanes`}, ${seconds.toFixed(0)} s; load average (1, 5, 15 min) ${fmt(loadAtStart)} at the start, ${fmt(loadAtEnd)} at the end, 1-min peak ${loadPeak.toFixed(2)}`,
);
console.log('');
console.log(renderTable(ordered));
const allPassed = ordered.length > 0 && ordered.every(passed);
console.log('');
console.log(allPassed ? `every scenario meets the targets, ${seconds.toFixed(0)} s in all` : `${ordered.filter((r) => !passed(r)).length} of ${ordered.length} scenarios miss the targets, ${seconds.toFixed(0)} s in all`);
process.exit(allPassed ? 0 : 1);
