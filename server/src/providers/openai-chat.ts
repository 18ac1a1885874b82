import OpenAI from 'openai';
import type { ProposedCall, TurnRequest } from '@toolmark/benchmarks';
import { OPENAI_BASE_URL } from './openai-responses.js';
import {
  callFromText,
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

/** How a Chat Completions dialect is reached; OpenAI itself and each OpenAI-compatible preset fill one in. */
export interface ChatDialect {
  id: string;
  /** Label prefix, e.g. "OpenAI Chat Completions", "Ollama (OpenAI-compatible)". */
  name: string;
  defaultBaseURL: string;
  /** The environment variable holding the key. */
  keyVariable: string;
  /** Local servers (Ollama, vLLM) run without a key; a placeholder is sent then. */
  keyOptional: boolean;
  /** OpenAI deprecated `max_tokens` for `max_completion_tokens`; compatible servers know `max_tokens` best. */
  maxTokensField: 'max_completion_tokens' | 'max_tokens';
}

/** OpenAI's own Chat Completions endpoint. */
export const OPENAI_CHAT: ChatDialect = {
  id: 'openai-chat',
  name: 'OpenAI Chat Completions',
  defaultBaseURL: OPENAI_BASE_URL,
  keyVariable: 'OPENAI_API_KEY',
  keyOptional: false,
  maxTokensField: 'max_completion_tokens',
};

/** The wire body of one turn in the Chat Completions format (function tools, `tool_choice: auto`). */
export function chatBody(request: TurnRequest, dialect: Pick<ChatDialect, 'maxTokensField'>): OpenAI.Chat.ChatCompletionCreateParamsNonStreaming {
  const messages: OpenAI.Chat.ChatCompletionMessageParam[] = [];
  if (request.system !== '') messages.push({ role: 'system', content: request.system });
  messages.push({ role: 'user', content: request.utterance });
  const body: OpenAI.Chat.ChatCompletionCreateParamsNonStreaming = { model: request.model, messages };
  body[dialect.maxTokensField] = request.settings.maxOutputTokens;
  if (request.tools.length > 0) {
    body.tools = request.tools.map((t) => ({ type: 'function', function: { name: t.name, description: t.description, parameters: t.inputSchema } }));
    body.tool_choice = request.settings.toolChoice;
  }
  if (request.settings.temperature !== undefined) body.temperature = request.settings.temperature;
  if (request.settings.seed !== undefined) body.seed = request.settings.seed;
  if (request.settings.reasoningEffort !== undefined) body.reasoning_effort = request.settings.reasoningEffort;
  return body;
}

/** The normalised result of a Chat Completions answer (the first choice; only one is asked for). */
export function fromCompletion(completion: OpenAI.Chat.ChatCompletion): TurnAnswer {
  const choice = completion.choices?.[0];
  const calls: ProposedCall[] = [];
  for (const call of choice?.message?.tool_calls ?? []) {
    if (call.type === 'function') calls.push(callFromText(call.function.name, call.function.arguments));
    else calls.push(callFromText(call.custom.name, call.custom.input));
  }
  const message = choice?.message;
  return {
    calls,
    text: message?.content ?? message?.refusal ?? '',
    truncated: choice?.finish_reason === 'length',
    usage: { inputTokens: tokens(completion.usage?.prompt_tokens), outputTokens: tokens(completion.usage?.completion_tokens) },
  };
}

/** A Chat Completions provider for one dialect, through the official OpenAI SDK. */
export function createChatProvider(dialect: ChatDialect, options: HttpProviderOptions): Provider {
  const { id } = dialect;
  const given = options.env[dialect.keyVariable];
  const hasKey = given !== undefined && given.trim() !== '';
  // Local servers ignore the header; the SDK needs some value.
  const apiKey = dialect.keyOptional && !hasKey ? 'no-key' : requireKey(options.env, dialect.keyVariable, id);
  const baseURL = options.baseURL ?? dialect.defaultBaseURL;
  const endpoint = checkBaseUrl(baseURL, id, hasKey);
  const client = new OpenAI({
    apiKey,
    baseURL,
    timeout: options.timeoutMs ?? DEFAULT_TIMEOUT_MS,
    maxRetries: options.maxRetries ?? DEFAULT_MAX_RETRIES,
    logLevel: 'off',
    organization: null,
    project: null,
  });
  return sdkProvider({
    id,
    label: `${dialect.name} (${endpoint})`,
    endpoint,
    unsupported: [],
    options: { api: 'chat', maxTokensField: dialect.maxTokensField },
    body: (request) => chatBody(request, dialect),
    send: (body, signal) => client.chat.completions.create(body, { signal }),
    read: fromCompletion,
  });
}

/** OpenAI Chat Completions with function tools. Key: OPENAI_API_KEY. */
export function createOpenAIChatProvider(options: HttpProviderOptions): Provider {
  return createChatProvider(OPENAI_CHAT, options);
}
