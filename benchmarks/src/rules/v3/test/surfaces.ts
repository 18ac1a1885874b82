// Real surfaces for the v3 tests: the distractor sets, the reference servers and the labelled corpus of
// distractors/ (read, never changed here).
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Surface } from '../../../contracts/tool.js';
import { parseSurfaceText } from '../../../surface/parse.js';

const DISTRACTORS = join(import.meta.dirname, '..', '..', '..', '..', '..', 'distractors');

/** Folders under distractors/ with a tools.json: the six sets, the reference servers, the labelled corpus. */
export function realSurfaceNames(): string[] {
  const sets = ['context7', 'filesystem', 'firecrawl', 'memory', 'notion', 'playwright', 'reference/everything', 'reference/sequential-thinking'];
  const corpus = readdirSync(join(DISTRACTORS, 'corpus'))
    .filter((d) => existsSync(join(DISTRACTORS, 'corpus', d, 'tools.json')))
    .map((d) => `corpus/${d}`)
    // The corpus repeats some sets: each surface once.
    .filter((d) => !sets.some((s) => s.endsWith(d.slice('corpus/'.length))));
  return [...sets, ...corpus.sort()];
}

/** Which group a real surface is in: a distractor set or reference surface, or the labelled corpus' calibration or reported half (index.json `halves`). */
export type SurfaceGroup = 'sets' | 'calibration' | 'reported';

/** The group of a name from realSurfaceNames. Rules are calibrated on `sets` and `calibration` only. */
export function surfaceGroup(name: string): SurfaceGroup {
  if (!name.startsWith('corpus/')) return 'sets';
  const index = JSON.parse(readFileSync(join(DISTRACTORS, 'corpus', 'index.json'), 'utf8')) as { halves: { calibration: string[]; reported: string[] } };
  const n = name.slice('corpus/'.length);
  if (index.halves.calibration.includes(n)) return 'calibration';
  if (index.halves.reported.includes(n)) return 'reported';
  throw new Error(`corpus surface "${n}" is in no half of distractors/corpus/index.json`);
}

/** A real surface by its folder under distractors/, parsed like real input. */
export function realSurface(name: string): Surface {
  return parseSurfaceText(readFileSync(join(DISTRACTORS, name, 'tools.json'), 'utf8'));
}
