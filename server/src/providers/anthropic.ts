import Anthropic from '@anthropic-ai/sdk';
import type { Classified, ProposedCall, TurnRequest } from '@toolmark/benchmarks';
import {
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

/** Stop reasons of a finished answer (`max_tokens` and `model_context_window_exceeded` are truncations). */
const ANSWER_STOPS = new Set(['end_turn', 'tool_use', 'stop_sequence']);
const TRUNCATED_STOPS = new Set(['max_tokens', 'model_context_window_exceeded']);

/**
 * Classify a Messages body:
 * - an error body `{"type": "error", "error": {…}}` (or any `error` set) → `error_body`;
 * - not `type: "message"` or no `content` list → `no_answer`;
 * - `stop_reason: "refusal"` (the safety classifier stopped it) → `content_filter`;
 * - `max_tokens` / `model_context_window_exceeded` → truncated; `pause_turn` or an unknown stop → `no_answer`;
 * - a finished stop with nothing in it (`content: []`, or only blocks that are neither text nor a tool call,
 *   or text blocks that are all empty) → `no_answer`: there is no choice to score, not a choice not to call;
 * - `end_turn` / `tool_use` / `stop_sequence` → a model answer. `tool_use.input` arrives parsed; its raw
 *   text is its JSON, and an input that is not an object (the API promises one) is kept as a parse error.
 */
export function classifyMessage(message: Anthropic.Message): Classified<TurnAnswer> {
  const body = objectOf(message as unknown);
  if (body === undefined) return notAnAnswer('no_answer', `the body is not a JSON object: ${excerpt(message)}`);
  if (body.type === 'error' || (body.error !== undefined && body.error !== null)) return notAnAnswer('error_body', `error in the body: ${errorMessageOf(body.error ?? body)}`);
  if (body.type !== 'message' || !Array.isArray(body.content)) return notAnAnswer('no_answer', `not a message with content: ${excerpt(body)}`);
  const stop = body.stop_reason;
  if (stop === 'refusal') return notAnAnswer('content_filter', 'stop_reason refusal: the safety classifier stopped the answer');
  if (typeof stop !== 'string' || (!ANSWER_STOPS.has(stop) && !TRUNCATED_STOPS.has(stop))) return notAnAnswer('no_answer', `stop_reason ${JSON.stringify(stop)}: not a finished answer`);
  const calls: ProposedCall[] = [];
  const text: string[] = [];
  for (const raw of body.content as unknown[]) {
    const block = objectOf(raw);
    if (block?.type === 'tool_use') {
      if (typeof block.name !== 'string') return notAnAnswer('no_answer', `a tool_use block without a name: ${excerpt(raw)}`);
      const input: unknown = block.input;
      const argumentsText = typeof input === 'string' ? input : (JSON.stringify(input) ?? '');
      if (objectOf(input) !== undefined) calls.push({ name: block.name, argumentsText, arguments: input, parseError: null });
      else calls.push({ name: block.name, argumentsText, parseError: 'tool_use input is not a JSON object' });
    } else if (block?.type === 'text' && typeof block.text === 'string') text.push(block.text);
  }
  if (ANSWER_STOPS.has(stop) && calls.length === 0 && text.join('') === '') return notAnAnswer('no_answer', `stop_reason ${stop} with no text and no tool call: an empty answer`);
  const answer: TurnAnswer = {
    calls,
    text: text.join(''),
    usage: { inputTokens: tokens(message.usage?.input_tokens), outputTokens: tokens(message.usage?.output_tokens) },
  };
  return { kind: TRUNCATED_STOPS.has(stop) ? 'truncated' : 'answer', answer };
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
    // Retries are sdkProvider's (abortable waits), not the SDK's.
    maxRetries: 0,
    logLevel: 'off',
    // node:http with a keep-alive agent instead of the global fetch's web streams (http-fetch.ts).
    fetch: sdkFetch,
  });
  return sdkProvider({
    id,
    label: `Anthropic Messages API (${endpoint})`,
    endpoint,
    unsupported: UNSUPPORTED,
    options: { api: 'messages' },
    body: messagesBody,
    send: (body, signal) => client.messages.create(body, { signal }),
    retries: options.maxRetries ?? DEFAULT_MAX_RETRIES,
    classify: classifyMessage,
  });
}
