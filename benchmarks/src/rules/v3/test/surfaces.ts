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

/** A real surface by its folder under distractors/, parsed like real input. */
export function realSurface(name: string): Surface {
  return parseSurfaceText(readFileSync(join(DISTRACTORS, name, 'tools.json'), 'utf8'));
}
