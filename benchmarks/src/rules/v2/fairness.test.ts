import { describe, expect, it } from 'vitest';
import type { LintResult } from '../../contracts/lint-result.js';
import type { Tool } from '../../contracts/tool.js';
import { parseSurfaceValue } from '../../surface/parse.js';
import { loadTokenCounter } from '../../text/tokens.js';
import type { RuleSet } from '../types.js';
import { rulesV1 } from '../v1/index.js';
import { rulesV2 } from './index.js';
import { FAIRNESS_PAIRS } from './test/fairness-corpus.js';

// Issue 12: the same content in English and Japanese must score within 5 points per tool. Each language
// is linted as one surface of the same names, so sibling mentions and the context are the same.

const MAX_DIFF = 5;

async function lint(rules: RuleSet, tools: Tool[]): Promise<LintResult> {
  return rules.lint(parseSurfaceValue({ tools }), { countTokens: await loadTokenCounter() });
}

async function differences(rules: RuleSet) {
  const en = await lint(rules, FAIRNESS_PAIRS.map((p) => p.en));
  const ja = await lint(rules, FAIRNESS_PAIRS.map((p) => p.ja));
  return FAIRNESS_PAIRS.map((p, i) => {
    const a = en.tools[i]!;
    const b = ja.tools[i]!;
    const categories = Object.keys(a.categories).filter((c) => a.categories[c as keyof typeof a.categories].points !== b.categories[c as keyof typeof b.categories].points);
    return { name: p.name, en: a.score, ja: b.score, diff: Math.abs(a.score - b.score), languages: [a.language, b.language], categories };
  });
}

const summary = (d: { diff: number }[]) => ({ max: Math.max(...d.map((x) => x.diff)), mean: Math.round((d.reduce((s, x) => s + x.diff, 0) / d.length) * 100) / 100 });

describe('rules v2 are fair to Japanese', () => {
  it('has at least 20 pairs of one tool in English and in Japanese, detected as such', async () => {
    expect(FAIRNESS_PAIRS.length).toBeGreaterThanOrEqual(20);
    for (const d of await differences(rulesV2)) expect(d.languages, d.name).toEqual(['en', 'ja']);
  });

  it('scores every pair within 5 points', async () => {
    const d = await differences(rulesV2);
    const over = d.filter((x) => x.diff > MAX_DIFF);
    expect(over, JSON.stringify(over)).toEqual([]);
    // Printed for the changelog and the report.
    console.log(`fairness v2: ${JSON.stringify(summary(d))}`);
  });

  it('detects what v1 got wrong on the same corpus (the test can fail)', async () => {
    const d = await differences(rulesV1);
    console.log(`fairness v1: ${JSON.stringify(summary(d))}`);
    expect(summary(d).max).toBeGreaterThan(MAX_DIFF);
  });
});
