// The runner (executePlan): order, concurrency, cache, cancellation, fatal errors and the error-rate stop,
// against the mock and against the fake OpenAI/Anthropic servers through the real SDK providers.
import { mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { planRun, trialRequest, type EvalCase, type Surface } from '@toolmark/benchmarks';
import { describe, expect, it } from 'vitest';
import { executePlan, RunCancelled, RunFailed, trialCacheKey } from '../../src/eval/run.js';
import { fileTrialCache, memoryTrialCache } from '../../src/eval/trial-cache.js';
import { runPool } from '../../src/eval/pool.js';
import { createAnthropicProvider } from '../../src/providers/anthropic.js';
import { createMockProvider } from '../../src/providers/mock.js';
import { createOpenAIResponsesProvider } from '../../src/providers/openai-responses.js';
import { startFake } from '../fakes/llm-servers.mjs';

const schema = (props: Record<string, unknown>, required: string[] = []) => ({ type: 'object', properties: props, required });
const surface: Surface = {
  tools: [
    { name: 'search_issues', description: 'Search issues by text.', inputSchema: schema({ query: { type: 'string' } }, ['query']) },
    { name: 'get_issue', description: 'Get one issue by its number.', inputSchema: schema({ id: { type: 'integer' } }, ['id']) },
    { name: 'close_issue', description: 'Close an issue.', inputSchema: schema({ id: { type: 'integer' } }, ['id']) },
  ],
} as Surface;
const kase = (id: string, utterance: string, expected: string | null): EvalCase => ({ id, kind: expected === null ? 'no-call' : 'tool-directed', language: 'en', source: 'file', utterance, expected });
const cases = [
  kase('search', 'search issues about a crash', 'search_issues'),
  kase('get', 'get issue 42', 'get_issue'),
  kase('close', 'close issue 7', 'close_issue'),
  kase('weather', 'what is the weather like', null),
];
const plan = (repeats = 1, extra: Partial<Parameters<typeof planRun>[0]> = {}) => planRun({ server: surface, cases, model: 'm', settings: { temperature: 0 }, seed: 1, repeats, ...extra });
const never = new AbortController().signal;

/** A mock that answers like a careful model: the tool named in the utterance, with fitting arguments. */
const oracle = createMockProvider({
  script: (request) => {
    const u = request.utterance;
    if (u.includes('search')) return { calls: [{ name: 'search_issues', arguments: { query: 'crash' } }] };
    if (u.includes('get issue')) return { calls: [{ name: 'get_issue', arguments: { id: 42 } }] };
    if (u.includes('close')) return { calls: [{ name: 'close_issue', arguments: { id: 'seven' } }] };
    return { text: 'no tool for that' };
  },
});

describe('runPool', () => {
  it('keeps input order, never exceeds the concurrency, and stops taking items on abort', async () => {
    let inFlight = 0;
    let peak = 0;
    const out = await runPool(
      Array.from({ length: 20 }, (_, i) => i),
      3,
      async (i) => {
        peak = Math.max(peak, ++inFlight);
        await new Promise((r) => setTimeout(r, 5 + (i % 3)));
        inFlight--;
        return i * 2;
      },
      never,
    );
    expect(out).toEqual(Array.from({ length: 20 }, (_, i) => i * 2));
    expect(peak).toBe(3);
    const controller = new AbortController();
    let started = 0;
    await runPool(
      Array.from({ length: 50 }, (_, i) => i),
      2,
      async () => {
        if (++started === 4) controller.abort();
        await new Promise((r) => setTimeout(r, 1));
      },
      controller.signal,
    );
    expect(started).toBeLessThan(10);
  });
});

describe('executePlan', () => {
  it('records every trial in plan order with the core verdicts (correct, invalid args, abstention)', async () => {
    const p = plan(2);
    const { records, cacheHits } = await executePlan({ plan: p, provider: oracle, concurrency: 3, signal: never });
    expect(records.map((r) => `${r.caseId}#${r.trialIndex}`)).toEqual(p.trials.map((t) => `${t.caseId}#${t.trialIndex}`));
    const byCase = Object.fromEntries(records.filter((r) => r.trialIndex === 0).map((r) => [r.caseId, r.verdict]));
    expect(byCase.search?.kind).toBe('correct');
    expect(byCase.search?.argsValid).toBe(true);
    expect(byCase.close?.argsValid).toBe(false);
    expect(byCase.close?.argErrors[0]?.kind).toBe('wrong_type');
    expect(byCase.weather?.kind).toBe('correct_abstention');
    expect(cacheHits).toBe(0);
    // Permuted per trial: the orders recorded are the orders the provider saw.
    expect(records[0]?.order).toEqual(expect.arrayContaining(surface.tools.map((t) => t.name)));
  });

  it('each trial sees the tools in its own seeded order; the same seed gives the same orders', async () => {
    const a = createMockProvider();
    const b = createMockProvider();
    await executePlan({ plan: plan(4), provider: a, concurrency: 1, signal: never });
    await executePlan({ plan: plan(4), provider: b, concurrency: 1, signal: never });
    const orders = a.turns.map((t) => t.tools.map((x) => x.name).join(','));
    expect(orders).toEqual(b.turns.map((t) => t.tools.map((x) => x.name).join(',')));
    expect(new Set(orders).size).toBeGreaterThan(1);
  });

  it('a second run is answered from the cache (file cache, atomic files), repeats stay separate entries, errors are never stored', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'toolmark-cache-'));
    let calls = 0;
    const provider = createMockProvider({
      script: (request) => {
        calls++;
        return request.utterance.includes('weather') ? { error: 'server_error', status: 500 } : { calls: [{ name: 'get_issue', arguments: { id: 1 } }] };
      },
    });
    const first = await executePlan({ plan: plan(2), provider, concurrency: 2, signal: never, cache: fileTrialCache(dir) });
    expect(calls).toBe(8);
    expect(first.records.filter((r) => r.error !== null)).toHaveLength(2);
    const second = await executePlan({ plan: plan(2), provider, concurrency: 2, signal: never, cache: fileTrialCache(dir) });
    expect(second.cacheHits).toBe(6);
    expect(calls).toBe(10);
    expect(second.records.filter((r) => r.cached)).toHaveLength(6);
    const files = readdirSync(dir, { recursive: true }).map(String);
    expect(files.filter((f) => f.endsWith('.json'))).toHaveLength(6);
    expect(files.filter((f) => f.endsWith('.tmp'))).toHaveLength(0);
    const memory = memoryTrialCache();
    await executePlan({ plan: plan(3), provider: oracle, concurrency: 2, signal: never, cache: memory });
    expect(memory.size()).toBe(12);
  });

  it('cancellation: in-flight turns are aborted, no further trial starts, RunCancelled is thrown', async () => {
    const slow = createMockProvider({ latencyMs: 5_000 });
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 50);
    const start = performance.now();
    await expect(executePlan({ plan: plan(5), provider: slow, concurrency: 2, signal: controller.signal })).rejects.toBeInstanceOf(RunCancelled);
    expect(performance.now() - start).toBeLessThan(1_000);
    expect(slow.turns).toHaveLength(2);
  });

  it('an auth failure stops the run at once (every trial would fail the same way)', async () => {
    const provider = createMockProvider({ script: () => ({ error: 'auth', status: 401 }) });
    const error = await executePlan({ plan: plan(10), provider, concurrency: 2, signal: never }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RunFailed);
    expect((error as RunFailed).code).toBe('provider_failed');
    expect(provider.turns.length).toBeLessThanOrEqual(2);
  });

  it('stops once the error rate can no longer be met, and not before', async () => {
    const failing = createMockProvider({ script: () => ({ error: 'server_error', status: 500 }) });
    const error = await executePlan({ plan: plan(10), provider: failing, concurrency: 1, signal: never, maxErrorRate: 0.1 }).catch((e: unknown) => e);
    expect((error as RunFailed).code).toBe('error_rate_exceeded');
    expect(failing.turns).toHaveLength(5); // 40 trials × 0.1 = 4 allowed; the 5th error stops the run
    const some = createMockProvider({ script: (_r, n) => (n % 20 === 0 ? { error: 'timeout' } : { text: '' }) });
    const { records } = await executePlan({ plan: plan(10), provider: some, concurrency: 4, signal: never, maxErrorRate: 0.1 });
    expect(records.filter((r) => r.error?.code === 'timeout')).toHaveLength(2);
  });

  it('the error-rate stop compares exactly: 29 errors of 50 at 0.58 run to the end, the 30th error stops', async () => {
    const fifty = planRun({ server: surface, cases: [...cases, kase('other', 'tell me a joke', null)], model: 'm', settings: {}, seed: 1, repeats: 10 });
    expect(fifty.trials).toHaveLength(50);
    const erring = (n: number) => createMockProvider({ script: (_r, i) => (i < n ? { error: 'server_error', status: 500 } : { text: '' }) });
    const { records } = await executePlan({ plan: fifty, provider: erring(29), concurrency: 1, signal: never, maxErrorRate: 0.58 });
    expect(records).toHaveLength(50);
    expect(records.filter((r) => r.error !== null)).toHaveLength(29);
    const thirty = erring(30);
    const error = await executePlan({ plan: fifty, provider: thirty, concurrency: 1, signal: never, maxErrorRate: 0.58 }).catch((e: unknown) => e);
    expect((error as RunFailed).code).toBe('error_rate_exceeded');
    expect(thirty.turns).toHaveLength(30);
  });

  it('runs against the fake OpenAI and Anthropic servers through the SDK providers, unsupported settings recorded', async () => {
    for (const kind of ['openai', 'anthropic'] as const) {
      const fake = await startFake(kind, {
        script: (view) => (view.utterance.includes('weather') ? { text: 'sunny' } : { calls: [{ name: 'search_issues', arguments: '{"query":"crash"}' }] }),
      });
      try {
        const provider =
          kind === 'openai'
            ? createOpenAIResponsesProvider({ env: { OPENAI_API_KEY: fake.key }, baseURL: fake.baseURL })
            : createAnthropicProvider({ env: { ANTHROPIC_API_KEY: fake.key }, baseURL: fake.baseURL });
        const result = await executePlan({ plan: plan(2, { settings: { temperature: 0, seed: 3 } }), provider, concurrency: 4, signal: never });
        expect(result.records).toHaveLength(8);
        expect(result.records.filter((r) => r.verdict.kind === 'correct')).toHaveLength(2);
        expect(result.records.filter((r) => r.verdict.kind === 'correct_abstention')).toHaveLength(2);
        expect(result.unsupported).toEqual(kind === 'openai' ? ['seed'] : ['seed', 'temperature']);
        expect(fake.requests).toHaveLength(8);
      } finally {
        await fake.close();
      }
    }
  });
});

describe('trialCacheKey', () => {
  it('is the same with the rendered request and without it (the case and the trial order alone), for every trial of a permuted plan', () => {
    const p = plan(3, { permute: true });
    const keys = p.trials.map((trial) => trialCacheKey(p, 'fp', trial));
    expect(keys).toEqual(p.trials.map((trial) => trialCacheKey(p, 'fp', trial, trialRequest(p, trial))));
    // Repeats and orders keep keys apart.
    expect(new Set(keys).size).toBe(keys.length);
  });
});
