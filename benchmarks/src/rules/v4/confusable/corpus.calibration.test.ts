import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseSurfaceValue } from '../../../surface/parse.js';
import { loadTokenCounter } from '../../../text/tokens.js';
import { confusablePairs as v3Pairs } from '../../v3/confusable/index.js';
import { surfaceFacts } from '../../v2/facts.js';
import { confusablePairs } from './index.js';

// Confusable pairs of rules v4 on the CALIBRATION material of the labelled corpus (distractors/corpus/, its
// index.json names the halves): the calibration half (34 surfaces) and, since the second pairs round
// (2026-12-07, 21:40 UTC), the reported half too (13 surfaces), which the first v4 pairs round read once and
// whose misses the second round was asked to fix — so it is calibration now. The figures to quote for the
// second round are the held-out set's (heldout/pairs.json, read once by heldout.test.ts).

const CORPUS = join(import.meta.dirname, '..', '..', '..', '..', '..', 'distractors', 'corpus');
const index = JSON.parse(readFileSync(join(CORPUS, 'index.json'), 'utf8')) as { halves: { calibration: string[]; reported: string[] } };
const counter = await loadTokenCounter();

const key = (a: string, b: string): string => (a < b ? `${a} + ${b}` : `${b} + ${a}`);

function measure(pairsOf: typeof confusablePairs | typeof v3Pairs) {
  let tp = 0;
  const fp: string[] = [];
  const fn: string[] = [];
  for (const name of [...index.halves.calibration, ...index.halves.reported]) {
    const surface = parseSurfaceValue(JSON.parse(readFileSync(join(CORPUS, name, 'tools.json'), 'utf8')));
    const labels = JSON.parse(readFileSync(join(CORPUS, name, 'labels.json'), 'utf8')) as { pairs: { tools: [string, string] }[] };
    const all = pairsOf(surfaceFacts(surface, counter));
    const kinds = new Map(all.map((p) => [key(p.tools[0], p.tools[1]), p.kind]));
    const labelled = new Set(labels.pairs.map((p) => key(p.tools[0], p.tools[1])));
    for (const [p, kind] of kinds) if (labelled.has(p)) tp++;
    else fp.push(`${name}/${p} (${kind})`);
    for (const p of labelled) if (!kinds.has(p)) fn.push(`${name}/${p}`);
  }
  return { tp, fp, fn, precision: tp / (tp + fp.length), recall: tp / (tp + fn.length) };
}

describe('v4 confusable pairs on the calibration material (both halves of the corpus)', () => {
  it('reach precision ≥ 0.85 and recall ≥ 0.7 on the pairs an expert flags, above v3', () => {
    const v4 = measure(confusablePairs);
    const v3 = measure(v3Pairs);
    console.log(
      `v3: tp ${v3.tp} fp ${v3.fp.length} fn ${v3.fn.length}; v4: tp ${v4.tp} fp ${v4.fp.length} fn ${v4.fn.length}\n  v4 fp: ${v4.fp.join(', ')}\n  v4 fn: ${v4.fn.join(', ')}`,
    );
    expect(v4.precision).toBeGreaterThanOrEqual(0.85);
    expect(v4.recall).toBeGreaterThanOrEqual(0.7);
    expect(v4.recall).toBeGreaterThan(v3.recall);
    expect(v4.precision).toBeGreaterThanOrEqual(v3.precision);
  }, 120_000);
});
