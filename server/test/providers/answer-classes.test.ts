// Every HTTP 200 body that is not a model answer, and the real error statuses, through the official SDKs
// against fake servers on 127.0.0.1: classified as a provider error with its kind, never as an answer
// without calls (which the engine would score as "the model chose not to call").
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProviderErrorCode } from '@toolmark/benchmarks';
import { createAnthropicProvider } from '../../src/providers/anthropic.js';
import { createOpenAIChatProvider } from '../../src/providers/openai-chat.js';
import { createOpenAIResponsesProvider } from '../../src/providers/openai-responses.js';
import { checkBaseUrl, type HttpProviderOptions, type Provider } from '../../src/providers/provider.js';
import { startFake, type FakeServer } from '../fakes/llm-servers.mjs';
import { failsWith, never, turnRequest } from './helpers.js';

interface Dialect {
  name: string;
  kind: 'openai' | 'anthropic';
  keyVariable: string;
  create: (options: HttpProviderOptions) => Provider;
  /** 200 bodies that are not model answers, and the kind each must be classified as. */
  bodies: [string, unknown, ProviderErrorCode][];
}

const chatChoice = (choice: Record<string, unknown>) => ({ id: 'c', object: 'chat.completion', created: 1, model: 'm', choices: [{ index: 0, ...choice }] });
const response = (extra: Record<string, unknown>) => ({ id: 'r', object: 'response', created_at: 1, model: 'm', output: [], error: null, incomplete_details: null, ...extra });
const message = (extra: Record<string, unknown>) => ({ id: 'msg', type: 'message', role: 'assistant', model: 'm', content: [], stop_sequence: null, usage: { input_tokens: 1, output_tokens: 1 }, ...extra });

const DIALECTS: Dialect[] = [
  {
    name: 'openai-chat (Chat Completions)',
    kind: 'openai',
    keyVariable: 'OPENAI_API_KEY',
    create: createOpenAIChatProvider,
    bodies: [
      ['{"error": …} (a gateway outage answered with 200)', { error: { message: 'upstream unavailable', code: 502 } }, 'error_body'],
      ['{"choices": []}', { id: 'c', object: 'chat.completion', choices: [] }, 'no_answer'],
      ['{}', {}, 'no_answer'],
      ['a choice without a message', chatChoice({ finish_reason: 'stop' }), 'no_answer'],
      ['a choice with an error (finish_reason "error")', chatChoice({ finish_reason: 'error', error: { message: 'provider crashed' }, message: { role: 'assistant', content: '' } }), 'error_body'],
      ['finish_reason content_filter', chatChoice({ finish_reason: 'content_filter', message: { role: 'assistant', content: null } }), 'content_filter'],
      ['a body that is not an object', ['not', 'an', 'answer'], 'no_answer'],
    ],
  },
  {
    name: 'openai (Responses)',
    kind: 'openai',
    keyVariable: 'OPENAI_API_KEY',
    create: createOpenAIResponsesProvider,
    bodies: [
      ['{"error": …}', { error: { message: 'upstream unavailable', type: 'server_error' } }, 'error_body'],
      ['{}', {}, 'no_answer'],
      ['status failed with an error', response({ status: 'failed', output: undefined, error: { code: 'server_error', message: 'The model failed' } }), 'error_body'],
      ['status incomplete (content_filter)', response({ status: 'incomplete', incomplete_details: { reason: 'content_filter' } }), 'content_filter'],
      ['status in_progress', response({ status: 'in_progress' }), 'no_answer'],
      ['status completed without an output list', response({ status: 'completed', output: null }), 'no_answer'],
    ],
  },
  {
    name: 'anthropic (Messages)',
    kind: 'anthropic',
    keyVariable: 'ANTHROPIC_API_KEY',
    create: createAnthropicProvider,
    bodies: [
      ['an Anthropic error body {"type":"error",…}', { type: 'error', error: { type: 'overloaded_error', message: 'Overloaded' } }, 'error_body'],
      ['{}', {}, 'no_answer'],
      ['stop_reason refusal', message({ stop_reason: 'refusal' }), 'content_filter'],
      ['stop_reason pause_turn (unfinished)', message({ stop_reason: 'pause_turn' }), 'no_answer'],
      ['a message without content', message({ content: undefined, stop_reason: 'end_turn' }), 'no_answer'],
      ['content: [] with stop_reason end_turn (nothing answered)', message({ content: [], stop_reason: 'end_turn' }), 'no_answer'],
      ['only an empty text block', message({ content: [{ type: 'text', text: '' }], stop_reason: 'end_turn' }), 'no_answer'],
    ],
  },
];

