// A lint release: every public server on the board of one rules version, its tools and findings, streamed
// from one database snapshot in batches into the three formats.
import { publicBoardBatches, publicBoardScores, readSnapshot, reserveRelease, type Database } from '@toolmark/db';
import { CURRENT_SCHEMA_VERSION, LINT_TABLES, lintRanks, releaseId, type LintFindingRow, type LintServerRow, type LintToolRow, type Manifest } from '@toolmark/benchmarks';
import { finishRelease, freshBuildingDir, removeStale, type BuildOutcome } from './publish.js';
import type { SigningKey } from './signing.js';
import { TableWriter, writingWith } from './table-writer.js';

/** What a build needs. */
export interface BuildDeps {
  db: Database;
  /** The datasets folder (published releases and `.building/`). */
  root: string;
  license: string;
  siteUrl: string;
  codeVersion: string;
  now: () => Date;
  /** The instance's key every manifest is signed with (signing.ts). */
  signer: SigningKey;
  /** When CSV files start with a UTF-8 byte order mark: `auto` (default) those of a Japanese-language release, `always`, `never`. */
  csvBom?: CsvBomPolicy;
  /** Called between batches (tests stop a build there; the job's worker may be killed anywhere). */
  onBatch?: (table: string, rows: number) => Promise<void> | void;
}

/** When a release's CSV files start with a UTF-8 byte order mark (Excel reads UTF-8 without one as the local code page). */
export type CsvBomPolicy = 'auto' | 'always' | 'never';

/** Whether a release in `language` (null: several, a lint release) gets a BOM on its CSV files. */
export const csvBomFor = (policy: CsvBomPolicy | undefined, language: string | null): boolean => (policy ?? 'auto') === 'always' || ((policy ?? 'auto') === 'auto' && language === 'ja');

/** The key of a lint release: its rules id and hash. */
export const lintKey = (rules: { id: string; hash: string }): string => `${rules.id}:${rules.hash}`;

/** Build (and publish unless unchanged) the lint release of one rules version. */
export async function buildLintRelease(deps: BuildDeps, rules: { id: string; hash: string }): Promise<BuildOutcome> {
  const key = lintKey(rules);
  const reserved = await reserveRelease(deps.db, 'lint', key, (v) => releaseId('lint', `${rules.id}-${rules.hash.replace(/^sha256:/, '').slice(0, 12)}`, v));
  await removeStale(deps.root, reserved.stale);
  const dir = await freshBuildingDir(deps.root, reserved.releaseId);
  const [serversSpec, toolsSpec, findingsSpec] = LINT_TABLES as [typeof LINT_TABLES[0], typeof LINT_TABLES[0], typeof LINT_TABLES[0]];
  const csv = { csvBom: csvBomFor(deps.csvBom, null) };
  const writers = { servers: new TableWriter(dir, serversSpec, undefined, csv), tools: new TableWriter(dir, toolsSpec, undefined, csv), findings: new TableWriter(dir, findingsSpec, undefined, csv) };
  const serverIds = new Set<string>();
  const tables = await writingWith(writers, async () => {
    await readSnapshot(deps.db, async (tx) => {
      const ranks = lintRanks(await publicBoardScores(tx, rules.id, rules.hash));
      let position = 0;
      for await (const batch of publicBoardBatches(tx, rules.id, rules.hash)) {
        const servers: LintServerRow[] = [];
        const tools: LintToolRow[] = [];
        const findings: LintFindingRow[] = [];
        for (const b of batch) {
          serverIds.add(b.serverId);
          servers.push({
            rank: ranks[position++] ?? null,
            serverId: b.serverId,
            slug: b.slug,
            name: b.name,
            source: b.source,
            versionId: b.versionId,
            versionSeq: b.versionSeq,
            surfaceHash: b.surfaceHash,
            capturedAt: b.capturedAt.toISOString(),
            score: b.score,
            band: b.band as LintServerRow['band'],
            toolCount: b.toolCount,
            critical: b.critical,
            required: b.required,
            minor: b.minor,
            tokens: b.tokens,
            categories: b.categories,
          });
          const ids = { serverId: b.serverId, versionId: b.versionId };
          for (const f of b.result.findings) findings.push({ ...ids, tool: f.tool ?? null, code: f.code, severity: f.severity, message: f.message, fields: f.fields });
          for (const t of b.result.tools) {
            tools.push({ ...ids, tool: t.name, toolHash: t.hash, score: t.score, band: t.band, tokens: t.tokens, language: t.language, categories: Object.fromEntries(Object.entries(t.categories).map(([k, c]) => [k, { points: c.points, max: c.max }])) });
            for (const f of t.findings) findings.push({ ...ids, tool: t.name, code: f.code, severity: f.severity, message: f.message, fields: f.fields });
          }
        }
        await writers.servers.write(servers);
        await writers.tools.write(tools);
        await writers.findings.write(findings);
        await deps.onBatch?.('servers', position);
      }
    });
    return [await writers.servers.close(), await writers.tools.close(), await writers.findings.close()];
  });
  const base: Omit<Manifest, 'files' | 'rows'> = {
    schemaVersion: CURRENT_SCHEMA_VERSION,
    csv: { bom: csv.csvBom },
    kind: 'lint',
    key,
    version: reserved.version,
    id: reserved.releaseId,
    createdAt: deps.now().toISOString(),
    codeVersion: deps.codeVersion,
    license: deps.license,
    rules: [{ id: rules.id, hash: rules.hash }],
    distractorSets: [],
    models: [],
    settings: null,
    seeds: [],
    validity: null,
  };
  return finishRelease(deps.db, deps.root, reserved, base, tables, { siteUrl: deps.siteUrl, now: deps.now, signer: deps.signer, serverIds });
}
