#!/usr/bin/env node
// Refresh scripts/test-durations.json (the seconds of each vitest file, read by vitest.sequencer.ts to start
// the longest files first in a fresh clone) from a full run's JSON report: `npm test` writes
// .toolmark/vitest-report.json; `node scripts/test-durations.mjs [report]` then rewrites the table.
import { readFileSync, writeFileSync } from 'node:fs';
import { relative } from 'node:path';
import process from 'node:process';
import console from 'node:console';

const report = JSON.parse(readFileSync(process.argv[2] ?? '.toolmark/vitest-report.json', 'utf8'));
const root = process.cwd();
const seconds = Object.fromEntries(
  report.testResults
    .map((f) => [relative(root, f.name), Math.round((f.endTime - f.startTime) / 100) / 10])
    .sort((a, b) => b[1] - a[1]),
);
const table = { note: 'Seconds per vitest file of a full run (2 workers); vitest.sequencer.ts starts the longest first. Refresh: node scripts/test-durations.mjs after npm test.', seconds };
writeFileSync('scripts/test-durations.json', `${JSON.stringify(table, null, 1)}\n`);
console.log(`scripts/test-durations.json: ${Object.keys(seconds).length} files`);
