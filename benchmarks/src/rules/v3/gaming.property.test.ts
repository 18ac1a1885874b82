import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Surface } from '../../contracts/tool.js';
import { loadTokenCounter } from '../../text/tokens.js';
import { rulesV3 } from './index.js';
import {
  applyBoilerplate,
  applyEmptyOutputSchemas,
  applyFalseAnnotations,
  applyNonsense,
  applyPlaceholderExamples,
  applyUnrelatedAlternatives,
  hasLiableTools,
  nonsenseTemplate,
  placeholderKind,
  variedBoilerplate,
} from './test/gaming.js';
import { realSurface, realSurfaceNames } from './test/surfaces.js';

// Issue 25, gaming invariance suite: each score-buying transformation, applied to every tool of every real
// surface we hold (the distractor sets, the reference servers, the labelled corpus), moves the server's mean
// by at most +2 under v3; false annotations move it down. fast-check draws the varied parts (which
// sentences, which synonyms, which nonsense words, which placeholder, which unrelated sibling).

const MAX_GAIN = 2;
const RUNS = 4;
const countTokens = await loadTokenCounter();
const mean = (s: Surface): number => rulesV3.lint(s, { countTokens }).score ?? 0;
const names = realSurfaceNames();
const base = new Map(names.map((n) => [n, { surface: realSurface(n), score: mean(realSurface(n)) }]));

describe('rules v3 gaming invariance', () => {
  it('covers at least the six distractor sets, two reference servers and the labelled corpus', () => {
    expect(names.length).toBeGreaterThanOrEqual(12);
  });

  for (const name of names) {
    describe(name, () => {
      const { surface, score } = base.get(name)!;
      const gain = (s: Surface) => mean(s) - score;

      it('per-tool varied boilerplate (numbers, names, synonyms) buys at most +2', () => {
        fc.assert(fc.property(variedBoilerplate, (v) => gain(applyBoilerplate(surface, v)) <= MAX_GAIN), { numRuns: RUNS, seed: 25 });
      });
      it('a nonsense template buys at most +2', () => {
        fc.assert(fc.property(nonsenseTemplate, (w) => gain(applyNonsense(surface, w)) <= MAX_GAIN), { numRuns: RUNS, seed: 25 });
      });
      it('empty output schemas buy at most +2', () => {
        expect(gain(applyEmptyOutputSchemas(surface))).toBeLessThanOrEqual(MAX_GAIN);
      });
      it('placeholder examples buy at most +2', () => {
        fc.assert(fc.property(placeholderKind, (k) => gain(applyPlaceholderExamples(surface, k)) <= MAX_GAIN), { numRuns: 5, seed: 25 });
      });
      it('"use X instead" naming an unrelated sibling buys at most +2', () => {
        fc.assert(fc.property(fc.nat(50), (o) => gain(applyUnrelatedAlternatives(surface, o)) <= MAX_GAIN), { numRuns: RUNS, seed: 25 });
      });
      it('false annotations move the mean down', () => {
        const after = gain(applyFalseAnnotations(surface));
        if (hasLiableTools(surface)) expect(after).toBeLessThan(0);
        else expect(after).toBe(0);
      });
    });
  }
});

describe('rules v3 gaming table (v2 beside v3, one fixed draw)', () => {
  it('prints the mean change per transformation and surface; every v3 change within +2, the combined one too', async () => {
    const { rulesV2 } = await import('../v2/index.js');
    const draws: [string, (s: Surface) => Surface][] = [
      ['boilerplate', (s) => applyBoilerplate(s, { picks: [0, 1, 2, 3, 4], seed: 3 })],
      ['nonsense', (s) => applyNonsense(s, [['vorpfexp', 'snarzakp', 'blimtobp', 'grumwixp'], ['quibplonp', 'drelmoopp', 'jankfexp', 'trovflibp']])],
      ['empty outputSchema', applyEmptyOutputSchemas],
      ['placeholder examples', (s) => applyPlaceholderExamples(s, 0)],
      ['unrelated alternative', (s) => applyUnrelatedAlternatives(s, 1)],
      ['false annotations', applyFalseAnnotations],
    ];
    draws.push(['all of the above', (s) => draws.slice(0, 6).reduce((acc, [, f]) => f(acc), s)]);
    const v2 = (s: Surface) => rulesV2.lint(s, { countTokens }).score ?? 0;
    const lines: string[] = [];
    const worst: number[] = [];
    for (const [label, f] of draws) {
      const d2: number[] = [];
      const d3: number[] = [];
      for (const n of names) {
        const { surface, score } = base.get(n)!;
        const g = f(surface);
        d2.push(v2(g) - v2(surface));
        d3.push(mean(g) - score);
      }
      const avg = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
      worst.push(label === 'false annotations' ? -Infinity : Math.max(...d3));
      lines.push(`${label.padEnd(22)} v2 mean ${avg(d2).toFixed(1).padStart(6)} max ${Math.max(...d2).toFixed(1).padStart(6)} | v3 mean ${avg(d3).toFixed(1).padStart(6)} max ${Math.max(...d3).toFixed(1).padStart(6)} min ${Math.min(...d3).toFixed(1).padStart(6)}`);
    }
    console.info(`gaming table over ${names.length} surfaces (change of the server mean):\n${lines.join('\n')}`);
    for (const w of worst) expect(w).toBeLessThanOrEqual(MAX_GAIN);
  });
});
