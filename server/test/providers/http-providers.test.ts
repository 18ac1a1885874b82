// The three HTTP dialects (OpenAI Responses, OpenAI Chat Completions, Anthropic Messages) through their
// official SDKs against fake servers that speak the real wire formats: every scripted outcome once per dialect.
import { getEventListeners } from 'node:events';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAnthropicProvider } from '../../src/providers/anthropic.js';
import { createOpenAIChatProvider } from '../../src/providers/openai-chat.js';
import { createOpenAIResponsesProvider } from '../../src/providers/openai-responses.js';
import type { HttpProviderOptions, Provider } from '../../src/providers/provider.js';
import { startFake, type FakeServer } from '../fakes/llm-servers.mjs';
import { failsWith, never, turnRequest } from './helpers.js';

interface Dialect {
  name: string;
  kind: 'openai' | 'anthropic';
  keyVariable: string;
  create: (options: HttpProviderOptions) => Provider;
  unsupported: string[];
}

const DIALECTS: Dialect[] = [
  { name: 'openai (Responses)', kind: 'openai', keyVariable: 'OPENAI_API_KEY', create: createOpenAIResponsesProvider, unsupported: ['seed'] },
  { name: 'openai-chat (Chat Completions)', kind: 'openai', keyVariable: 'OPENAI_API_KEY', create: createOpenAIChatProvider, unsupported: [] },
  { name: 'anthropic (Messages)', kind: 'anthropic', keyVariable: 'ANTHROPIC_API_KEY', create: createAnthropicProvider, unsupported: ['temperature', 'seed'] },
];

