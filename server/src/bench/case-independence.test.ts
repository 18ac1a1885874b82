// The claim `bench:cases` reports, held by a test: on the models leaderboard's servers, the hand-written
// toolmark-public v2 test half shares far fewer words with its expected tools than the offline paraphrases,
// and the lexical baseline's selection accuracy on it is below the paraphrases' with non-overlapping 95 %
// intervals, in English and in Japanese.
import { describe, expect, it } from 'vitest';
import { wilson } from '@toolmark/benchmarks';
import { measureCaseSet, overlapOf, suiteServers } from './case-independence.js';

describe('case independence', () => {
  it('overlap is the share of the request\'s terms found in the tool\'s', () => {
    expect(overlapOf('fetch the page text', new Set(['fetch', 'page']))).toBeCloseTo(2 / 3, 10);
    expect(overlapOf('the', new Set(['the']))).toBe(0);
  });

  for (const language of ['en', 'ja'] as const) {
    it(`v2's test half is clearly harder for the baseline than the paraphrases (${language})`, async () => {
      const servers = suiteServers();
      const para = await measureCaseSet({ set: 'paraphrase', half: null, language, distractors: [] }, servers);
      const v2 = await measureCaseSet({ set: 'v2', half: 'test', language, distractors: [] }, servers);
      expect(v2.meanOverlap).toBeLessThan(para.meanOverlap / 2);
      const [, v2High] = wilson(v2.selection.numerator, v2.selection.denominator)!;
      const [paraLow] = wilson(para.selection.numerator, para.selection.denominator)!;
      expect(v2High).toBeLessThan(paraLow);
      expect(v2.noCallCases / v2.cases).toBeGreaterThanOrEqual(0.15);
    }, 60_000);
  }
});
