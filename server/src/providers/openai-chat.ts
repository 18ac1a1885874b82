import OpenAI from 'openai';
import type { Classified, ProposedCall, TurnRequest } from '@toolmark/benchmarks';
import { OPENAI_BASE_URL } from './openai-responses.js';
import {
  callFromText,
  checkBaseUrl,
  DEFAULT_MAX_RETRIES,
  errorMessageOf,
  excerpt,
  notAnAnswer,
  objectOf,
  DEFAULT_TIMEOUT_MS,
  requireKey,
  sdkProvider,
  tokens,
  type HttpProviderOptions,
  type Provider,
  type TurnAnswer,
} from './provider.js';
import { sdkFetch } from './http-fetch.js';

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

/**
 * Classify a Chat Completions body (the first choice; only one is asked for):
 * - `{"error": …}` (gateways such as OpenRouter answer errors with 200), a choice with `error` or
 *   `finish_reason: "error"` → `error_body`;
 * - not an object, no `choices`, `{"choices": []}`, a choice without `message` → `no_answer`;
 * - `finish_reason: "content_filter"` → `content_filter`; `"length"` → truncated;
 * - anything else with a message → a model answer (its calls, its text or refusal).
 */
export function classifyCompletion(completion: OpenAI.Chat.ChatCompletion): Classified<TurnAnswer> {
  const body = objectOf(completion as unknown);
  if (body === undefined) return notAnAnswer('no_answer', `the body is not a JSON object: ${excerpt(completion)}`);
  if (body.error !== undefined && body.error !== null) return notAnAnswer('error_body', `error in the body: ${errorMessageOf(body.error)}`);
  if (!Array.isArray(body.choices) || body.choices.length === 0) return notAnAnswer('no_answer', `no choices: ${excerpt(body)}`);
  const choice = objectOf(body.choices[0]);
  if (choice === undefined) return notAnAnswer('no_answer', `the first choice is not an object: ${excerpt(body.choices[0])}`);
  if ((choice.error !== undefined && choice.error !== null) || choice.finish_reason === 'error') {
    return notAnAnswer('error_body', `error in the choice: ${errorMessageOf(choice.error ?? choice)}`);
  }
  if (choice.finish_reason === 'content_filter') return notAnAnswer('content_filter', 'finish_reason content_filter: the provider\'s filter stopped the answer');
  const message = objectOf(choice.message) as OpenAI.Chat.ChatCompletionMessage | undefined;
  if (message === undefined) return notAnAnswer('no_answer', `the choice has no message: ${excerpt(choice)}`);
  const calls: ProposedCall[] = [];
  for (const raw of Array.isArray(message.tool_calls) ? (message.tool_calls as unknown[]) : []) {
    const call = objectOf(raw);
    const fn = objectOf(call?.type === 'custom' ? call.custom : call?.function);
    if (typeof fn?.name !== 'string') return notAnAnswer('no_answer', `a tool call without a name: ${excerpt(raw)}`);
    const args = call?.type === 'custom' ? fn.input : fn.arguments;
    // The wire format sends the arguments as text; a server sending the parsed object is read as its JSON.
    calls.push(callFromText(fn.name, typeof args === 'string' ? args : (JSON.stringify(args ?? {}) ?? '')));
  }
  const usage = completion.usage;
  const answer: TurnAnswer = {
    calls,
    text: typeof message.content === 'string' ? message.content : typeof message.refusal === 'string' ? message.refusal : '',
    usage: { inputTokens: tokens(usage?.prompt_tokens), outputTokens: tokens(usage?.completion_tokens) },
  };
  return { kind: choice.finish_reason === 'length' ? 'truncated' : 'answer', answer };
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
    // Retries are sdkProvider's (abortable waits), not the SDK's.
    maxRetries: 0,
    logLevel: 'off',
    // node:http with a keep-alive agent instead of the global fetch's web streams (http-fetch.ts).
    fetch: sdkFetch,
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
    retries: options.maxRetries ?? DEFAULT_MAX_RETRIES,
    classify: classifyCompletion,
  });
}

/** OpenAI Chat Completions with function tools. Key: OPENAI_API_KEY. */
export function createOpenAIChatProvider(options: HttpProviderOptions): Provider {
  return createChatProvider(OPENAI_CHAT, options);
}
