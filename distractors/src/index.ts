import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { InputError, parseSurfaceText, ToolmarkError } from '@toolmark/benchmarks';
import type { Surface } from '@toolmark/benchmarks';
import { IndexSchema, SetManifestSchema, SetNameSchema } from './manifest-schema.js';
import type { AvailableEntry, Index, SetEntry, SetManifest } from './manifest-schema.js';

export * from './manifest-schema.js';

/**
 * The distractors workspace folder, which holds the data. Resolved from this module's own location so it
 * is the same whether the code runs from `src/` (tests) or `dist/` (built): both sit one level below it.
 */
export const DISTRACTORS_DIR = fileURLToPath(new URL('..', import.meta.url));

/** File names inside a set folder and at the top of the data folder. */
export const INDEX_FILE = 'manifest.json';
export const MANIFEST_FILE = 'manifest.json';
export const TOOLS_FILE = 'tools.json';

export type DistractorErrorCode =
  | 'unknown_set'
  | 'unavailable'
  | 'missing_file'
  | 'invalid_manifest'
  | 'manifest_mismatch'
  | 'hash_mismatch'
  | 'invalid_surface';

/**
 * Every failure to load a set ends here, naming the set and saying what to do. Its public `code` is
 * `distractor_<reason>` (what the CLI prints and the JSON shape carries); `reason` is the short form.
 */
export class DistractorSetError extends ToolmarkError<`distractor_${DistractorErrorCode}`, { set: string }> {
  override readonly name = 'DistractorSetError';
  constructor(
    readonly reason: DistractorErrorCode,
    /** The set (or reference surface) concerned; `*` for the index itself. */
    readonly setName: string,
    message: string,
  ) {
    super(`distractor_${reason}`, message, { set: setName });
  }
}

export interface LoadOptions {
  /** Folder holding `manifest.json` and the set folders; defaults to {@link DISTRACTORS_DIR}. */
  baseDir?: string;
}

/** A verified set: its manifest and its parsed surface, every field as the server sent it. */
export interface LoadedSet {
  manifest: SetManifest;
  surface: Surface;
}

/** Hex sha256 of raw bytes (the manifests hash the file, not a re-serialisation). */
export function sha256OfBytes(bytes: Uint8Array): string {
  return createHash('sha256').update(bytes).digest('hex');
}

function readJson(file: string, setName: string, what: string): unknown {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (err) {
    throw new DistractorSetError('missing_file', setName, `${what} cannot be read at ${file}: ${reason(err)}`);
  }
  try {
    return JSON.parse(text);
  } catch (err) {
    throw new DistractorSetError('invalid_manifest', setName, `${what} at ${file} is not valid JSON: ${reason(err)}`);
  }
}

function reason(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}

function issues(error: { issues: readonly { path: readonly PropertyKey[]; message: string }[] }): string {
  return error.issues.map((i) => `${i.path.length > 0 ? i.path.map(String).join('.') : '(root)'}: ${i.message}`).join('; ');
}

/** Read and validate the top-level index `manifest.json`. */
export function readIndex(options: LoadOptions = {}): Index {
  const file = join(options.baseDir ?? DISTRACTORS_DIR, INDEX_FILE);
  const parsed = IndexSchema.safeParse(readJson(file, '*', 'distractor index'));
  if (!parsed.success) {
    throw new DistractorSetError('invalid_manifest', '*', `distractor index at ${file} is invalid: ${issues(parsed.error)}`);
  }
  return parsed.data;
}

/** Every distractor set named by the spec, available or not, as listed in the index. */
export function listDistractorSets(options: LoadOptions = {}): SetEntry[] {
  return readIndex(options).sets;
}

/** The reference surfaces (captured servers that pin golden tests; never offered as distractors). */
export function listReferenceSurfaces(options: LoadOptions = {}): AvailableEntry[] {
  return readIndex(options).references;
}

function checkName(name: string, label: string): void {
  if (!SetNameSchema.safeParse(name).success) {
    throw new DistractorSetError('unknown_set', name, `${label} "${name}" is not a valid set name`);
  }
}

/**
 * Load a distractor set, verifying the sha256 of `tools.json` against its manifest and the index.
 * Throws {@link DistractorSetError} naming the set when it is unknown, unavailable, or does not verify.
 */
