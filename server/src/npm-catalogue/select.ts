// `node server/dist/npm-catalogue/select.js <npm.tsv> [count]`: choose the catalogue's candidate packages from a
// list of npm packages (tab-separated: name, version, downloads a month, summary; the list this machine
// ships, made on one day), most-downloaded first. No registry is asked for names: the list is read as is.
// Writes catalogue/candidates.json; the capture (`catalogue:capture`) then works through it.
import { readFileSync, writeFileSync } from 'node:fs';
import process from 'node:process';
import { CANDIDATES_FILE } from './files.js';

/** A package looks like an MCP server by its name or its summary. */
const SERVER_NAME = /(^|[-/@_.])mcp($|[-_.])|mcp-?server|server-mcp|^@modelcontextprotocol\/server-/i;
const SERVER_SUMMARY = /\b(mcp|model context protocol)\b[^.]*\bserver\b|\bserver\b[^.]*\b(mcp|model context protocol)\b/i;
/** Libraries, SDKs, clients, proxies and platform builds: not a server to start. */
const NOT_A_SERVER_NAME = /(^|[-/])(sdk|framework|adapters?|client|transport|middleware|types|polyfill|inspector(-\w+)?|proxy|instrumentation|utils|schema|provider(-[\w-]+)?|plugin|evals?|tunnel|remote|gateway|hono|nest|session|core|toolkit|handler|runtime|ui)($|[-/])|-(linux|win32|darwin)-|^tmcp$|^@tmcp\/|^fastmcp$|^mcp-use$|^xmcp$/i;
const NOT_A_SERVER_SUMMARY = /\b(sdk|framework for|library for|adapter|polyfill|middleware|type definitions|for building|instrumentation|analytics sdk|client library|internal use only)\b/i;

export interface Candidate {
  name: string;
  /** Downloads a month in the package list the candidates were chosen from (its day, not the registry's now). */
  listDownloadsMonth: number;
}

export function selectCandidates(tsv: string, count: number): Candidate[] {
  const rows = tsv.split('\n').slice(1);
  const out: Candidate[] = [];
  for (const row of rows) {
    const [name = '', , downloads = '0', summary = ''] = row.split('\t');
    if (name === '' || !(SERVER_NAME.test(name) || SERVER_SUMMARY.test(summary))) continue;
    if (NOT_A_SERVER_NAME.test(name) || (NOT_A_SERVER_SUMMARY.test(summary) && !/mcp server/i.test(summary))) continue;
    out.push({ name, listDownloadsMonth: Number(downloads) || 0 });
  }
  out.sort((a, b) => b.listDownloadsMonth - a.listDownloadsMonth || a.name.localeCompare(b.name));
  return out.slice(0, count);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const [file, count = '320'] = process.argv.slice(2);
  if (file === undefined) {
    process.stderr.write('usage: select.js <npm.tsv> [count]\n');
    process.exit(2);
  }
  const candidates = selectCandidates(readFileSync(file, 'utf8'), Number(count));
  writeFileSync(CANDIDATES_FILE, `${JSON.stringify({ source: 'the npm package list of the build machine (name, version, downloads a month, summary), filtered by server/src/npm-catalogue/select.ts', candidates }, null, 2)}\n`);
  process.stdout.write(`${candidates.length} candidates -> ${CANDIDATES_FILE}\n`);
}
