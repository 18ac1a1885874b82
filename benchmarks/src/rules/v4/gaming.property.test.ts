import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Surface } from '../../contracts/tool.js';
import { loadTokenCounter } from '../../text/tokens.js';
import { rulesV3 } from '../v3/index.js';
import { rulesV4 } from './index.js';
import {
  applyBoilerplate,
  applyEmptyOutputSchemas,
  applyFalseAnnotations,
  applyLeak,
  applyNonsense,
  applyPlaceholderExamples,
  applyUnrelatedAlternatives,
  hasLiableTools,
  leakBoilerplate,
  nonsenseTemplate,
  placeholderKind,
  variedBoilerplate,
} from './test/gaming.js';
import { realSurface, realSurfaceNames, surfaceGroup } from '../v3/test/surfaces.js';
import { applyHeldOut, applyHeldOutOne, HELD_OUT_COUNT, heldOutBoilerplate } from './test/gaming-heldout.js';

// Issue 25, gaming invariance suite under rules v4 (v3's suite, README.md "Tests"), with the varied-boilerplate
// leak found after v3 was sealed as a calibration row, and the held-out variants of test/gaming-heldout.ts
// (written before the v4 fix, read once after it). Each score-buying transformation, applied to every tool of
// every real surface we hold (the distractor sets, the reference servers, the labelled corpus), moves the
// server's mean by at most +2 under v4; false annotations move it down. fast-check draws the varied parts (which
// sentences, which synonyms, which nonsense words, which placeholder, which unrelated sibling).
// The rules were calibrated on the distractor sets, the reference servers and the corpus' calibration half
// (distractors/corpus/index.json `halves`): the bound is asserted there. The reported half is measured, not
// tuned on: its table is printed, and a cell is asserted within the bound only if it was at the half's one
// read (REPORTED_OVER_BOUND lists the others; a change that moves one fails, so the list stays true).

const MAX_GAIN = 2;
const RUNS = 4;
const countTokens = await loadTokenCounter();
const mean = (s: Surface): number => rulesV4.lint(s, { countTokens }).score ?? 0;
const meanV3 = (s: Surface): number => rulesV3.lint(s, { countTokens }).score ?? 0;
const names = realSurfaceNames();
const tuned = names.filter((n) => surfaceGroup(n) !== 'reported');
const reported = names.filter((n) => surfaceGroup(n) === 'reported');
const base = new Map(names.map((n) => [n, { surface: realSurface(n), score: mean(realSurface(n)) }]));

/**
 * `surface transformation` cells of the reported half over the bound at its one read under v4 (README.md,
 * "Tests"); a change that moves one fails, so the list stays true.
 */
const REPORTED_OVER_BOUND: string[] = ['corpus/n8n unrelated alternative', 'corpus/next-devtools boilerplate'];
/** Rows of the fixed-draw table whose reported-half maximum is over the bound at its one read. */
const REPORTED_TABLE_OVER: string[] = ['boilerplate', 'unrelated alternative'];
/**
 * `surface template` cells of the first held-out variants over the bound: 187 of 510 cells at their one read
 * (after T1–T4, CHANGELOG.md). That set is calibration since (T5 was tuned on it; the new held-out set is
 * test/gaming-heldout-2.ts); the cells after T5 are kept in test/gaming-heldout-read.json and asserted, so a
 * change that moves a cell fails and says so (README.md, "Tests").
 */
const HELD_OUT_OVER: string[] = (JSON.parse(readFileSync(join(import.meta.dirname, 'test', 'gaming-heldout-read.json'), 'utf8')) as { overBound: string[] }).overBound;

/** Worst and mean change of the server mean over a transformation's draws. */
interface Cell {
  worst: number;
  mean: number;
}

/** The transformations, each read over its draws (fast-check, seed 25). */
const TRANSFORMATIONS: [string, (s: Surface, score: number) => Cell][] = [
  ['boilerplate', (s, b) => over(variedBoilerplate, (v) => mean(applyBoilerplate(s, v)) - b, RUNS)],
  ['leak boilerplate', (s, b) => over(leakBoilerplate, (v) => mean(applyLeak(s, v)) - b, RUNS)],
  ['nonsense', (s, b) => over(nonsenseTemplate, (w) => mean(applyNonsense(s, w)) - b, RUNS)],
  ['empty outputSchema', (s, b) => once(mean(applyEmptyOutputSchemas(s)) - b)],
  ['placeholder examples', (s, b) => over(placeholderKind, (k) => mean(applyPlaceholderExamples(s, k)) - b, 5)],
  ['unrelated alternative', (s, b) => over(fc.nat(50), (o) => mean(applyUnrelatedAlternatives(s, o)) - b, RUNS)],
];

const once = (g: number): Cell => ({ worst: g, mean: g });

function over<T>(arb: fc.Arbitrary<T>, gain: (v: T) => number, numRuns: number): Cell {
  const gains: number[] = [];
  fc.assert(fc.property(arb, (v) => (gains.push(gain(v)), true)), { numRuns, seed: 25 });
  return { worst: Math.max(...gains), mean: gains.reduce((a, b) => a + b, 0) / gains.length };
}

const fmt = (c: Cell): string => `${c.worst.toFixed(1).padStart(5)} /${c.mean.toFixed(1).padStart(5)}`;