describe.each(DIALECTS)('$name: answer classification', (dialect) => {
  let fake: FakeServer;
  const provider = (extra: Partial<HttpProviderOptions> = {}): Provider =>
    dialect.create({ env: { [dialect.keyVariable]: fake.key }, baseURL: fake.baseURL, maxRetries: 0, timeoutMs: 5_000, ...extra });

  beforeAll(async () => {
    fake = await startFake(dialect.kind, { key: 'sk-test-classify-key-1' });
  });
  afterAll(async () => {
    await fake.close();
  });

  it.each(dialect.bodies)('HTTP 200 with %s is a provider error, not an answer', async (_name, body, code) => {
    fake.push({ body });
    const error = await failsWith(provider().turn(turnRequest(), { signal: never() }), code);
    expect(error.status).toBe(200);
    expect(error.message).toMatch(/HTTP 200 without a model answer/);
    expect(error.message).not.toContain(fake.key);
  });

  it('a real answer without a call is still a model answer, and a truncation is a truncation', async () => {
    fake.push({ text: 'No tool fits.' }, { text: 'I will call sea', truncated: true });
    const answer = await provider().turn(turnRequest(), { signal: never() });
    expect(answer).toMatchObject({ calls: [], text: 'No tool fits.', truncated: false });
    expect((await provider().turn(turnRequest(), { signal: never() })).truncated).toBe(true);
  });

  it('a 200 body without an answer is retried like a 5xx; the recovered answer is used', async () => {
    fake.push({ body: {} }, { calls: [{ name: 'get_issue', arguments: '{"id":5}' }] });
    const before = fake.requests.length;
    const result = await provider({ maxRetries: 1 }).turn(turnRequest(), { signal: never() });
    expect(result.calls[0]?.arguments).toEqual({ id: 5 });
    expect(fake.requests.length - before).toBe(2);
  });

  it('a content-filter stop is not retried (the same request would be stopped again)', async () => {
    const filtered = dialect.bodies.find(([, , code]) => code === 'content_filter')!;
    // A retry would be answered by the fake's default script (an answer), so the failure proves none happened.
    fake.push({ body: filtered[1] });
    const before = fake.requests.length;
    await failsWith(provider({ maxRetries: 2 }).turn(turnRequest(), { signal: never() }), 'content_filter');
    expect(fake.requests.length - before).toBe(1);
  });

  it('429 with Retry-After is waited out and retried; after the retries it is rate_limited with retryAfterMs', async () => {
    fake.push({ status: 429, retryAfterMs: 50 }, { text: 'after the wait' });
    expect((await provider({ maxRetries: 1 }).turn(turnRequest(), { signal: never() })).text).toBe('after the wait');
    fake.push({ status: 429, retryAfter: 60 });
    const error = await failsWith(provider().turn(turnRequest(), { signal: never() }), 'rate_limited');
    expect(error.retryAfterMs).toBe(60_000);
  });

  it('500 is server_error and 529 is overloaded, each with its status', async () => {
    fake.push({ status: 500 });
    expect((await failsWith(provider().turn(turnRequest(), { signal: never() }), 'server_error')).status).toBe(500);
    fake.push({ status: 529 });
    expect((await failsWith(provider().turn(turnRequest(), { signal: never() }), 'overloaded')).status).toBe(529);
  });
});

describe('the endpoint is identified by its full base URL', () => {
  it('keeps the path, drops trailing slashes, refuses a query or fragment', async () => {
    expect(checkBaseUrl('https://gw.example.com/team-a/v1/', 'p', true)).toBe('https://gw.example.com/team-a/v1');
    expect(checkBaseUrl('https://gw.example.com/team-a/v1', 'p', true)).toBe('https://gw.example.com/team-a/v1');
    expect(checkBaseUrl('https://API.example.com:443/', 'p', true)).toBe('https://api.example.com');
    await failsWith(Promise.resolve().then(() => checkBaseUrl('https://gw.example.com/v1?key=abc', 'p', true)), 'bad_request');
    await failsWith(Promise.resolve().then(() => checkBaseUrl('https://gw.example.com/v1#x', 'p', true)), 'bad_request');
  });

  it('two deployments behind one host have different provider fingerprints; a trailing slash changes nothing', () => {
    const env = { OPENAI_API_KEY: 'sk-test-000000' };
    const a = createOpenAIChatProvider({ env, baseURL: 'https://gw.example.com/team-a/v1' });
    const a2 = createOpenAIChatProvider({ env, baseURL: 'https://gw.example.com/team-a/v1/' });
    const b = createOpenAIChatProvider({ env, baseURL: 'https://gw.example.com/team-b/v1' });
    expect(a.endpoint).toBe('https://gw.example.com/team-a/v1');
    expect(a.fingerprint).toBe(a2.fingerprint);
    expect(a.fingerprint).not.toBe(b.fingerprint);
    expect(a.requestFingerprint(turnRequest())).not.toBe(b.requestFingerprint(turnRequest()));
  });
});
