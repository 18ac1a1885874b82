// npm run distractors:rehash — recompute the recorded surface hashes from the frozen tools.json files
// without recapturing (for when the canonical hash definition itself changes; the tools stay untouched).
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseSurfaceText, surfaceHash } from '@toolmark/benchmarks';
import { DISTRACTORS_DIR, INDEX_FILE, MANIFEST_FILE, TOOLS_FILE } from './index.js';

interface Entry {
  name: string;
  status: string;
  path?: string;
  surfaceHash?: string;
}

/** Rewrite every surfaceHash in the index and the per-set manifests; returns the entries that changed. */
export function rehashAll(baseDir = DISTRACTORS_DIR): string[] {
  const indexFile = join(baseDir, INDEX_FILE);
  const index = JSON.parse(readFileSync(indexFile, 'utf8')) as { sets: Entry[]; references: Entry[] };
  const changed: string[] = [];
  for (const entry of [...index.sets, ...index.references]) {
    if (entry.status !== 'available' || entry.path === undefined) continue;
    const hash = surfaceHash(parseSurfaceText(readFileSync(join(baseDir, entry.path, TOOLS_FILE), 'utf8')));
    if (entry.surfaceHash === hash) continue;
    entry.surfaceHash = hash;
    const manifestFile = join(baseDir, entry.path, MANIFEST_FILE);
    const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as Record<string, unknown>;
    manifest.surfaceHash = hash;
    writeFileSync(manifestFile, `${JSON.stringify(manifest, null, 2)}\n`);
    changed.push(entry.path);
  }
  writeFileSync(indexFile, `${JSON.stringify(index, null, 2)}\n`);
  return changed;
}

if (process.argv[1] && import.meta.url.endsWith(process.argv[1].split('/').pop() ?? '')) {
  const changed = rehashAll();
  console.log(changed.length === 0 ? 'all surface hashes up to date' : `updated: ${changed.join(', ')}`);
}
