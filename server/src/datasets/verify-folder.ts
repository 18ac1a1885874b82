// `toolmark datasets verify` on a release folder: the core's checks (verify.ts) fed with streams — each
// JSONL table read line by line as the core consumes it, each file hashed as a stream — then every CSV and
// Parquet file decoded and compared with its JSONL row by row (read-formats.ts), and any file the manifest
// does not list refused. Memory holds rows one at a time (a Parquet row group at most), whatever the size.
import { existsSync } from 'node:fs';
import { readFile, readdir, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { listDistractorSets } from '@toolmark/distractors';
import { Findings, ManifestSchema, ToolmarkError, reportOf, tableFile, verifyInto, type FrozenDistractorSet, type Manifest, type VerifyContext, type VerifyReport } from '@toolmark/benchmarks';
import { fileFacts } from './file-facts.js';
import { compareFormats, fileLines } from './read-formats.js';
import { SIGNATURE_FILE, signatureProblem, type KeySet } from './signing.js';

/** A release that cannot be read at all (its manifest is not JSON): exit 2, like an unreachable one. */
export class UnreadableRelease extends ToolmarkError<'unreadable_manifest', { path: string }> {
  override readonly name = 'UnreadableRelease';
}

/** The card and the citation are read whole: larger is not one of ours. */
const MAX_TEXT_BYTES = 1 << 20;

/** The frozen distractor sets this code ships, by name (what an evaluation release's sets must match). */
export function frozenDistractorSets(): Map<string, FrozenDistractorSet> {
  return new Map(listDistractorSets().flatMap((s) => (s.status === 'available' ? [[s.name, { hash: `sha256:${s.sha256}`, toolCount: s.toolCount }] as const] : [])));
}

/** What verify knows besides a release when it reads a folder: now and the frozen distractor sets (plus what the caller adds, such as the instance's manifest). */
export const folderContext = (extra: VerifyContext = {}): VerifyContext => ({ now: new Date().toISOString(), distractorSets: frozenDistractorSets(), ...extra });

/** Verify the release in a folder: its signature against these public keys, and the rest against what `context` knows (by default: now and the frozen distractor sets). */
export async function verifyFolder(dir: string, keys: KeySet, opts: { context?: VerifyContext } = {}): Promise<VerifyReport> {
  const f = new Findings();
  const manifest = await verifyFolderInto(dir, keys, f, opts.context ?? folderContext());
  return reportOf(manifest?.id ?? null, f);
}

/** {@link verifyFolder} into findings the caller goes on adding to (the live boards); the manifest, or null when it is not one. */
export async function verifyFolderInto(dir: string, keys: KeySet, f: Findings, context: VerifyContext): Promise<Manifest | null> {
  const manifestBytes = await readFile(join(dir, 'manifest.json'));
  const manifestText = manifestBytes.toString('utf8');
  try {
    JSON.parse(manifestText);
  } catch (e) {
    throw new UnreadableRelease('unreadable_manifest', `${join(dir, 'manifest.json')} is not JSON: ${(e as Error).message}`, { path: join(dir, 'manifest.json') });
  }
  const signature = await readFile(join(dir, SIGNATURE_FILE), 'utf8').catch(() => null);
  const parsed = ManifestSchema.safeParse(JSON.parse(manifestText));
  const listed = new Set(parsed.success ? parsed.data.files.map((x) => x.path) : []);
  // Only files the manifest lists are read; a listed file that is missing reads as absent.
  const present = (name: string) => listed.has(name) && existsSync(join(dir, name));
  const manifest = await verifyInto(
    {
      manifestText,
      signatureProblem: signatureProblem(manifestBytes, signature, keys),
      fileFacts: (p) => (present(p) ? fileFacts(join(dir, p)) : Promise.resolve(null)),
      lines: (table) => (present(tableFile(table, 'jsonl')) ? fileLines(join(dir, tableFile(table, 'jsonl'))) : null),
      text: async (p) => (present(p) && (await stat(join(dir, p))).size <= MAX_TEXT_BYTES ? readFile(join(dir, p), 'utf8') : null),
      context,
    },
    f,
  );
  if (manifest === null) return null;
  // Files the manifest does not list are refused (only the manifest and its signature stand beside them).
  const allowed = new Set([...listed, 'manifest.json', SIGNATURE_FILE]);
  for (const name of (await readdir(dir)).filter((x) => !allowed.has(x)).sort()) f.check(false, { file: name, row: null, field: 'file', expected: 'absent (not listed in the manifest)', found: 'present' });
  await compareFormats(dir, manifest, f);
  return manifest;
}

/** Release folders under `dir`: itself when it holds a manifest, else its sub-folders that do. */
export async function releaseFolders(dir: string): Promise<string[]> {
  if (await stat(join(dir, 'manifest.json')).then(() => true, () => false)) return [dir];
  const out: string[] = [];
  for (const e of await readdir(dir, { withFileTypes: true })) {
    if (e.isDirectory() && !e.name.startsWith('.') && (await stat(join(dir, e.name, 'manifest.json')).then(() => true, () => false))) out.push(join(dir, e.name));
  }
  return out.sort();
}
