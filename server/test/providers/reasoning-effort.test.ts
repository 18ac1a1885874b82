// --reasoning-effort on the wire: sent where the API has it (OpenAI Responses `reasoning.effort`, Chat
// Completions `reasoning_effort`), recorded as unsupported where it has not (Anthropic Messages, whose
// extended thinking is a token budget; the lexical baseline). The bodies are what the fake servers received.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAnthropicProvider } from '../../src/providers/anthropic.js';
import { createLexicalProvider } from '../../src/providers/lexical.js';
import { createOpenAIChatProvider } from '../../src/providers/openai-chat.js';
import { createOpenAIResponsesProvider } from '../../src/providers/openai-responses.js';
import { startFake, type FakeServer } from '../fakes/llm-servers.mjs';
import { never, turnRequest } from './helpers.js';

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

const withEffort = () => {
  const r = turnRequest();
  return { ...r, settings: { ...r.settings, reasoningEffort: 'high' as const } };
};

describe('reasoning effort', () => {
  it('Responses sends reasoning.effort; Chat Completions sends reasoning_effort; neither records it unsupported', async () => {
    const responses = await createOpenAIResponsesProvider({ env: { OPENAI_API_KEY: openai.key }, baseURL: openai.baseURL }).turn(withEffort(), { signal: never() });
    expect(openai.requests.at(-1)!.body).toMatchObject({ reasoning: { effort: 'high' } });
    expect(responses.unsupported).not.toContain('reasoningEffort');
    const chat = await createOpenAIChatProvider({ env: { OPENAI_API_KEY: openai.key }, baseURL: openai.baseURL }).turn(withEffort(), { signal: never() });
    expect(openai.requests.at(-1)!.body).toMatchObject({ reasoning_effort: 'high' });
    expect(chat.unsupported).not.toContain('reasoningEffort');
    // Not asked for: not sent.
    await createOpenAIChatProvider({ env: { OPENAI_API_KEY: openai.key }, baseURL: openai.baseURL }).turn(turnRequest(), { signal: never() });
    expect(openai.requests.at(-1)!.body).not.toHaveProperty('reasoning_effort');
  });

  it('Anthropic Messages and the lexical baseline record it as unsupported and send nothing for it', async () => {
    const result = await createAnthropicProvider({ env: { ANTHROPIC_API_KEY: anthropic.key }, baseURL: anthropic.baseURL }).turn(withEffort(), { signal: never() });
    expect(result.unsupported).toContain('reasoningEffort');
    const body = anthropic.requests.at(-1)!.body as Record<string, unknown>;
    expect(Object.keys(body).filter((k) => /reason|think|effort/.test(k))).toEqual([]);
    expect((await createLexicalProvider().turn(withEffort(), { signal: never() })).unsupported).toContain('reasoningEffort');
  });
});
