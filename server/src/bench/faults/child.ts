// One fault scenario in a process of its own, started by run.ts: FAULTS_SCENARIO (its id), FAULTS_RUN_DIR (the
// run's folder; this scenario's logs and data go in a folder below it), FAULTS_ROW_FILE (where its row is
// written as JSON at the end), FAULTS_SCALE and FAULTS_SEED as run.ts read them. Progress goes to stderr.
// Its own process: its clients' timings are measured on a loop no other scenario's work delays, an error
// its harness code fails to catch is charged to its row, and its clean-up is its own.
import { chmodSync, mkdtempSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { newRow, type Context, type Row } from './lib.js';
import { SCENARIOS } from './scenarios.js';

const id = process.env.FAULTS_SCENARIO ?? '';
const scenario = SCENARIOS.find((s) => s.id === id);
const runDir = process.env.FAULTS_RUN_DIR;
const rowFile = process.env.FAULTS_ROW_FILE;
if (!scenario || !runDir || !rowFile) {
  console.error('bench:faults child: FAULTS_SCENARIO (a known id), FAULTS_RUN_DIR and FAULTS_ROW_FILE are set by run.js; run that instead');
  process.exit(2);
}
const scale = Number(process.env.FAULTS_SCALE ?? 1);
const seed = Number(process.env.FAULTS_SEED ?? 1);

const dir = mkdtempSync(join(runDir, `${id}-`));
chmodSync(dir, 0o755); // the embedded cluster's data lives below, and as root it runs as the postgres user
const log = (message: string) => process.stderr.write(`[faults ${new Date().toISOString().slice(11, 19)}] ${id}: ${message}\n`);

let pending: (() => Promise<void> | void)[] = [];
async function cleanUp(): Promise<void> {
  const fns = pending.reverse();
  pending = [];
  for (const fn of fns) {
    try {
      await Promise.race([Promise.resolve().then(fn), new Promise((_r, reject) => setTimeout(() => reject(new Error('clean-up took over 40 s')), 40_000).unref())]);
    } catch (error) {
      log(`clean-up: ${(error as Error).message}`);
    }
  }
}

const row: Row = newRow(id);
const write = () => writeFileSync(rowFile, JSON.stringify(row));
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    log(`${signal}: cleaning up`);
    row.failures.push(`harness: stopped by ${signal}`);
    void cleanUp().finally(() => {
      write();
      process.exit(130);
    });
  });
}
// The harness uses postgres.js too: an error it fails to catch must cost this row, not the run.
process.on('uncaughtException', (error) => {
  log(`uncaught in the harness: ${error.stack ?? error.message}`);
  row.failures.push(`harness: uncaught ${error.message.slice(0, 200)}`);
});

const ctx: Context = { scale, seed, dir, log, note: (m) => row.notes.push(m), fail: (m) => row.failures.push(m), defer: (fn) => pending.push(fn) };
const budget = (scenario.budgetSeconds * Math.max(1, scale) + 60) * 1000;
const started = performance.now();
row.load = { start: loadavg()[0]!, end: 0 };
log(scenario.what);
let timer: NodeJS.Timeout | undefined;
try {
  await Promise.race([
    scenario.run(ctx, row),
    new Promise((_r, reject) => (timer = setTimeout(() => reject(new Error(`did not finish within ${(budget / 1000).toFixed(0)} s`)), budget))),
  ]);
} catch (error) {
  row.failures.push(`harness: ${(error as Error).message.split('\n')[0]!.slice(0, 300)}`);
} finally {
  clearTimeout(timer);
}
const ran = performance.now();
await cleanUp();
row.seconds = (performance.now() - started) / 1000;
row.load.end = loadavg()[0]!;
log(`done in ${row.seconds.toFixed(1)} s (the scenario ${((ran - started) / 1000).toFixed(1)} s, clean-up ${((performance.now() - ran) / 1000).toFixed(1)} s)`);
write();
// Exit explicitly: a scenario cut by its budget may leave a timer or socket behind.
process.exit(0);
