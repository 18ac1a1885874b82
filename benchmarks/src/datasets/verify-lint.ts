// A lint release's numbers recomputed as its rows stream past: tools and findings into one accumulator per
// server version, then each server row compared with its recomputed numbers and rank. Memory holds a few
// numbers per server, never the tools or findings.
import type { Findings } from './compare.js';
import type { Manifest } from './manifest.js';
import { LintServerAccumulator, lintRanks, type LintServerNumbers } from './recompute.js';
import { LINT_TABLES, type LintFindingRow, type LintServerRow, type LintToolRow, type TableSpec } from './rows.js';
import { tableRows, type TableLines } from './verify-read.js';

/** What the lint tables say that the manifest must agree with (verify-manifest.ts). */
export interface LintFacts {
  /** The newest `capturedAt` of the servers (the release cannot be older). */
  newestCapture: string | null;
}

const spec = (name: string): TableSpec => LINT_TABLES.find((t) => t.name === name)!;

/** Read every table of a lint release; `counted` receives each table's line count. */
export async function verifyLintTables(manifest: Manifest, lines: TableLines, f: Findings, counted: (table: string, n: number | null) => void): Promise<LintFacts> {
  const rulesId = manifest.rules[0]?.id ?? 'v1';
  const byVersion = new Map<string, LintServerAccumulator>();
  const acc = (versionId: string) => byVersion.get(versionId) ?? byVersion.set(versionId, new LintServerAccumulator(rulesId)).get(versionId)!;
  for await (const { value } of tableRows<LintToolRow>(spec('tools'), lines, f, (n) => counted('tools', n))) acc(value.versionId).addTool(value);
  for await (const { value } of tableRows<LintFindingRow>(spec('findings'), lines, f, (n) => counted('findings', n))) acc(value.versionId).addFinding(value);

  // The server rows: their numbers now, their ranks once every score is known.
  const servers: { row: number; rank: number | null; expected: LintServerNumbers }[] = [];
  let newestCapture: string | null = null;
  for await (const { row, value: s } of tableRows<LintServerRow>(spec('servers'), lines, f, (n) => counted('servers', n))) {
    const expected = acc(s.versionId).numbers();
    const found = { score: s.score, band: s.band, toolCount: s.toolCount, critical: s.critical, required: s.required, minor: s.minor, categories: s.categories };
    f.compare('servers.jsonl', row, '', expected, found);
    servers.push({ row, rank: s.rank, expected });
    if (newestCapture === null || s.capturedAt > newestCapture) newestCapture = s.capturedAt;
  }
  const ranks = lintRanks(servers.map((s) => s.expected.score));
  servers.forEach((s, i) => f.compare('servers.jsonl', s.row, 'rank', ranks[i], s.rank));
  return { newestCapture };
}
