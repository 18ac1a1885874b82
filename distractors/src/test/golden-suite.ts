import { describe, expect, it } from 'vitest';
import { lintSurface, type RuleSetId } from '@toolmark/benchmarks';
import { pinned } from '../golden-outputs.js';
import { listDistractorSets, listReferenceSurfaces, loadDistractorSet, loadReferenceSurface } from '../index.js';

// The golden suite of one rules version: every score, category point, note and finding of every real surface
// we hold, pinned in golden/<id>/*.json (golden-v1.test.ts, golden-v2.test.ts). Only the rule set's content
// hash is left out (golden-outputs.ts): it changes with any refactor, while these numbers must not.

/** Pin every distractor set and reference surface under rules `id` in golden/<id>/. */
export function goldenSuite(id: RuleSetId): void {
  const distractors = listDistractorSets().filter((e) => e.status === 'available');
  const references = listReferenceSurfaces();

  describe(`rules ${id} golden results`, () => {
    it('covers the six distractor sets and the two reference servers', () => {
      expect(distractors.map((e) => e.name).sort()).toEqual(['context7', 'filesystem', 'firecrawl', 'memory', 'notion', 'playwright']);
      expect(references.map((e) => e.name).sort()).toEqual(['everything', 'sequential-thinking']);
    });

    for (const entry of distractors) {
      it(`distractor set ${entry.name}`, async () => {
        const { surface } = loadDistractorSet(entry.name);
        await expect(pinned(await lintSurface(surface, id))).toMatchFileSnapshot(`../../golden/${id}/${entry.name}.json`);
      });
    }

    for (const entry of references) {
      it(`reference surface ${entry.name}`, async () => {
        const { surface } = loadReferenceSurface(entry.name);
        await expect(pinned(await lintSurface(surface, id))).toMatchFileSnapshot(`../../golden/${id}/reference-${entry.name}.json`);
      });
    }
  });
}