describe.each(DIALECTS)('$name against a fake server', (dialect) => {
  let fake: FakeServer;
  const provider = (extra: Partial<HttpProviderOptions> = {}): Provider =>
    dialect.create({ env: { [dialect.keyVariable]: fake.key }, baseURL: fake.baseURL, maxRetries: 0, timeoutMs: 5_000, ...extra });

  beforeAll(async () => {
    fake = await startFake(dialect.kind, { key: 'sk-test-secret-key-123' });
  });
  afterAll(async () => {
    await fake.close();
  });

  it('one call: name, raw arguments, parsed arguments, usage, latency, fingerprint; the key is sent and nowhere else', async () => {
    fake.push({ calls: [{ name: 'search_issues', arguments: '{"query":"crash on start"}' }] });
    const p = provider();
    const request = turnRequest();
    const result = await p.turn(request, { signal: never() });
    expect(result.calls).toEqual([{ name: 'search_issues', argumentsText: '{"query":"crash on start"}', arguments: { query: 'crash on start' }, parseError: null }]);
    expect(result.text).toBe('');
    expect(result.truncated).toBe(false);
    expect(result.usage.inputTokens).toBeGreaterThan(0);
    expect(result.usage.outputTokens).toBeGreaterThan(0);
    expect(result.latencyMs).toBeGreaterThanOrEqual(0);
    expect(result.fingerprint).toMatch(/^sha256:[0-9a-f]{64}$/);
    expect(result.fingerprint).toBe(p.requestFingerprint(request));
    expect(result.unsupported).toEqual(dialect.unsupported);
    expect(JSON.stringify(result)).not.toContain(fake.key);
    expect(p.label).not.toContain(fake.key);
    const sent = fake.requests.at(-1)!;
    expect(`${sent.headers.authorization ?? ''} ${sent.headers['x-api-key'] ?? ''}`).toContain(fake.key);
  });

  it('the fingerprint changes with the model, settings and tool order, never with the key', async () => {
    const a = provider();
    const b = dialect.create({ env: { [dialect.keyVariable]: 'sk-another-key-456' }, baseURL: fake.baseURL });
    const request = turnRequest();
    expect(a.requestFingerprint(request)).toBe(b.requestFingerprint(request));
    expect(a.fingerprint).toBe(b.fingerprint);
    expect(a.fingerprint).toMatch(/^sha256:[0-9a-f]{64}$/);
    expect(a.requestFingerprint({ ...request, model: 'other' })).not.toBe(a.requestFingerprint(request));
    expect(a.requestFingerprint({ ...request, settings: { ...request.settings, maxOutputTokens: 99 } })).not.toBe(a.requestFingerprint(request));
    expect(a.requestFingerprint({ ...request, tools: [...request.tools].reverse() })).not.toBe(a.requestFingerprint(request));
  });

  it('several calls are kept in order', async () => {
    fake.push({ calls: [{ name: 'get_issue', arguments: '{"id":1}' }, { name: 'search_issues', arguments: '{"query":"x"}' }, { name: 'get_issue', arguments: '{"id":2}' }] });
    const result = await provider().turn(turnRequest(), { signal: never() });
    expect(result.calls.map((c) => [c.name, c.arguments])).toEqual([
      ['get_issue', { id: 1 }],
      ['search_issues', { query: 'x' }],
      ['get_issue', { id: 2 }],
    ]);
  });

  it('no call: the text answer', async () => {
    fake.push({ text: 'No tool fits that.' });
    const result = await provider().turn(turnRequest(), { signal: never() });
    expect(result.calls).toEqual([]);
    expect(result.text).toBe('No tool fits that.');
    expect(result.truncated).toBe(false);
  });

  it('arguments that are not JSON are kept raw with a parse error', async () => {
    fake.push({ calls: [{ name: 'search_issues', arguments: '{"query": crash' }] });
    const [call] = (await provider().turn(turnRequest(), { signal: never() })).calls;
    expect(call?.name).toBe('search_issues');
    expect(call?.argumentsText).toBe('{"query": crash');
    expect(call?.arguments).toBeUndefined();
    expect(call?.parseError).toEqual(expect.any(String));
  });

  it('an answer cut off by the length limit is truncated', async () => {
    fake.push({ text: 'I will call search_iss', truncated: true });
    const result = await provider().turn(turnRequest(), { signal: never() });
    expect(result.truncated).toBe(true);
  });

  it('429 with Retry-After: the SDK waits as told and retries', async () => {
    fake.push({ status: 429, retryAfter: 1 }, { calls: [{ name: 'get_issue', arguments: '{"id":3}' }] });
    const before = fake.requests.length;
    const start = performance.now();
    const result = await provider({ maxRetries: 1 }).turn(turnRequest(), { signal: never() });
    expect(performance.now() - start).toBeGreaterThanOrEqual(950);
    expect(result.calls[0]?.name).toBe('get_issue');
    expect(fake.requests.length - before).toBe(2);
  });

  it('429 after the retries: rate_limited with status and retryAfterMs', async () => {
    fake.push({ status: 429, retryAfter: 7 });
    const error = await failsWith(provider().turn(turnRequest(), { signal: never() }), 'rate_limited');
    expect(error.status).toBe(429);
    expect(error.retryAfterMs).toBe(7_000);
    expect(error.message).not.toContain(fake.key);
  });

  it('500: retried, then server_error when it persists', async () => {
    fake.push({ status: 500 }, { text: 'recovered' });
    expect((await provider({ maxRetries: 1 }).turn(turnRequest(), { signal: never() })).text).toBe('recovered');
    fake.push({ status: 500 }, { status: 503 });
    const error = await failsWith(provider({ maxRetries: 1 }).turn(turnRequest(), { signal: never() }), 'server_error');
    expect(error.status).toBe(503);
  });

  it('a hang ends in timeout after the per-request limit', async () => {
    fake.push({ hang: true });
    const start = performance.now();
    await failsWith(provider({ timeoutMs: 300 }).turn(turnRequest(), { signal: never() }), 'timeout');
    expect(performance.now() - start).toBeLessThan(3_000);
  });

  it('an abort ends a hanging turn at once with cancelled', async () => {
    fake.push({ hang: true });
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 100);
    const start = performance.now();
    await failsWith(provider({ timeoutMs: 30_000 }).turn(turnRequest(), { signal: controller.signal }), 'cancelled');
    expect(performance.now() - start).toBeLessThan(2_000);
  });

  it('an abort during a Retry-After wait cancels at once', async () => {
    fake.push({ status: 429, retryAfter: 30 });
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 300);
    const start = performance.now();
    await failsWith(provider({ maxRetries: 2 }).turn(turnRequest(), { signal: controller.signal }), 'cancelled');
    expect(performance.now() - start).toBeLessThan(2_000);
  });

  it('turns sharing one run signal leave no listener on it (the SDK\'s abort listeners would pile up, one per request)', async () => {
    const run = new AbortController();
    const p = provider();
    for (let i = 0; i < 12; i++) await p.turn(turnRequest(), { signal: run.signal });
    fake.push({ status: 500 });
    await failsWith(p.turn(turnRequest(), { signal: run.signal }), 'server_error');
    expect(getEventListeners(run.signal, 'abort')).toHaveLength(0);
  });

  it('a wrong key is auth (401), and a missing key is missing_key naming the variable', async () => {
    const wrong = dialect.create({ env: { [dialect.keyVariable]: 'sk-wrong-key-000' }, baseURL: fake.baseURL, maxRetries: 0 });
    const error = await failsWith(wrong.turn(turnRequest(), { signal: never() }), 'auth');
    expect(error.status).toBe(401);
    expect(error.message).not.toContain('sk-wrong-key-000');
    await failsWith(Promise.resolve().then(() => dialect.create({ env: {}, baseURL: fake.baseURL })), 'missing_key');
    const missing = await failsWith(Promise.resolve().then(() => dialect.create({ env: { [dialect.keyVariable]: '  ' } })), 'missing_key');
    expect(missing.message).toContain(dialect.keyVariable);
  });

  it('a key is never sent over plain HTTP to another machine', async () => {
    await failsWith(Promise.resolve().then(() => dialect.create({ env: { [dialect.keyVariable]: 'k' }, baseURL: 'http://example.com/v1' })), 'bad_request');
    await failsWith(Promise.resolve().then(() => dialect.create({ env: { [dialect.keyVariable]: 'k' }, baseURL: 'https://user:pw@example.com/v1' })), 'bad_request');
  });

  it('a refused connection is network', async () => {
    const closed = await startFake(dialect.kind);
    const baseURL = closed.baseURL;
    await closed.close();
    await failsWith(dialect.create({ env: { [dialect.keyVariable]: 'k' }, baseURL, maxRetries: 0 }).turn(turnRequest(), { signal: never() }), 'network');
  });
});
