// What the board's search and the MCP tool find_servers put first, for a list of queries, on a database
// with the catalogue seeded (issue 27): the board page a query opens (the API's default sort for a query)
// and find_servers' order, top N each, as package names; with a held-out file of judged queries
// (docs/search/relevance-heldout.json) also precision at N and the rank of the first relevant server.
//
//   node server/scripts/search-relevance.mjs --database-url postgres://…/<seeded db> [--db-module <path to @toolmark/db's dist/index.js>]
//       [--sort score|relevance] [--top 5] [--heldout docs/search/relevance-heldout.json] [query …]
//   --db-module runs another build of the repository code (a copy of db/dist made before a change, for a before/after).
import process from 'node:process';
import { readFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { LATEST_RULES, parseSearchQuery, ruleSets } from '@toolmark/benchmarks';

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    'database-url': { type: 'string' },
    'db-module': { type: 'string' },
    sort: { type: 'string' },
    top: { type: 'string', default: '5' },
    heldout: { type: 'string' },
  },
});
if (!values['database-url']) throw new Error('--database-url is required');
const dbm = values['db-module'] ? await import(pathToFileURL(values['db-module']).href) : await import('@toolmark/db');
const top = Number(values.top);
const { db, sql } = dbm.connect(values['database-url'], 2);
const rules = ruleSets[LATEST_RULES];
const judged = values.heldout ? /** @type {{ queries: { q: string, relevant: string[] }[] }} */ (JSON.parse(readFileSync(values.heldout, 'utf8'))).queries : positionals.map((q) => ({ q, relevant: null }));
const sort = values.sort ?? (dbm.BOARD_SORTS.includes('relevance') ? 'relevance' : 'score');
/** @param {string[]} found @param {string[] | null} relevant */
const measure = (found, relevant) => {
  if (!relevant) return '';
  const hits = found.slice(0, top).filter((p) => relevant.includes(p)).length;
  const first = found.findIndex((p) => relevant.includes(p));
  return `  P@${top} ${hits}/${top}, first relevant at ${first < 0 ? '—' : first + 1}`;
};
for (const { q, relevant } of judged) {
  const board = await dbm.leaderboard(db, { rulesId: rules.id, rulesHash: rules.hash, search: q, sort, order: 'desc', limit: 10, offset: 0 });
  const boardPkgs = board.items.map((/** @type {any} */ i) => (i.package?.sourcePackage ?? i.slug).replace(/@[^@/]*$/, ""));
  const found = await dbm.findServersByText(db, { rulesId: rules.id, rulesHash: rules.hash, query: parseSearchQuery(q), limit: 10 });
  const foundPkgs = found.servers.map((/** @type {any} */ s) => (s.sourcePackage ?? s.slug).replace(/@[^@/]*$/, ""));
  process.stdout.write(`${JSON.stringify(q)} (${board.total} on the board)\n`);
  process.stdout.write(`  board (sort ${sort}):  ${boardPkgs.slice(0, top).join(', ')}${measure(boardPkgs, relevant)}\n`);
  process.stdout.write(`  find_servers:  ${foundPkgs.slice(0, top).join(', ')}${measure(foundPkgs, relevant)}\n`);
}
await sql.end();
