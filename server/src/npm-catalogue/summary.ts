// `node server/dist/npm-catalogue/summary.js`: the catalogue's counts as Markdown (captured, needing
// credentials, failed, by reason), for catalogue/README.md and a refresh's report.
import process from 'node:process';
import { loadCatalogue } from './load.js';

const entries = loadCatalogue().map((l) => l.entry);
const by = new Map<string, number>();
for (const e of entries) {
  const key = e.status === 'captured' ? 'captured' : `${e.status} (${e.failure?.code ?? '?'})`;
  by.set(key, (by.get(key) ?? 0) + 1);
}
const tools = entries.reduce((n, e) => n + (e.capture?.toolCount ?? 0), 0);
const dummies = entries.filter((e) => e.status === 'captured' && Object.keys(e.env).length > 0).length;
const lines = [
  `${entries.length} packages tried; ${by.get('captured') ?? 0} captured (${tools} tools; ${dummies} with dummy variables)`,
  '',
  '| status (reason) | packages |',
  '|---|---|',
  ...[...by.entries()].sort((a, b) => b[1] - a[1]).map(([k, n]) => `| ${k} | ${n} |`),
];
process.stdout.write(`${lines.join('\n')}\n`);
