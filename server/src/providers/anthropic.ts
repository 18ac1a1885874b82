import Anthropic from '@anthropic-ai/sdk';
import type { ProposedCall, TurnRequest } from '@toolmark/benchmarks';
import {
  checkBaseUrl,
  DEFAULT_MAX_RETRIES,
  DEFAULT_TIMEOUT_MS,
  requireKey,
  sdkProvider,
  tokens,
  type HttpProviderOptions,
  type Provider,
  type TurnAnswer,
} from './provider.js';

/** The Anthropic API's endpoint (ANTHROPIC_BASE_URL is not read by us: the endpoint is explicit). */
export const ANTHROPIC_BASE_URL = 'https://api.anthropic.com';

/**
 * The Messages API (SDK 1.x) takes neither `seed` nor `temperature`: both are recorded as unsupported and
 * repeats carry the variance instead. Its extended thinking is a token budget (at least 1 024, below
 * max_tokens, temperature 1), not an effort level: `reasoningEffort` is recorded as unsupported too.
 */
const UNSUPPORTED = ['temperature', 'seed', 'reasoningEffort'] as const;

/** The wire body of one turn in the Messages format (tools with `input_schema`, `tool_choice: auto`). */
export function messagesBody(request: TurnRequest): Anthropic.MessageCreateParamsNonStreaming {
  const body: Anthropic.MessageCreateParamsNonStreaming = {
    model: request.model,
    max_tokens: request.settings.maxOutputTokens,
    messages: [{ role: 'user', content: request.utterance }],
  };
  if (request.system !== '') body.system = request.system;
  if (request.tools.length > 0) {
    body.tools = request.tools.map((t) => ({
      name: t.name,
      description: t.description,
      input_schema: t.inputSchema as Anthropic.Tool.InputSchema,
    }));
    body.tool_choice = { type: request.settings.toolChoice };
  }
  return body;
}

/**
 * The normalised result of a Messages answer. `tool_use.input` arrives parsed; its raw text is its JSON.
 * An input that is not an object (the API promises one) is kept as a parse error, not passed on as valid.
 */
export function fromMessage(message: Anthropic.Message): TurnAnswer {
  const calls: ProposedCall[] = [];
  const text: string[] = [];
  for (const block of message.content ?? []) {
    if (block.type === 'tool_use') {
      const input: unknown = block.input;
      const argumentsText = typeof input === 'string' ? input : (JSON.stringify(input) ?? '');
      if (typeof input === 'object' && input !== null && !Array.isArray(input)) calls.push({ name: block.name, argumentsText, arguments: input, parseError: null });
      else calls.push({ name: block.name, argumentsText, parseError: 'tool_use input is not a JSON object' });
    } else if (block.type === 'text') text.push(block.text);
  }
  return {
    calls,
    text: text.join(''),
    truncated: message.stop_reason === 'max_tokens',
    usage: { inputTokens: tokens(message.usage?.input_tokens), outputTokens: tokens(message.usage?.output_tokens) },
  };
}

/** Anthropic Messages with tools, through the official SDK. Key: ANTHROPIC_API_KEY. */
export function createAnthropicProvider(options: HttpProviderOptions): Provider {
  const id = 'anthropic';
  const apiKey = requireKey(options.env, 'ANTHROPIC_API_KEY', id);
  const baseURL = options.baseURL ?? ANTHROPIC_BASE_URL;
  const endpoint = checkBaseUrl(baseURL, id, true);
  const client = new Anthropic({
    apiKey,
    authToken: null,
    baseURL,
    timeout: options.timeoutMs ?? DEFAULT_TIMEOUT_MS,
    maxRetries: options.maxRetries ?? DEFAULT_MAX_RETRIES,
    logLevel: 'off',
  });
  return sdkProvider({
    id,
    label: `Anthropic Messages API (${endpoint})`,
    endpoint,
    unsupported: UNSUPPORTED,
    options: { api: 'messages' },
    body: messagesBody,
    send: (body, signal) => client.messages.create(body, { signal }),
    read: fromMessage,
  });
}
