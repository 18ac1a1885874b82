#!/usr/bin/env node
// The README's test command (`npm test`), in phases, each timed, with the per-phase times printed at the end:
//   build → checks (eslint, type checks of tests and of the site, distractor hashes: independent, run side
//   by side) → vitest → Playwright e2e.
// A failed phase stops the run after the phases running beside it finish (as `a && b` would, but with
// every result printed); the exit code is 1 then. `--skip-build` leaves out the build when the caller has
// just built this tree (.ci/run: `npm ci` runs the `prepare` build). Output of side-by-side phases is held
// and printed whole, one phase after the other, so their lines never interleave.
import { spawn } from 'node:child_process';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { loadavg } from 'node:os';
import { Buffer } from 'node:buffer';
import console from 'node:console';
import process from 'node:process';

const REPORT = '.toolmark/vitest-report.json';

const skipBuild = process.argv.includes('--skip-build');

/** Each group's phases run side by side; groups run one after the other. */
const groups = [
  skipBuild ? [] : [{ name: 'build', cmd: 'npm run build' }],
  [
    { name: 'eslint', cmd: 'npm run lint' },
    { name: 'typecheck:tests', cmd: 'npm run typecheck:tests' },
    { name: 'typecheck:web', cmd: 'npm run typecheck:web' },
    { name: 'distractors:check', cmd: 'npm run distractors:check' },
  ],
  // The JSON report (also in a run by hand) gives each file's time, printed below.
  [{ name: 'vitest', cmd: `npx vitest run --reporter=default --reporter=json --outputFile.json=${REPORT}` }],
  [{ name: 'e2e', cmd: 'npm run test:e2e' }],
].filter((g) => g.length > 0);

const times = [];
const started = Date.now();

/** Run one phase; its output is streamed when it runs alone, held and printed whole when beside others. */
function run(phase, alone) {
  return new Promise((done) => {
    const t0 = Date.now();
    const child = spawn(phase.cmd, { shell: true, stdio: alone ? 'inherit' : ['ignore', 'pipe', 'pipe'], env: process.env });
    const held = [];
    if (!alone) {
      child.stdout.on('data', (b) => held.push(b));
      child.stderr.on('data', (b) => held.push(b));
    }
    child.on('close', (code, signal) => {
      const seconds = (Date.now() - t0) / 1000;
      if (!alone) {
        process.stdout.write(`\n── ${phase.name} (${phase.cmd}) ──\n`);
        process.stdout.write(Buffer.concat(held));
      }
      done({ name: phase.name, seconds, ok: code === 0, code: code ?? signal });
    });
  });
}

const load = () => loadavg().map((l) => l.toFixed(1)).join(' ');
console.log(`test: ${groups.map((g) => g.map((p) => p.name).join(' + ')).join(' → ')} (load ${load()})`);
let failed = false;
for (const group of groups) {
  const t0 = Date.now();
  const results = await Promise.all(group.map((p) => run(p, group.length === 1)));
  times.push({ results, wall: (Date.now() - t0) / 1000 });
  if (results.some((r) => !r.ok)) {
    failed = true;
    break;
  }
}

// Where vitest's time went: the slowest files of this run (wall time each, files run side by side).
if (existsSync(REPORT) && statSync(REPORT).mtimeMs >= started) {
  const report = JSON.parse(readFileSync(REPORT, 'utf8'));
  const files = report.testResults.map((f) => ({ seconds: (f.endTime - f.startTime) / 1000, name: f.name.replace(`${process.cwd()}/`, ''), tests: f.assertionResults.length }));
  files.sort((a, b) => b.seconds - a.seconds);
  console.log(`\nSlowest vitest files (of ${files.length}; seconds, tests):`);
  for (const f of files.slice(0, 15)) console.log(`  ${f.seconds.toFixed(1).padStart(6)}  ${String(f.tests).padStart(3)}  ${f.name}`);
}

const fmt = (s) => `${Math.floor(s / 60)}:${String(Math.round(s % 60)).padStart(2, '0')}`;
console.log(`\nTest time by phase (load ${load()} at the end):`);
for (const { results, wall } of times) {
  for (const r of results) console.log(`  ${r.name.padEnd(18)} ${fmt(r.seconds).padStart(6)}  ${r.ok ? 'ok' : `FAILED (${r.code})`}`);
  if (results.length > 1) console.log(`  ${'  (side by side)'.padEnd(18)} ${fmt(wall).padStart(6)}  wall`);
}
console.log(`  ${'total'.padEnd(18)} ${fmt((Date.now() - started) / 1000).padStart(6)}`);
process.exit(failed ? 1 : 0);
