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
import { realSurface, realSurfaceNames, surfaceGroup } from './test/surfaces.js';

// Issue 25, gaming invariance suite: each score-buying transformation, applied to every tool of every real
// surface we hold (the distractor sets, the reference servers, the labelled corpus), moves the server's mean
// by at most +2 under v3; false annotations move it down. fast-check draws the varied parts (which
// sentences, which synonyms, which nonsense words, which placeholder, which unrelated sibling).
// The rules were calibrated on the distractor sets, the reference servers and the corpus' calibration half
// (distractors/corpus/index.json `halves`): the bound is asserted there. The reported half is measured, not
// tuned on: its table is printed, and a cell is asserted within the bound only if it was at the half's one
// read (REPORTED_OVER_BOUND lists the others; a change that moves one fails, so the list stays true).

const MAX_GAIN = 2;
const RUNS = 4;
const countTokens = await loadTokenCounter();
const mean = (s: Surface): number => rulesV3.lint(s, { countTokens }).score ?? 0;
const names = realSurfaceNames();
const tuned = names.filter((n) => surfaceGroup(n) !== 'reported');
const reported = names.filter((n) => surfaceGroup(n) === 'reported');
const base = new Map(names.map((n) => [n, { surface: realSurface(n), score: mean(realSurface(n)) }]));

/**
 * `surface transformation` cells of the reported half over the bound (README, "Tests and figures"). At the
 * half's one read: 'corpus/sentry boilerplate' (+2.2). Its cause was then found and fixed as a class (a
 * sentence appended after a markup tag borrowed the tag's word as content: info-text.ts), so that cell is
 * no longer an unseen measurement; none is over the bound since.
 */
// On 2026-12-07 (issue 25, v4 pairs) the reported half was replaced by 13 servers nobody had read
// (distractors/corpus/README.md, "Halves"); its one read under v3 found the cells and rows below over the
// bound. They are v3's measured figures on unseen servers (v3 is sealed; v4's work may act on them), kept
// here so that a change that moves them fails.
const REPORTED_OVER_BOUND: string[] = ['corpus/n8n unrelated alternative', 'corpus/next-devtools boilerplate'];
/** Rows of the fixed-draw table whose reported-half maximum is over the bound (at the new half's one read: boilerplate +2.9, unrelated alternative +2.2). */
const REPORTED_TABLE_OVER: string[] = ['boilerplate', 'unrelated alternative'];

/** The transformations, each the largest gain over its draws (the draws of the property tests below). */
const TRANSFORMATIONS: [string, (s: Surface, score: number) => number][] = [
  ['boilerplate', (s, b) => worst(variedBoilerplate, (v) => mean(applyBoilerplate(s, v)) - b, RUNS)],
  ['nonsense', (s, b) => worst(nonsenseTemplate, (w) => mean(applyNonsense(s, w)) - b, RUNS)],
  ['empty outputSchema', (s, b) => mean(applyEmptyOutputSchemas(s)) - b],
  ['placeholder examples', (s, b) => worst(placeholderKind, (k) => mean(applyPlaceholderExamples(s, k)) - b, 5)],
  ['unrelated alternative', (s, b) => worst(fc.nat(50), (o) => mean(applyUnrelatedAlternatives(s, o)) - b, RUNS)],
];

function worst<T>(arb: fc.Arbitrary<T>, gain: (v: T) => number, numRuns: number): number {
  let w = -Infinity;
  fc.assert(fc.property(arb, (v) => ((w = Math.max(w, gain(v))), true)), { numRuns, seed: 25 });
  return w;
}

describe('rules v3 gaming invariance', () => {
  it('covers the six distractor sets, two reference servers and both halves of the labelled corpus', () => {
    expect(tuned.length).toBeGreaterThanOrEqual(12);
    expect(reported.length).toBeGreaterThanOrEqual(8);
  });

  for (const name of tuned) {
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

describe('rules v3 gaming invariance, reported half (measured, never tuned on)', () => {
  it('prints the largest gain per transformation and surface; asserts the bound where the one read held it', () => {
    const over: string[] = [];
    const lines: string[] = [];
    for (const name of reported) {
      const { surface, score } = base.get(name)!;
      const cells = TRANSFORMATIONS.map(([label, f]) => {
        const g = f(surface, score);
        if (g > MAX_GAIN) over.push(`${name} ${label}`);
        return `${label} ${g.toFixed(1).padStart(5)}`;
      });
      const fa = mean(applyFalseAnnotations(surface)) - score;
      if (hasLiableTools(surface) ? fa >= 0 : fa !== 0) over.push(`${name} false annotations`);
      lines.push(`${name.padEnd(24)} base ${score.toFixed(1).padStart(5)} | ${cells.join(' | ')} | false annotations ${fa.toFixed(1).padStart(5)}`);
    }
    console.info(`gaming, reported half (${reported.length} surfaces, largest gain over the draws):\n${lines.join('\n')}\nover the bound: ${over.length === 0 ? 'none' : over.join(', ')}`);
    expect(over.sort()).toEqual([...REPORTED_OVER_BOUND].sort());
  });
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
    const avg = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
    const worstOf = new Map<string, number[]>();
    const out: string[] = [];
    for (const [group, members] of [['distractor sets, reference servers, calibration half', tuned], ['reported half', reported]] as const) {
      const lines: string[] = [];
      const worst: number[] = [];
      for (const [label, f] of draws) {
        const d2: number[] = [];
        const d3: number[] = [];
        for (const n of members) {
          const { surface, score } = base.get(n)!;
          const g = f(surface);
          d2.push(v2(g) - v2(surface));
          d3.push(mean(g) - score);
        }
        worst.push(label === 'false annotations' ? -Infinity : Math.max(...d3));
        lines.push(`${label.padEnd(22)} v2 mean ${avg(d2).toFixed(1).padStart(6)} max ${Math.max(...d2).toFixed(1).padStart(6)} | v3 mean ${avg(d3).toFixed(1).padStart(6)} max ${Math.max(...d3).toFixed(1).padStart(6)} min ${Math.min(...d3).toFixed(1).padStart(6)}`);
      }
      worstOf.set(group, worst);
      out.push(`${group} (${members.length} surfaces):\n${lines.join('\n')}`);
    }
    console.info(`gaming table (change of the server mean):\n${out.join('\n')}`);
    for (const w of worstOf.get('distractor sets, reference servers, calibration half')!) expect(w).toBeLessThanOrEqual(MAX_GAIN);
    // The reported half: asserted only where its one read held the bound (REPORTED_TABLE_OVER lists the rest).
    worstOf.get('reported half')!.forEach((w, k) => {
      if (REPORTED_TABLE_OVER.includes(draws[k]![0])) expect(w, draws[k]![0]).toBeGreaterThan(MAX_GAIN);
      else expect(w, draws[k]![0]).toBeLessThanOrEqual(MAX_GAIN);
    });
    // Every real surface under v2 and v3 for seven transformations: 47 surfaces since the corpus grew
    // (2026-12-07), 80 s on a loaded 2-core machine, over the 60 s default.
  }, 300_000);
});
