import OpenAI from 'openai';
import type { Classified, ProposedCall, TurnRequest } from '@toolmark/benchmarks';
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

/** The OpenAI API's default endpoint (the SDK's own OPENAI_BASE_URL variable is not read: the endpoint is explicit). */
export const OPENAI_BASE_URL = 'https://api.openai.com/v1';

/** The Responses API has no `seed`. */
const UNSUPPORTED = ['seed'] as const;

/** The wire body of one turn: tools as function tools, not strict (the server's schema goes as it is). */
export function responsesBody(request: TurnRequest): OpenAI.Responses.ResponseCreateParamsNonStreaming {
  const body: OpenAI.Responses.ResponseCreateParamsNonStreaming = {
    model: request.model,
    input: [{ role: 'user', content: request.utterance }],
    max_output_tokens: request.settings.maxOutputTokens,
    // Nothing of a benchmark turn is kept on the provider's side.
    store: false,
  };
  if (request.system !== '') body.instructions = request.system;
  if (request.tools.length > 0) {
    body.tools = request.tools.map((t) => ({ type: 'function', name: t.name, description: t.description, parameters: t.inputSchema, strict: false }));
    body.tool_choice = request.settings.toolChoice;
  }
  if (request.settings.temperature !== undefined) body.temperature = request.settings.temperature;
  if (request.settings.reasoningEffort !== undefined) body.reasoning = { effort: request.settings.reasoningEffort };
  return body;
}

/**
 * Classify a Responses API body by its `status`:
 * - `failed`, or an `error` set (whatever the status) → `error_body` with the error's message;
 * - `incomplete` for `max_output_tokens` → truncated; for `content_filter` → `content_filter`; for another
 *   reason → `no_answer`;
 * - `queued`, `in_progress`, `cancelled`, a body that is not a response or has no `output` list → `no_answer`;
 * - `completed` (or no status, as some compatible servers send) with an `output` list → a model answer.
 */
export function classifyResponse(response: OpenAI.Responses.Response): Classified<TurnAnswer> {
  const body = objectOf(response as unknown);
  if (body === undefined) return notAnAnswer('no_answer', `the body is not a JSON object: ${excerpt(response)}`);
  if (body.error !== undefined && body.error !== null) return notAnAnswer('error_body', `error in the body (status ${String(body.status)}): ${errorMessageOf(body.error)}`);
  if (body.status === 'failed') return notAnAnswer('error_body', `status failed without an error: ${excerpt(body)}`);
  const reason = objectOf(body.incomplete_details)?.reason;
  if (body.status === 'incomplete' && reason === 'content_filter') return notAnAnswer('content_filter', 'status incomplete (content_filter): the provider\'s filter stopped the answer');
  if (body.status === 'incomplete' && reason !== 'max_output_tokens') return notAnAnswer('no_answer', `status incomplete (${String(reason)})`);
  if (body.status !== undefined && body.status !== 'completed' && body.status !== 'incomplete') return notAnAnswer('no_answer', `status ${String(body.status)}: not a finished answer`);
  if (!Array.isArray(body.output)) return notAnAnswer('no_answer', `no output list: ${excerpt(body)}`);
  const calls: ProposedCall[] = [];
  const text: string[] = [];
  for (const raw of body.output as unknown[]) {
    const item = objectOf(raw);
    if (item?.type === 'function_call') {
      if (typeof item.name !== 'string') return notAnAnswer('no_answer', `a function call without a name: ${excerpt(raw)}`);
      calls.push(callFromText(item.name, typeof item.arguments === 'string' ? item.arguments : (JSON.stringify(item.arguments ?? {}) ?? '')));
    } else if (item?.type === 'message' && Array.isArray(item.content)) {
      for (const part of item.content as unknown[]) {
        const p = objectOf(part);
        if (p?.type === 'output_text' && typeof p.text === 'string') text.push(p.text);
        else if (p?.type === 'refusal' && typeof p.refusal === 'string') text.push(p.refusal);
      }
    }
  }
  const answer: TurnAnswer = {
    calls,
    text: text.join(''),
    usage: { inputTokens: tokens(response.usage?.input_tokens), outputTokens: tokens(response.usage?.output_tokens) },
  };
  return { kind: body.status === 'incomplete' ? 'truncated' : 'answer', answer };
}

/** OpenAI Responses API with function tools, through the official SDK. Key: OPENAI_API_KEY. */
export function createOpenAIResponsesProvider(options: HttpProviderOptions): Provider {
  const id = 'openai';
  const apiKey = requireKey(options.env, 'OPENAI_API_KEY', id);
  const baseURL = options.baseURL ?? OPENAI_BASE_URL;
  const endpoint = checkBaseUrl(baseURL, id, true);
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
    label: `OpenAI Responses API (${endpoint})`,
    endpoint,
    unsupported: UNSUPPORTED,
    options: { api: 'responses' },
    body: responsesBody,
    // The raw POST of the SDK: `responses.create` post-processes the body (iterating `output`) before we
    // can classify it, and throws a TypeError on a 200 body without one.
    send: (body, signal) => client.post<OpenAI.Responses.Response>('/responses', { body, signal }),
    retries: options.maxRetries ?? DEFAULT_MAX_RETRIES,
    classify: classifyResponse,
  });
}
