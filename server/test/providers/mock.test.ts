// The scripted mock: answers, failures, latency and cancellation, and its label.
import { describe, expect, it } from 'vitest';
import { createMockProvider } from '../../src/providers/mock.js';
import { failsWith, never, turnRequest } from './helpers.js';

describe('mock provider', () => {
  it('answers by script, in the order turns start, and records every request', async () => {
    const mock = createMockProvider({
      script: (_request, n) => (n === 0 ? { calls: [{ name: 'get_issue', arguments: { id: 1 } }] } : { calls: [{ name: 'x', argumentsText: 'not json' }], truncated: true }),
      unsupported: ['seed'],
    });
    const first = await mock.turn(turnRequest(), { signal: never() });
    expect(first.calls).toEqual([{ name: 'get_issue', argumentsText: '{"id":1}', arguments: { id: 1 }, parseError: null }]);
    expect(first.unsupported).toEqual(['seed']);
    expect(first.fingerprint).toBe(mock.requestFingerprint(turnRequest()));
    const second = await mock.turn(turnRequest(), { signal: never() });
    expect(second.calls[0]?.parseError).toEqual(expect.any(String));
    expect(second.truncated).toBe(true);
    expect(mock.turns).toHaveLength(2);
    expect(mock.kind).toBe('mock');
    expect(mock.label).toMatch(/mock.*not a model/);
  });

  it('silent by default; scripted failures carry code, status and retryAfterMs', async () => {
    expect((await createMockProvider().turn(turnRequest(), { signal: never() })).calls).toEqual([]);
    const error = await failsWith(createMockProvider({ script: () => ({ error: 'rate_limited', status: 429, retryAfterMs: 500 }) }).turn(turnRequest(), { signal: never() }), 'rate_limited');
    expect(error.status).toBe(429);
    expect(error.retryAfterMs).toBe(500);
  });

  it('latency is waited out, and an abort during it cancels', async () => {
    const mock = createMockProvider({ latencyMs: 60 });
    const start = performance.now();
    await mock.turn(turnRequest(), { signal: never() });
    expect(performance.now() - start).toBeGreaterThanOrEqual(55);
    const controller = new AbortController();
    const pending = mock.turn(turnRequest(), { signal: controller.signal });
    controller.abort();
    await failsWith(pending, 'cancelled');
    const aborted = new AbortController();
    aborted.abort();
    await failsWith(mock.turn(turnRequest(), { signal: aborted.signal }), 'cancelled');
  });
});