export function loadDistractorSet(name: string, options: LoadOptions = {}): LoadedSet {
  checkName(name, 'distractor set');
  const index = readIndex(options);
  const entry = index.sets.find((s) => s.name === name);
  if (entry === undefined) {
    const known = index.sets.map((s) => s.name).join(', ');
    const hint = index.references.some((r) => r.name === name) ? ` ("${name}" is a reference surface: use loadReferenceSurface)` : '';
    throw new DistractorSetError('unknown_set', name, `distractor set "${name}" does not exist${hint}; known sets: ${known}`);
  }
  if (entry.status === 'unavailable') {
    throw new DistractorSetError('unavailable', name, `distractor set "${name}" is unavailable: ${entry.reason}`);
  }
  return loadEntry(entry, 'distractor', options.baseDir ?? DISTRACTORS_DIR, 'distractor set');
}

/** Load a reference surface (e.g. `everything`), verified like a distractor set. */
export function loadReferenceSurface(name: string, options: LoadOptions = {}): LoadedSet {
  checkName(name, 'reference surface');
  const index = readIndex(options);
  const entry = index.references.find((s) => s.name === name);
  if (entry === undefined) {
    const known = index.references.map((s) => s.name).join(', ');
    throw new DistractorSetError('unknown_set', name, `reference surface "${name}" does not exist; known: ${known}`);
  }
  return loadEntry(entry, 'reference', options.baseDir ?? DISTRACTORS_DIR, 'reference surface');
}

/** Read and validate one set folder's manifest, and check it against its index entry. */
export function readSetManifest(entry: AvailableEntry, kind: SetManifest['kind'], baseDir: string, label: string): SetManifest {
  const file = join(baseDir, entry.path, MANIFEST_FILE);
  const parsed = SetManifestSchema.safeParse(readJson(file, entry.name, `manifest of ${label} "${entry.name}"`));
  if (!parsed.success) {
    throw new DistractorSetError('invalid_manifest', entry.name, `manifest of ${label} "${entry.name}" at ${file} is invalid: ${issues(parsed.error)}`);
  }
  const manifest = parsed.data;
  const differences: string[] = [];
  if (manifest.name !== entry.name) differences.push(`name "${manifest.name}"`);
  if (manifest.kind !== kind) differences.push(`kind "${manifest.kind}" (expected "${kind}")`);
  for (const key of ['package', 'version', 'toolCount', 'sha256', 'surfaceHash'] as const) {
    if (manifest[key] !== entry[key]) differences.push(`${key} ${JSON.stringify(manifest[key])} (index: ${JSON.stringify(entry[key])})`);
  }
  if (differences.length > 0) {
    throw new DistractorSetError(
      'manifest_mismatch',
      entry.name,
      `manifest of ${label} "${entry.name}" disagrees with the index: ${differences.join(', ')}`,
    );
  }
  return manifest;
}

function loadEntry(entry: AvailableEntry, kind: SetManifest['kind'], baseDir: string, label: string): LoadedSet {
  const manifest = readSetManifest(entry, kind, baseDir, label);
  const file = join(baseDir, entry.path, TOOLS_FILE);
  let bytes: Buffer;
  try {
    bytes = readFileSync(file);
  } catch (err) {
    throw new DistractorSetError('missing_file', entry.name, `tools of ${label} "${entry.name}" cannot be read at ${file}: ${reason(err)}`);
  }
  const actual = sha256OfBytes(bytes);
  if (actual !== manifest.sha256) {
    throw new DistractorSetError(
      'hash_mismatch',
      entry.name,
      `${label} "${entry.name}" does not match its manifest: ${file} has sha256 ${actual}, the manifest records ${manifest.sha256}. ` +
        'The frozen file was changed; restore it or recapture with `npm run distractors:capture -- ' +
        `${entry.name}\`.`,
    );
  }
  let surface: Surface;
  try {
    surface = parseSurfaceText(bytes.toString('utf8'));
  } catch (err) {
    if (!(err instanceof InputError)) throw err;
    throw new DistractorSetError('invalid_surface', entry.name, `tools of ${label} "${entry.name}" cannot be parsed: ${err.message}`);
  }
  if (surface.tools.length !== manifest.toolCount) {
    throw new DistractorSetError(
      'manifest_mismatch',
      entry.name,
      `${label} "${entry.name}" has ${surface.tools.length} tools; its manifest records ${manifest.toolCount}`,
    );
  }
  return { manifest, surface };
}
