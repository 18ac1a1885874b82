import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { encodeTokenTable, lintSurface, loadO200kRanks, tableTokenCounter, type LintResult, type TokenCounter } from '@toolmark/benchmarks';
import { listDistractorSets, listReferenceSurfaces, loadDistractorSet, loadReferenceSurface } from './index.js';

// The CLI counts tokens with the compact table (benchmarks/src/token-table.ts) instead of loading
// gpt-tokenizer's: every real surface we hold must lint to its pinned golden result with it too, byte for byte.

function pinned(result: LintResult): string {
  const { rules, ...rest } = result;
  return `${JSON.stringify({ rules: { id: rules.id }, ...rest }, null, 2)}\n`;
}

let tokens: TokenCounter;
beforeAll(async () => {
  tokens = tableTokenCounter(encodeTokenTable(await loadO200kRanks(), 'o200k_base test'));
}, 60_000);

const surfaces = [
  ...listDistractorSets()
    .filter((e) => e.status === 'available')
    .map((e) => ({ golden: e.name, surface: () => loadDistractorSet(e.name).surface })),
  ...listReferenceSurfaces().map((e) => ({ golden: `reference-${e.name}`, surface: () => loadReferenceSurface(e.name).surface })),
];

describe('rules v1 golden results with the compact token table', () => {
  it('covers the eight surfaces', () => expect(surfaces).toHaveLength(8));
  for (const { golden, surface } of surfaces) {
    it(golden, async () => {
      const result = await lintSurface(surface(), 'v1', { tokens });
      expect(pinned(result)).toBe(readFileSync(new URL(`../../golden/v1/${golden}.json`, import.meta.url), 'utf8'));
    });
  }
});
