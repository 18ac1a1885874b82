// A gateway that answers HTTP 200 with bodies that are not model answers must make an error run, not a
// cautious model: through the real SDK provider, the runner and the report (fake server on 127.0.0.1).
import { planRun, type EvalCase, type Surface } from '@toolmark/benchmarks';
import { describe, expect, it } from 'vitest';
import { runPlanned } from '../../src/eval/evaluate.js';
import { executePlan } from '../../src/eval/run.js';
import { memoryTrialCache } from '../../src/eval/trial-cache.js';
import { createOpenAIChatProvider } from '../../src/providers/openai-chat.js';
import { startFake } from '../fakes/llm-servers.mjs';

const surface: Surface = {
  tools: [
    { name: 'search_issues', description: 'Search issues by text.', inputSchema: { type: 'object', properties: { query: { type: 'string' } }, required: ['query'] } },
    { name: 'close_issue', description: 'Close an issue.', inputSchema: { type: 'object', properties: { id: { type: 'integer' } }, required: ['id'] } },
  ],
} as Surface;
const kase = (id: string, utterance: string, expected: string | null): EvalCase => ({ id, kind: expected === null ? 'no-call' : 'tool-directed', language: 'en', source: 'file', utterance, expected });
const cases = [kase('search', 'search issues about a crash', 'search_issues'), kase('weather', 'what is the weather like', null), kase('joke', 'tell me a joke', null)];
const plan = () => planRun({ server: surface, cases, model: 'm', settings: { temperature: 0 }, seed: 1, repeats: 2 });
const never = new AbortController().signal;

describe('HTTP 200 bodies that are not answers, through the runner', () => {
  it('are provider errors by kind, never a no-call verdict; the report lists them; errors are not cached', async () => {
    // No-call cases get bodies without an answer; the tool case a real answer.
    const fake = await startFake('openai', {
      script: (view, n) =>
        view.utterance.includes('weather')
          ? { body: n % 2 === 0 ? {} : { choices: [] } }
          : view.utterance.includes('joke')
            ? { body: { error: { message: 'upstream gateway timeout' } } }
            : { calls: [{ name: 'search_issues', arguments: '{"query":"crash"}' }] },
    });
    try {
      const provider = createOpenAIChatProvider({ env: { OPENAI_API_KEY: fake.key }, baseURL: fake.baseURL, maxRetries: 0 });
      const cache = memoryTrialCache();
      const report = await runPlanned({
        plan: plan(),
        caseSource: 'file:test',
        provider,
        concurrency: 2,
        thresholds: { minAccuracy: undefined, maxFalseCallRate: 0, maxErrorRate: 1, minScored: 1 },
        cache,
        signal: never,
      });
      const m = report.metrics;
      expect(report.trials.filter((t) => t.verdict.kind === 'correct_abstention')).toHaveLength(0);
      expect(report.trials.filter((t) => t.verdict.kind === 'error')).toHaveLength(4);
      expect(m.errors).toBe(4);
      expect(m.errorRate).toMatchObject({ numerator: 4, denominator: 6 });
      // The no-call cases were never answered: no false-call rate at all, not a perfect 0 %.
      expect(m.falseCallRate).toMatchObject({ numerator: 0, denominator: 0, value: null });
      expect(m.selectionAcc).toMatchObject({ numerator: 2, denominator: 2 });
      expect(m.providerErrors.map((g) => [g.code, g.count])).toEqual([
        ['error_body', 2],
        ['no_answer', 2],
      ]);
      expect(m.providerErrors[0]!.examples[0]).toMatchObject({ caseId: 'joke', message: expect.stringMatching(/HTTP 200 without a model answer: error in the body: upstream gateway timeout/) });
      expect(m.providerErrors[1]!.examples.map((e) => e.message).join('\n')).toMatch(/no choices/);
      // Only the two real answers were cached.
      expect(cache.size()).toBe(2);
      // The default 10 % error rate fails the run as an execution failure (exit 2), not a pass.
      const strict = await executePlan({ plan: plan(), provider, concurrency: 1, signal: never, maxErrorRate: 0.1 }).catch((e: unknown) => e);
      expect((strict as { code?: string }).code).toBe('error_rate_exceeded');
    } finally {
      await fake.close();
    }
  });

  it('the cache tells two deployments on one host apart by their path', async () => {
    const fake = await startFake('openai', { script: () => ({ calls: [{ name: 'search_issues', arguments: '{"query":"x"}' }] }) });
    try {
      const cache = memoryTrialCache();
      const a = createOpenAIChatProvider({ env: { OPENAI_API_KEY: fake.key }, baseURL: fake.baseURL });
      // Same origin, another path (a gateway's other deployment): the answers of `a` must not be reused.
      const b = createOpenAIChatProvider({ env: { OPENAI_API_KEY: fake.key }, baseURL: `${fake.origin}/other/v1` });
      await executePlan({ plan: plan(), provider: a, concurrency: 2, signal: never, cache });
      const again = await executePlan({ plan: plan(), provider: createOpenAIChatProvider({ env: { OPENAI_API_KEY: fake.key }, baseURL: `${fake.baseURL}/` }), concurrency: 2, signal: never, cache });
      expect(again.cacheHits).toBe(6);
      const other = await executePlan({ plan: plan(), provider: b, concurrency: 2, signal: never, cache });
      expect(other.cacheHits).toBe(0);
    } finally {
      await fake.close();
    }
  });
});
