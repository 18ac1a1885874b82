// npm run bench:faults — the fault-injection suite of issue 10 §6 against the real service
// (`server/dist/start.js` as a child process), the machine's PostgreSQL (a throwaway database per
// scenario) and the embedded PostgreSQL. One scenario per file in this folder; each fills one row of the
// table printed on stdout (markdown), progress goes to stderr. Exit code 0 when every row meets the
// targets, 1 otherwise. Knobs: FAULTS_ONLY=fuzz,slow-bodies (ids), FAULTS_SCALE=0.1 (counts and
// durations), FAULTS_SEED (generators), FAULTS_KEEP=1 (keep the run's logs under /tmp), and
// FAULTS_REQUEST_TIMEOUT_S (instead of the service's own request timeout, for slow-bodies).
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { newRow, passed, renderTable, type Context, type Row, type Scenario } from './lib.js';
import concurrentSaves from './concurrent-saves.js';
import databaseOutage from './database-outage.js';
import fuzz from './fuzz.js';
import killEmbeddedPostgres from './kill-embedded-postgres.js';
import mcp from './mcp.js';
import scopeMatrix from './scope-matrix.js';
import slowBodies from './slow-bodies.js';
import terminateConnections from './terminate-connections.js';
import workerKilled from './worker-killed.js';

const SCENARIOS: Scenario[] = [fuzz, mcp, scopeMatrix, concurrentSaves, terminateConnections, databaseOutage, killEmbeddedPostgres, workerKilled, slowBodies];

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
const chosen = only.length ? SCENARIOS.filter((s) => only.includes(s.id)) : SCENARIOS;

const dir = mkdtempSync(join(tmpdir(), 'toolmark-faults-'));
chmodSync(dir, 0o755); // the embedded cluster's data lives below, and as root it runs as the postgres user
const log = (message: string) => process.stderr.write(`[faults ${new Date().toISOString().slice(11, 19)}] ${message}\n`);

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
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    log(`${signal}: cleaning up`);
    void cleanUp().finally(() => {
      if (process.env.FAULTS_KEEP !== '1') rmSync(dir, { recursive: true, force: true });
      process.exit(130);
    });
  });
}

// The harness uses postgres.js too: an error it fails to catch must cost the current row, not the table.
let current: Row | undefined;
process.on('uncaughtException', (error) => {
  log(`uncaught in the harness: ${error.stack ?? error.message}`);
  current?.failures.push(`harness: uncaught ${error.message.slice(0, 200)}`);
});

const rows: Row[] = [];
const t0 = performance.now();
log(`node ${process.version}, ${availableParallelism()} cores, scale ${scale}, seed ${seed}; run directory ${dir}`);
for (const scenario of chosen) {
  const row = newRow(scenario.id);
  current = row;
  const ctx: Context = { scale, seed, dir, log: (m) => log(`${scenario.id}: ${m}`), note: (m) => row.notes.push(m), fail: (m) => row.failures.push(m), defer: (fn) => pending.push(fn) };
  const budget = (scenario.budgetSeconds * Math.max(1, scale) + 60) * 1000;
  const started = performance.now();
  log(`${scenario.id}: ${scenario.what}`);
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
    await cleanUp();
  }
  rows.push(row);
  log(`${scenario.id}: ${passed(row) ? 'pass' : 'FAIL'} in ${((performance.now() - started) / 1000).toFixed(1)} s`);
}
if (process.env.FAULTS_KEEP !== '1') rmSync(dir, { recursive: true, force: true });
else log(`logs kept in ${dir}`);

console.log(`bench:faults, ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC, node ${process.version}, ${availableParallelism()} cores, FAULTS_SCALE=${scale}, FAULTS_SEED=${seed}, ${((performance.now() - t0) / 1000).toFixed(0)} s`);
console.log('');
console.log(renderTable(rows));
const allPassed = rows.every(passed);
console.log('');
console.log(allPassed ? 'every scenario meets the targets' : `${rows.filter((r) => !passed(r)).length} of ${rows.length} scenarios miss the targets`);
// Exit explicitly: a scenario cut by its budget may leave a timer or socket behind.
process.exit(allPassed ? 0 : 1);
