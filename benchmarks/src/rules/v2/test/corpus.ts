// Real surfaces for the v2 tests: the six distractor sets and two reference servers (read from the
// distractors folder, never changed here) and the servers captured into ./corpus (see its README).
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Surface } from '../../../contracts/tool.js';
import { parseSurfaceValue } from '../../../surface/parse.js';

const REPO = join(import.meta.dirname, '..', '..', '..', '..', '..');

/** Folder of each real surface, relative to the repository. */
export const REAL_SURFACES: Record<string, string> = {
  context7: 'distractors/context7',
  filesystem: 'distractors/filesystem',
  firecrawl: 'distractors/firecrawl',
  memory: 'distractors/memory',
  notion: 'distractors/notion',
  playwright: 'distractors/playwright',
  everything: 'distractors/reference/everything',
  'sequential-thinking': 'distractors/reference/sequential-thinking',
  gitlab: 'benchmarks/src/rules/v2/test/corpus/gitlab',
  github: 'benchmarks/src/rules/v2/test/corpus/github',
};

/** sha256 of the captured files of ./corpus (the README lists them). */
const CORPUS_SHA256: Record<string, string> = {
  gitlab: '94be295c881ae70e642b72b250c9ca9d17eb5e33f96f45206bb9fb75cebd37e5',
  github: '1c217349015aa1648ca5f399e505cd8452f1f7a150ac1901bd1f1bff80e2738f',
};

/** A real surface by name, parsed like real input; a corpus file must still be the one captured. */
export function realSurface(name: string): Surface {
  const bytes = readFileSync(join(REPO, REAL_SURFACES[name]!, 'tools.json'));
  const sha = CORPUS_SHA256[name];
  if (sha !== undefined && createHash('sha256').update(bytes).digest('hex') !== sha) throw new Error(`corpus ${name} changed`);
  return parseSurfaceValue(JSON.parse(bytes.toString('utf8')));
}
