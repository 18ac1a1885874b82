// `verify`: a release checked against itself, its signature and what the verifier knows. Every file the
// manifest names is there with its size and sha256, every JSONL row has its table's shape, the row counts
// match, every leaderboard number (and the validity table) recomputed from the rows equals the published
// one, and every manifest field agrees with the files and the instance (verify-manifest.ts). The rows
// stream: the adapter hands each table's lines as an async iterable and nothing holds a whole table, so
// memory does not grow with the trials. The adapter reads the files; this is pure.
import { Findings, type Difference } from './compare.js';
import { ManifestSchema, tableFile, type Manifest } from './manifest.js';
import { verifyEvaluationTables, type EvaluationFacts } from './verify-evaluation.js';
import { verifyLintTables, type LintFacts } from './verify-lint.js';
import { checkManifest, type VerifyContext } from './verify-manifest.js';
import { tableRows, type TableLines } from './verify-read.js';
import { tablesOf } from './rows.js';

export { MAX_DIFFERENCES } from './compare.js';

/** A file's size and sha256. */
export interface FileFacts {
  bytes: number;
  sha256: string;
}

/** What the adapter reads of a release, on demand. */
export interface ReleaseSource {
  manifestText: string;
  /** What the adapter found checking `manifest.json.sig` against the keys: null when it is a valid signature, else why not (unsigned, unknown key, mismatch). */
  signatureProblem: string | null;
  /** A named file's size and sha256 (null: absent). */
  fileFacts: (path: string) => Promise<FileFacts | null>;
  /** A table's JSONL lines (non-empty ones), read as they are consumed; null when absent or unreadable. */
  lines: TableLines;
  /** A small text file of the release (README.md, CITATION.cff); null when absent. */
  text: (path: string) => Promise<string | null>;
  /** What the verifier knows besides the release. */
  context?: VerifyContext;
}

/** The outcome of verify: whether everything matched, how many numbers were compared, and what differs. */
export interface VerifyReport {
  ok: boolean;
  release: string | null;
  /** How many values (numbers, hashes, counts, fields) were compared. */
  checkedNumbers: number;
  /** The first differences (a last `(more)` line counts the rest). */
  differences: Difference[];
  /** Verified from a site: servers of the release compared with the live leaderboards. */
  boardServers?: number;
}

/** The report of what `findings` holds. */
export const reportOf = (release: string | null, f: Findings, extra: Pick<VerifyReport, 'boardServers'> = {}): VerifyReport => ({ ok: f.total === 0, release, checkedNumbers: f.checked, differences: f.shown(), ...extra });

/** The manifest of a release's text, or the differences that say why it is none. */
export function parseManifest(text: string, f: Findings): Manifest | null {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (e) {
    f.push({ file: 'manifest.json', row: null, field: '(root)', expected: 'JSON', found: (e as Error).message });
    return null;
  }
  const parsed = ManifestSchema.safeParse(json);
  if (parsed.success) return parsed.data;
  for (const i of parsed.error.issues) f.push({ file: 'manifest.json', row: null, field: i.path.join('.') || '(root)', expected: 'a valid manifest', found: i.message });
  return null;
}

/** Verify a release into `findings` (the adapter adds what it checks itself: other formats, unlisted files, boards); the manifest, or null when it is not one. */
export async function verifyInto(input: ReleaseSource, f: Findings): Promise<Manifest | null> {
  f.check(input.signatureProblem === null, { file: 'manifest.json.sig', row: null, field: 'signature', expected: "a valid Ed25519 signature of manifest.json by the instance's key", found: input.signatureProblem ?? '' });
  const manifest = parseManifest(input.manifestText, f);
  if (manifest === null) return null;

  for (const file of manifest.files) {
    const facts = await input.fileFacts(file.path);
    if (facts === null) {
      f.push({ file: file.path, row: null, field: 'file', expected: 'present', found: '(absent)' });
      continue;
    }
    f.compare(file.path, null, 'bytes', file.bytes, facts.bytes);
    f.compare(file.path, null, 'sha256', file.sha256, facts.sha256);
  }

  // Each table's rows stream once; a table's line count is compared when its file ends.
  const read = new Set<string>();
  const counted = (table: string, n: number | null) => {
    read.add(table);
    const file = tableFile(table, 'jsonl');
    if (n === null) {
      if (!manifest.files.some((x) => x.path === file)) f.push({ file, row: null, field: 'file', expected: 'present', found: '(absent)' });
      return;
    }
    f.compare(file, null, 'rows', manifest.rows[table], n);
  };
  let lint: LintFacts | undefined;
  let evaluation: EvaluationFacts | undefined;
  if (manifest.kind === 'lint') lint = await verifyLintTables(manifest, input.lines, f, counted);
  else evaluation = await verifyEvaluationTables(manifest, input.lines, f, counted);
  // A table no number is recomputed from still has its shape and count checked.
  for (const spec of tablesOf(manifest.kind, manifest.schemaVersion)) {
    if (read.has(spec.name)) continue;
    for await (const _ of tableRows(spec, input.lines, f, (n) => counted(spec.name, n)));
  }

  checkManifest(manifest, { lint, evaluation }, { card: await input.text('README.md'), citation: await input.text('CITATION.cff') }, input.context ?? {}, f);
  return manifest;
}

/** Verify a release. */
export async function verifyRelease(input: ReleaseSource): Promise<VerifyReport> {
  const f = new Findings();
  const manifest = await verifyInto(input, f);
  return reportOf(manifest?.id ?? null, f);
}
