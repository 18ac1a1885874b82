import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseSurfaceValue } from '../../../surface/parse.js';
import { loadTokenCounter } from '../../../text/tokens.js';
import { confusablePairs as v2Pairs } from '../../v2/confusable.js';
import { surfaceFacts } from '../../v2/facts.js';
import { confusablePairs } from './index.js';

// Confusable pairs of rules v3 on the CALIBRATION half of the labelled corpus (distractors/corpus/, its
// index.json names the halves). The thresholds of v3 were set on this half only; the reported half is
// measured by `npm run bench:rules` and never read here.

const CORPUS = join(import.meta.dirname, '..', '..', '..', '..', '..', 'distractors', 'corpus');
// The calibration half as it was when v3 was sealed (18 surfaces). On 2026-12-07 the corpus's first
// reported half, read while v3 was measured, moved into calibration (distractors/corpus/README.md, "Halves"):
// v3's own figures stay those of the half it was calibrated on; v4's test reads the enlarged half.
const V3_CALIBRATION = ['argocd', 'brave-search', 'browserbase', 'chatwork', 'chrome-devtools', 'context7', 'datadog', 'firecrawl', 'gcloud', 'github', 'google-maps', 'hyperbrowser', 'kubernetes', 'memory', 'playwright-ea', 'puppeteer', 'shortcut', 'tavily'];
const index = { halves: { calibration: V3_CALIBRATION } };
const counter = await loadTokenCounter();

const key = (a: string, b: string): string => (a < b ? `${a} + ${b}` : `${b} + ${a}`);

function measure(pairsOf: typeof confusablePairs | typeof v2Pairs) {
  let tp = 0;
  const fp: string[] = [];
  const fn: string[] = [];
  for (const name of index.halves.calibration) {
    const surface = parseSurfaceValue(JSON.parse(readFileSync(join(CORPUS, name, 'tools.json'), 'utf8')));
    const labels = JSON.parse(readFileSync(join(CORPUS, name, 'labels.json'), 'utf8')) as { pairs: { tools: [string, string] }[] };
    const all = pairsOf(surfaceFacts(surface, counter));
    const kinds = new Map(all.map((p) => [key(p.tools[0], p.tools[1]), p.kind]));
    const found = new Set(kinds.keys());
    const labelled = new Set(labels.pairs.map((p) => key(p.tools[0], p.tools[1])));
    for (const p of found) if (labelled.has(p)) tp++;
    else fp.push(`${name}/${p} (${kinds.get(p)})`);
    for (const p of labelled) if (!found.has(p)) fn.push(`${name}/${p}`);
  }
  return { tp, fp, fn, precision: tp / (tp + fp.length), recall: tp / (tp + fn.length) };
}

describe('v3 confusable pairs on the calibration half', () => {
  it('reach precision ≥ 0.85 and recall ≥ 0.7 on the pairs an expert flags, above v2', () => {
    const v3 = measure(confusablePairs);
    const v2 = measure(v2Pairs);
    console.log(`v2: tp ${v2.tp} fp ${v2.fp.length} fn ${v2.fn.length}; v3: tp ${v3.tp} fp ${v3.fp.length} fn ${v3.fn.length}\n  v3 fp: ${v3.fp.join(', ')}\n  v3 fn: ${v3.fn.join(', ')}`);
    expect(v3.precision).toBeGreaterThanOrEqual(0.85);
    expect(v3.recall).toBeGreaterThanOrEqual(0.7);
    expect(v3.recall).toBeGreaterThan(v2.recall);
  }, 120_000);
});
