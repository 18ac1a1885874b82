import { describe, expect, it } from 'vitest';
import { loadTokenCounter } from '../text/tokens.js';
import { planRun } from './plan.js';
import { summarizeWorkload } from './workload.js';

describe('summarizeWorkload', () => {
  it('counts trials, tools and a lower bound of prompt tokens with o200k', async () => {
    const counter = await loadTokenCounter();
    const server = { tools: [{ name: 'read_file', description: 'Read a file.', inputSchema: { type: 'object', properties: { path: { type: 'string' } } } }] };
    const plan = planRun({
      server,
      distractors: [{ name: 'memory', hash: 'h', surface: { tools: [{ name: 'remember', description: 'Remember.', inputSchema: { type: 'object' } }] } }],
      cases: [
        { id: 'a', kind: 'tool-directed', language: 'en', source: 'offline', utterance: 'read a.txt', expected: 'read_file' },
        { id: 'b', kind: 'no-call', language: 'en', source: 'offline', utterance: 'hello', expected: null },
      ],
      model: 'm',
      settings: {},
      seed: 1,
      repeats: 5,
      limits: { maxTrials: 4 },
    });
    const w = summarizeWorkload(plan, counter);
    const tools = ['read_file', 'Read a file.', '{"type":"object","properties":{"path":{"type":"string"}}}', 'remember', 'Remember.', '{"type":"object"}'].reduce((s, x) => s + counter.count(x), 0);
    expect(w).toMatchObject({ cases: 2, casesByKind: { 'tool-directed': 1, 'no-call': 1 }, repeats: 5, trials: 10, tools: { shown: 2, server: 1, distractors: 1 }, toolTokensPerTrial: tools, tokenizer: 'o200k_base' });
    expect(w.promptTokensLowerBound).toBe(10 * (tools + counter.count(plan.system)) + 5 * (counter.count('read a.txt') + counter.count('hello')));
    expect(w.budgetProblems).toEqual(['10 trials planned; the budget is 4']);
  });
});
