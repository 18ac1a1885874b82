// Read the frozen catalogue (catalogue/servers/*.json): every entry validated by its schema and, when
// captured, its tools checked against the pinned sha256 and parsed as a surface. No network, no install.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseSurfaceValue, type Surface } from '@toolmark/benchmarks';
import { nodeSha256Hex } from '../native-hash.js';
import { CatalogueEntrySchema, toolsBytes, type CatalogueEntry } from './entry.js';
import { SERVERS_DIR } from './files.js';

export class CatalogueError extends Error {
  override readonly name = 'CatalogueError';
}

export interface LoadedEntry {
  entry: CatalogueEntry;
  /** The parsed surface of a captured entry; null otherwise. */
  surface: Surface | null;
}

/** Every entry of the catalogue, in file-name order; throws naming the file on the first bad one. */
export function loadCatalogue(dir: string = SERVERS_DIR): LoadedEntry[] {
  let files: string[];
  try {
    files = readdirSync(dir).filter((f) => f.endsWith('.json')).sort();
  } catch {
    return [];
  }
  return files.map((file) => {
    const where = join(dir, file);
    const parsed = CatalogueEntrySchema.safeParse(JSON.parse(readFileSync(where, 'utf8')));
    if (!parsed.success) throw new CatalogueError(`${where}: not a catalogue entry: ${parsed.error.issues[0]?.message ?? 'invalid'}`);
    const entry = parsed.data;
    if (entry.status !== 'captured' || entry.capture === null) return { entry, surface: null };
    const sha = nodeSha256Hex(toolsBytes(entry.tools));
    if (sha !== entry.capture.sha256) throw new CatalogueError(`${where}: tools do not match their sha256 (${sha} != ${entry.capture.sha256})`);
    return { entry, surface: parseSurfaceValue({ tools: entry.tools }) };
  });
}
