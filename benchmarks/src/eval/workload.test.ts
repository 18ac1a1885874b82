import { describe, expect, it } from 'vitest';
import { loadTokenCounter } from '../text/tokens.js';
import { planRun } from './plan.js';
import { contextBudgetProblem, estimateSeconds, summarizeWorkload, toolTokensOf } from './workload.js';

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

describe('the context budget and the time estimate', () => {
  it('refuses tools that take more tokens than --max-context-tokens, with the count', async () => {
    const counter = await loadTokenCounter();
    const tools = Array.from({ length: 3 }, (_, i) => ({ name: `tool_${i}`, description: 'Does one thing with a path.', inputSchema: { type: 'object', properties: { path: { type: 'string' } } } }));
    const plan = planRun({ server: { tools }, cases: [], model: 'm', settings: {}, seed: 1, repeats: 1 });
    const n = toolTokensOf(plan, counter);
    expect(contextBudgetProblem(plan, counter, n)).toBeNull();
    expect(contextBudgetProblem(plan, counter, undefined)).toBeNull();
    expect(contextBudgetProblem(plan, counter, n - 1)).toEqual({
      code: 'context_budget_exceeded',
      message: `the 3 tools shown take ${n} tokens (o200k_base) per trial; --max-context-tokens is ${n - 1}`,
      limit: n - 1,
      actual: n,
    });
    expect(summarizeWorkload(plan, counter, { maxContextTokens: n - 1 }).budgetProblems).toEqual([`the 3 tools shown take ${n} tokens (o200k_base) per trial; --max-context-tokens is ${n - 1}`]);
  });

  it('estimates wall time in whole waves of concurrent trials', () => {
    expect(estimateSeconds(10, 30, 4)).toBe(90);
    expect(estimateSeconds(8, 30, 4)).toBe(60);
    expect(estimateSeconds(1, 2.5, 1)).toBe(2.5);
  });
});
