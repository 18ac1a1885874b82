// What each dialect puts on the wire for one turn: the request bodies the fake servers received.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAnthropicProvider } from '../../src/providers/anthropic.js';
import { createOpenAIChatProvider } from '../../src/providers/openai-chat.js';
import { COMPATIBLE_PRESETS, createOpenAICompatibleProvider } from '../../src/providers/openai-compatible.js';
import { createOpenAIResponsesProvider } from '../../src/providers/openai-responses.js';
import { startFake, type FakeServer } from '../fakes/llm-servers.mjs';
import { failsWith, never, turnRequest } from './helpers.js';

let openai: FakeServer;
let anthropic: FakeServer;
beforeAll(async () => {
  openai = await startFake('openai');
  anthropic = await startFake('anthropic');
});
afterAll(async () => {
  await openai.close();
  await anthropic.close();
});

describe('request bodies', () => {
  it('Responses: instructions, user input, function tools (not strict, schema verbatim), tool_choice, max_output_tokens, temperature, store false; no seed', async () => {
    const request = turnRequest();
    await createOpenAIResponsesProvider({ env: { OPENAI_API_KEY: openai.key }, baseURL: openai.baseURL }).turn(request, { signal: never() });
    const sent = openai.requests.at(-1)!;
    expect(sent.path).toBe('/v1/responses');
    expect(sent.body).toEqual({
      model: 'fake-model-1',
      instructions: request.system,
      input: [{ role: 'user', content: request.utterance }],
      tools: request.tools.map((t) => ({ type: 'function', name: t.name, description: t.description, parameters: t.inputSchema, strict: false })),
      tool_choice: 'auto',
      max_output_tokens: 256,
      temperature: 0,
      store: false,
    });
  });

  it('Chat Completions: system + user messages, function tools, max_completion_tokens, temperature and seed', async () => {
    const request = turnRequest();
    await createOpenAIChatProvider({ env: { OPENAI_API_KEY: openai.key }, baseURL: openai.baseURL }).turn(request, { signal: never() });
    const sent = openai.requests.at(-1)!;
    expect(sent.path).toBe('/v1/chat/completions');
    expect(sent.body).toEqual({
      model: 'fake-model-1',
      messages: [
        { role: 'system', content: request.system },
        { role: 'user', content: request.utterance },
      ],
      tools: request.tools.map((t) => ({ type: 'function', function: { name: t.name, description: t.description, parameters: t.inputSchema } })),
      tool_choice: 'auto',
      max_completion_tokens: 256,
      temperature: 0,
      seed: 7,
    });
  });

  it('Messages: system, user message, tools with input_schema, tool_choice auto, max_tokens; temperature and seed not sent', async () => {
    const request = turnRequest();
    const result = await createAnthropicProvider({ env: { ANTHROPIC_API_KEY: anthropic.key }, baseURL: anthropic.baseURL }).turn(request, { signal: never() });
    const sent = anthropic.requests.at(-1)!;
    expect(sent.path).toBe('/v1/messages');
    expect(sent.headers['anthropic-version']).toEqual(expect.any(String));
    expect(sent.body).toEqual({
      model: 'fake-model-1',
      system: request.system,
      messages: [{ role: 'user', content: request.utterance }],
      tools: request.tools.map((t) => ({ name: t.name, description: t.description, input_schema: t.inputSchema })),
      tool_choice: { type: 'auto' },
      max_tokens: 256,
    });
    expect(result.unsupported).toEqual(['temperature', 'seed']);
  });

  it('Messages: a tool_use input that is not an object is a parse error, not valid arguments', async () => {
    anthropic.push({ calls: [{ name: 'get_issue', arguments: 'oops', input: 'oops' }] });
    const [call] = (await createAnthropicProvider({ env: { ANTHROPIC_API_KEY: anthropic.key }, baseURL: anthropic.baseURL }).turn(turnRequest(), { signal: never() })).calls;
    expect(call).toEqual({ name: 'get_issue', argumentsText: 'oops', parseError: 'tool_use input is not a JSON object' });
  });

  it('no tools and no system: no tools key, no tool_choice, no system message', async () => {
    const request = turnRequest({ tools: [], system: '' });
    await createOpenAIChatProvider({ env: { OPENAI_API_KEY: openai.key }, baseURL: openai.baseURL }).turn(request, { signal: never() });
    expect(openai.requests.at(-1)!.body).toEqual({ model: 'fake-model-1', messages: [{ role: 'user', content: request.utterance }], max_completion_tokens: 256, temperature: 0, seed: 7 });
  });
});

describe('OpenAI-compatible presets', () => {
  it('each preset has a base URL and a key variable; local ones run without a key, hosted ones require it', async () => {
    expect(Object.keys(COMPATIBLE_PRESETS)).toEqual(['ollama', 'vllm', 'openrouter', 'together']);
    expect(createOpenAICompatibleProvider('ollama', { env: {} }).endpoint).toBe('http://localhost:11434/v1');
    expect(createOpenAICompatibleProvider('vllm', { env: {} }).endpoint).toBe('http://localhost:8000/v1');
    expect(createOpenAICompatibleProvider('openrouter', { env: { OPENROUTER_API_KEY: 'k' } }).endpoint).toBe('https://openrouter.ai/api/v1');
    expect(createOpenAICompatibleProvider('together', { env: { TOGETHER_API_KEY: 'k' } }).endpoint).toBe('https://api.together.xyz/v1');
    const error = await failsWith(Promise.resolve().then(() => createOpenAICompatibleProvider('openrouter', { env: {} })), 'missing_key');
    expect(error.message).toContain('OPENROUTER_API_KEY');
    await failsWith(Promise.resolve().then(() => createOpenAICompatibleProvider('together', { env: {} })), 'missing_key');
    await failsWith(Promise.resolve().then(() => createOpenAICompatibleProvider(undefined, { env: {} })), 'bad_request');
  });

  it('a preset pointed at the fake speaks Chat Completions with max_tokens; its id is in the fingerprint', async () => {
    const ollama = createOpenAICompatibleProvider('ollama', { env: {}, baseURL: openai.baseURL });
    const fake = await startFake('openai', { key: 'no-key' });
    try {
      const p = createOpenAICompatibleProvider('ollama', { env: {}, baseURL: fake.baseURL });
      fake.push({ calls: [{ name: 'search_issues', arguments: '{"query":"q"}' }] });
      const result = await p.turn(turnRequest(), { signal: never() });
      expect(result.calls[0]?.name).toBe('search_issues');
      expect(fake.requests.at(-1)!.body).toMatchObject({ max_tokens: 256, seed: 7 });
      const vllm = createOpenAICompatibleProvider('vllm', { env: {}, baseURL: fake.baseURL });
      expect(vllm.requestFingerprint(turnRequest())).not.toBe(p.requestFingerprint(turnRequest()));
      expect(vllm.fingerprint).not.toBe(p.fingerprint);
      expect(ollama.label).toContain('Ollama');
    } finally {
      await fake.close();
    }
  });

  it('generic openai-compatible takes the key from TOOLMARK_PROVIDER_API_KEY and the endpoint from baseURL', async () => {
    const p = createOpenAICompatibleProvider(undefined, { env: { TOOLMARK_PROVIDER_API_KEY: openai.key }, baseURL: openai.baseURL });
    openai.push({ text: 'hello' });
    expect((await p.turn(turnRequest(), { signal: never() })).text).toBe('hello');
    expect(p.id).toBe('openai-compatible');
  });
});