/** One surface's row: every transformation's worst / mean change, and false annotations; the cells over the bound. */
function row(name: string): { line: string; over: string[] } {
  const { surface, score } = base.get(name)!;
  const out: string[] = [];
  const cells = TRANSFORMATIONS.map(([label, f]) => {
    const c = f(surface, score);
    if (c.worst > MAX_GAIN) out.push(`${name} ${label}`);
    return `${label} ${fmt(c)}`;
  });
  const fa = mean(applyFalseAnnotations(surface)) - score;
  if (hasLiableTools(surface) ? fa >= 0 : fa !== 0) out.push(`${name} false annotations`);
  return { line: `${name.padEnd(24)} base ${score.toFixed(1).padStart(5)} | ${cells.join(' | ')} | false annotations ${fa.toFixed(1).padStart(5)}`, over: out };
}

describe('rules v4 gaming invariance (worst / mean change of the server mean over the draws)', () => {
  it('covers the six distractor sets, two reference servers and both halves of the labelled corpus', () => {
    expect(tuned.length).toBeGreaterThanOrEqual(12);
    expect(reported.length).toBeGreaterThanOrEqual(8);
  });

  it('calibration (sets, reference servers, calibration half): every transformation buys at most +2, false annotations cost', () => {
    const rows = tuned.map(row);
    console.info(`gaming v4, calibration (${tuned.length} surfaces, worst / mean):\n${rows.map((r) => r.line).join('\n')}`);
    expect(rows.flatMap((r) => r.over)).toEqual([]);
  }, 900_000);

  it('reported half (measured, never tuned on): printed; asserted as its one read found it', () => {
    const rows = reported.map(row);
    const over = rows.flatMap((r) => r.over);
    console.info(`gaming v4, reported half (${reported.length} surfaces, worst / mean):\n${rows.map((r) => r.line).join('\n')}\nover the bound: ${over.length === 0 ? 'none' : over.join(', ')}`);
    expect(over.sort()).toEqual([...REPORTED_OVER_BOUND].sort());
  }, 900_000);
});

describe('rules v4 gaming invariance, held-out variants (test/gaming-heldout.ts, written before the fix, read once)', () => {
  it('prints each surface\'s worst / mean change for the mixed draws and each template alone; asserted as the one read found it', () => {
    const lines: string[] = [];
    const out: string[] = [];
    const perTemplate = Array.from({ length: HELD_OUT_COUNT }, () => [] as number[]);
    for (const name of names) {
      const { surface, score } = base.get(name)!;
      const mixed = over(heldOutBoilerplate, (v) => mean(applyHeldOut(surface, v)) - score, RUNS);
      const alone = perTemplate.map((acc, k) => {
        const g = mean(applyHeldOutOne(surface, k, 17)) - score;
        acc.push(g);
        if (g > MAX_GAIN) out.push(`${name} ${k}`);
        return g;
      });
      if (mixed.worst > MAX_GAIN) out.push(`${name} mixed`);
      lines.push(`${name.padEnd(24)} ${surfaceGroup(name).padEnd(11)} mixed ${fmt(mixed)} | alone worst ${Math.max(...alone).toFixed(1)} (template ${alone.indexOf(Math.max(...alone))})`);
    }
    const byTemplate = perTemplate.map((g, k) => `  template ${String(k).padStart(2)}: worst ${Math.max(...g).toFixed(1).padStart(5)} mean ${(g.reduce((a, b) => a + b, 0) / g.length).toFixed(1).padStart(5)}`);
    console.info(`gaming v4, held-out variants (${names.length} surfaces):\n${lines.join('\n')}\nper template, over all surfaces:\n${byTemplate.join('\n')}\nover the bound: ${out.length === 0 ? 'none' : out.join(', ')}`);
    if (process.env.TOOLMARK_GAMING_RECORD === '1') {
      // Re-recording (README.md, "Tests"): only when the surfaces themselves change (a corpus surface added or
      // moved between halves), never to absorb a rules change — the diff of the JSON file shows what moved.
      const file = join(import.meta.dirname, 'test', 'gaming-heldout-read.json');
      const read = (JSON.parse(readFileSync(file, 'utf8')) as { read: string }).read;
      writeFileSync(file, `${JSON.stringify({ read, overBound: out.sort() }, null, 1)}\n`);
    } else expect(out.sort()).toEqual([...HELD_OUT_OVER].sort());
  }, 900_000);
});

describe('rules v4 gaming table (v3 beside v4, one fixed draw)', () => {
  it('prints the mean change per transformation and surface; every v3 change within +2, the combined one too', async () => {
    const draws: [string, (s: Surface) => Surface][] = [
      ['boilerplate', (s) => applyBoilerplate(s, { picks: [0, 1, 2, 3, 4], seed: 3 })],
      ['leak boilerplate', (s) => applyLeak(s, { seed: 0, step: 2 })],
      ['nonsense', (s) => applyNonsense(s, [['vorpfexp', 'snarzakp', 'blimtobp', 'grumwixp'], ['quibplonp', 'drelmoopp', 'jankfexp', 'trovflibp']])],
      ['empty outputSchema', applyEmptyOutputSchemas],
      ['placeholder examples', (s) => applyPlaceholderExamples(s, 0)],
      ['unrelated alternative', (s) => applyUnrelatedAlternatives(s, 1)],
      ['false annotations', applyFalseAnnotations],
    ];
    draws.push(['all of the above', (s) => draws.slice(0, 7).reduce((acc, [, f]) => f(acc), s)]);
    const v2 = meanV3;
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
        lines.push(`${label.padEnd(22)} v3 mean ${avg(d2).toFixed(1).padStart(6)} max ${Math.max(...d2).toFixed(1).padStart(6)} | v4 mean ${avg(d3).toFixed(1).padStart(6)} max ${Math.max(...d3).toFixed(1).padStart(6)} min ${Math.min(...d3).toFixed(1).padStart(6)}`);
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
  }, 900_000);
});
