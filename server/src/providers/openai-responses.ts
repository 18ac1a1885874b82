import OpenAI from 'openai';
import type { ProposedCall, TurnRequest } from '@toolmark/benchmarks';
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

/** The normalised result of a Responses API answer. */
export function fromResponse(response: OpenAI.Responses.Response): TurnAnswer {
  const calls: ProposedCall[] = [];
  const text: string[] = [];
  for (const item of response.output ?? []) {
    if (item.type === 'function_call') calls.push(callFromText(item.name, item.arguments));
    else if (item.type === 'message') {
      for (const part of item.content) {
        if (part.type === 'output_text') text.push(part.text);
        else if (part.type === 'refusal') text.push(part.refusal);
      }
    }
  }
  return {
    calls,
    text: text.join(''),
    truncated: response.status === 'incomplete' && response.incomplete_details?.reason === 'max_output_tokens',
    usage: { inputTokens: tokens(response.usage?.input_tokens), outputTokens: tokens(response.usage?.output_tokens) },
  };
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
    maxRetries: options.maxRetries ?? DEFAULT_MAX_RETRIES,
    logLevel: 'off',
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
    send: (body, signal) => client.responses.create(body, { signal }),
    read: fromResponse,
  });
}
