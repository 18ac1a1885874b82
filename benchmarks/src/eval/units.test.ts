import { describe, expect, it } from 'vitest';
import type { TokenCounter } from '../text/tokens.js';
import { planRun } from './plan.js';
import { comparabilityKey, trialTokens, unitsFor } from './units.js';

const words: TokenCounter = { id: 'words', count: (text: string) => (text.trim() === '' ? 0 : text.trim().split(/\s+/).length) } as TokenCounter;

describe('units', () => {
  it('rounds up per request, costs nothing at price 0, and is exact on whole thousands', () => {
    expect(unitsFor(1, 1)).toBe(1);
    expect(unitsFor(1000, 1)).toBe(1);
    expect(unitsFor(1001, 1)).toBe(2);
    expect(unitsFor(2500, 0.4)).toBe(1);
    expect(unitsFor(5000, 0)).toBe(0);
  });

  it('a trial is the tools shown plus its utterance', () => {
    const plan = planRun({
      server: { tools: [{ name: 'find', description: 'find things here', inputSchema: { type: 'object' } }] } as never,
      cases: [
        { id: 'a', kind: 'tool-directed', language: 'en', source: 'file', utterance: 'find my keys', expected: 'find' },
        { id: 'b', kind: 'no-call', language: 'en', source: 'file', utterance: 'hello', expected: null },
      ],
      model: 'm',
      settings: {},
      seed: 0,
      repeats: 2,
    });
    // tools: "find" (1) + "find things here" (3) + '{"type":"object"}' (1) = 5
    expect(trialTokens(plan, plan.trials, words)).toEqual([8, 8, 6, 6]);
  });

  it('the comparability key ignores the order of distractor sets and changes with any setting', () => {
    const base = { model: 'm', providerFingerprint: 'f', settings: { t: 0 }, seed: 0, repeats: 1, permute: true, language: 'en', casesPerTool: 8, generator: 'offline', systemHash: 's' };
    const a = comparabilityKey({ ...base, distractors: [{ name: 'x', hash: '1' }, { name: 'y', hash: '2' }] });
    expect(comparabilityKey({ ...base, distractors: [{ name: 'y', hash: '2' }, { name: 'x', hash: '1' }] })).toBe(a);
    expect(comparabilityKey({ ...base, language: 'ja', distractors: [{ name: 'x', hash: '1' }, { name: 'y', hash: '2' }] })).not.toBe(a);
    expect(comparabilityKey({ ...base, distractors: [] })).not.toBe(a);
  });
});
