import { describe, expect, it } from 'vitest';
import { lintSurface, type LintResult } from '@toolmark/benchmarks';
import { listDistractorSets, listReferenceSurfaces, loadDistractorSet, loadReferenceSurface } from './index.js';

// Golden tests of rules v2 (the latest): every score, category point, note and finding of every real surface
// we hold is pinned in golden/v2/*.json, as golden-v1.test.ts pins v1's. Until v2 is published its
// calibration may move them: `npm run golden:update` rewrites both versions' files (v1's must come out
// unchanged). Once published, a change that moves any of them must become a new rules version (see
// benchmarks/src/rules/v1/README.md). Only the rule set's content hash is left out: it changes with any
// refactor, while these numbers must not.

function pinned(result: LintResult): string {
  const { rules, ...rest } = result;
  return `${JSON.stringify({ rules: { id: rules.id }, ...rest }, null, 2)}\n`;
}

const distractors = listDistractorSets().filter((e) => e.status === 'available');
const references = listReferenceSurfaces();

describe('rules v2 golden results', () => {
  it('covers the six distractor sets and the two reference servers', () => {
    expect(distractors.map((e) => e.name).sort()).toEqual(['context7', 'filesystem', 'firecrawl', 'memory', 'notion', 'playwright']);
    expect(references.map((e) => e.name).sort()).toEqual(['everything', 'sequential-thinking']);
  });

  for (const entry of distractors) {
    it(`distractor set ${entry.name}`, async () => {
      const { surface } = loadDistractorSet(entry.name);
      const result = await lintSurface(surface, 'v2');
      await expect(pinned(result)).toMatchFileSnapshot(`../golden/v2/${entry.name}.json`);
    });
  }

  for (const entry of references) {
    it(`reference surface ${entry.name}`, async () => {
      const { surface } = loadReferenceSurface(entry.name);
      const result = await lintSurface(surface, 'v2');
      await expect(pinned(result)).toMatchFileSnapshot(`../golden/v2/reference-${entry.name}.json`);
    });
  }
});
