// The golden outputs of one rules version — every score, category point, note and finding of every real
// surface we hold (the distractor sets and the reference servers) — and the digest that freezes a published
// version's (golden/frozen.json). One definition for the golden tests (test/golden-suite.ts), the frozen
// check (golden-frozen.test.ts) and `npm run golden:frozen` (golden-frozen.ts).
import { createHash } from 'node:crypto';
import { join } from 'node:path';
import { lintSurface, type LintResult, type RuleSetId } from '@toolmark/benchmarks';
import { DISTRACTORS_DIR, listDistractorSets, listReferenceSurfaces, loadDistractorSet, loadReferenceSurface } from './index.js';

/** The repository's golden/ folder: golden/<rules id>/*.json and frozen.json. */
export const GOLDEN_DIR = join(DISTRACTORS_DIR, '..', 'golden');

/** golden/frozen.json: the digest of each published version's golden outputs. */
export const FROZEN_FILE = join(GOLDEN_DIR, 'frozen.json');

/** What golden/frozen.json holds. */
export interface FrozenDigests {
  note: string;
  /** Versions whose line `npm run golden:frozen` refuses to rewrite: released, so frozen for good. */
  sealed: string[];
  /** Rules id → sha256 of its golden outputs. */
  digests: Record<string, string>;
}

/** A result as pinned: the rule set's content hash left out (it changes with any refactor; the numbers must not). */
export function pinned(result: LintResult): string {
  const { rules, ...rest } = result;
  return `${JSON.stringify({ rules: { id: rules.id }, ...rest }, null, 2)}\n`;
}

/** The golden outputs of rules `id`, file name → pinned text, in name order (what golden/<id>/ holds). */
export async function goldenOutputs(id: RuleSetId): Promise<[string, string][]> {
  const out: [string, string][] = [];
  for (const entry of listDistractorSets().filter((e) => e.status === 'available')) {
    out.push([`${entry.name}.json`, pinned(await lintSurface(loadDistractorSet(entry.name).surface, id))]);
  }
  for (const entry of listReferenceSurfaces()) out.push([`reference-${entry.name}.json`, pinned(await lintSurface(loadReferenceSurface(entry.name).surface, id))]);
  return out.sort((a, b) => (a[0] < b[0] ? -1 : 1));
}

/** sha256 over each golden file's name and text, in the given (name) order. */
export function goldenDigest(files: [string, string][]): string {
  const h = createHash('sha256');
  for (const [name, text] of files) h.update(`${name}\n${text.length}\n${text}`);
  return `sha256:${h.digest('hex')}`;
}
