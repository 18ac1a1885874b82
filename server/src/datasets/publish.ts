// The end of every build: card, citation, manifest and its signature written beside the tables, then the folder renamed
// into place and the release flipped to published in one statement. Until that statement nothing of the
// build is visible; a build identical to the latest release of its key is dropped instead.
import { mkdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { dropRelease, latestRelease, publishRelease, type Database } from '@toolmark/db';
import { tablesOf, type Manifest, type ManifestFile } from '@toolmark/benchmarks';
import { citationFile, datasetCard } from './card.js';
import { fileFacts } from './file-facts.js';
import { SIGNATURE_FILE, signatureFile, type SigningKey } from './signing.js';
import type { WrittenTable } from './table-writer.js';

/** What a build of one kind and key ended in. */
export interface BuildOutcome {
  kind: string;
  key: string;
  releaseId: string;
  status: 'published' | 'unchanged' | 'failed';
  rows: Record<string, number>;
}

/** The folder a build writes into before it is published. */
export const buildingDir = (root: string, releaseId: string): string => join(root, '.building', releaseId);

/** Remove what killed builds of these release ids left (their building folder, and a folder renamed into place but never published). */
export async function removeStale(root: string, releaseIds: readonly string[]): Promise<void> {
  for (const id of releaseIds) {
    await rm(buildingDir(root, id), { recursive: true, force: true });
    await rm(join(root, id), { recursive: true, force: true });
  }
}

/** Card, citation, file facts and manifest; then publish (or drop, when the tables equal the latest release's). */
export async function finishRelease(
  db: Database,
  root: string,
  reserved: { id: string; releaseId: string },
  base: Omit<Manifest, 'files' | 'rows'>,
  tables: WrittenTable[],
  opts: { siteUrl: string; now: () => Date; signer: SigningKey; serverIds: ReadonlySet<string> },
): Promise<BuildOutcome> {
  const dir = buildingDir(root, reserved.releaseId);
  const rows = Object.fromEntries(tables.map((t) => [t.table, t.rows]));
  const files: ManifestFile[] = [];
  for (const t of tables) for (const f of t.files) files.push({ path: f.path, table: t.table, format: f.format, rows: t.rows, ...(await fileFacts(join(dir, f.path))) });
  const outcome = { kind: base.kind, key: base.key, releaseId: reserved.releaseId, rows };

  const latest = await latestRelease(db, base.kind, base.key);
  const latestFiles = (latest?.manifest as Manifest | undefined)?.files ?? [];
  // A latest release published before manifests were signed is replaced by a signed one.
  const signed = latest !== undefined && (await stat(join(root, latest.releaseId, SIGNATURE_FILE)).then(() => true, () => false));
  // So is one of an older schema version (untyped Parquet, fewer tables) or another CSV form, whatever its rows.
  const latestManifest = latest?.manifest as Manifest | undefined;
  const sameForm = latestManifest?.schemaVersion === base.schemaVersion && (latestManifest.csv?.bom ?? false) === (base.csv?.bom ?? false);
  const sameTables = latest !== undefined && signed && sameForm && tablesOf(base.kind, base.schemaVersion).every((t) => {
    const a = files.find((f) => f.path === `${t.name}.jsonl`);
    const b = latestFiles.find((f) => f.path === `${t.name}.jsonl`);
    return a !== undefined && b !== undefined && a.sha256 === b.sha256;
  });
  if (sameTables) {
    await dropRelease(db, reserved.id);
    await rm(dir, { recursive: true, force: true });
    return { ...outcome, releaseId: latest.releaseId, status: 'unchanged' };
  }

  const draft: Manifest = { ...base, rows, files };
  await writeFile(join(dir, 'README.md'), datasetCard(draft, { siteUrl: opts.siteUrl, signer: opts.signer }));
  await writeFile(join(dir, 'CITATION.cff'), citationFile(draft, opts));
  for (const [path, format] of [['README.md', 'markdown'], ['CITATION.cff', 'cff']] as const) files.push({ path, table: null, format, rows: null, ...(await fileFacts(join(dir, path))) });
  const manifest: Manifest = { ...draft, files };
  await writeFile(join(dir, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`);
  await writeFile(join(dir, SIGNATURE_FILE), signatureFile(await readFile(join(dir, 'manifest.json')), opts.signer));
  const bytes = files.reduce((s, f) => s + f.bytes, 0);

  const final = join(root, reserved.releaseId);
  await rm(final, { recursive: true, force: true });
  await rename(dir, final);
  if (!(await publishRelease(db, reserved.id, manifest, bytes, opts.now(), [...opts.serverIds].sort()))) {
    await rm(final, { recursive: true, force: true });
    return { ...outcome, status: 'failed' };
  }
  return { ...outcome, status: 'published' };
}

/** mkdir that is fine when the folder exists (one level: a recursive mkdir reports ENOENT, not EROFS, on a read-only disk). */
const mkdirOne = (dir: string) => mkdir(dir).catch((e: NodeJS.ErrnoException) => (e.code === 'EEXIST' ? undefined : Promise.reject(e)));

/** Make the building folder of a release (empty). */
export async function freshBuildingDir(root: string, releaseId: string): Promise<string> {
  const dir = buildingDir(root, releaseId);
  await rm(dir, { recursive: true, force: true });
  await mkdir(root, { recursive: true });
  await mkdirOne(join(root, '.building'));
  await mkdirOne(dir);
  return dir;
}
