// Fake OpenAI (Responses + Chat Completions) and Anthropic (Messages) servers on 127.0.0.1, written
// against the real wire formats (JSON bodies, error envelopes, Retry-After, request-id headers), so the
// official SDKs talk to them through `baseURL` exactly as they talk to the real APIs. Each request is
// answered by a script step: one call, several calls, no call, arguments that are not JSON, truncation,
// an HTTP status (429 with Retry-After, 500, …), a raw body (what a broken gateway sends with 200), or a hang. Plain JavaScript so the built bench
// (server/dist/bench/eval.js) can import it as well as the tests. Numbers from these servers are FAKE:
// whatever prints them must say so.
import { Buffer } from 'node:buffer';
import { createServer } from 'node:http';
import { setTimeout } from 'node:timers';
import { URL } from 'node:url';

/** The default script: a deterministic stand-in for a model, picking the tool whose name shares the most words with the utterance. */
export function wordMatchScript(request) {
  const words = new Set(request.utterance.toLowerCase().split(/[^a-z0-9]+/).filter((w) => w.length > 2));
  let best;
  let bestScore = 0;
  for (const tool of request.tools) {
    const parts = tool.name.toLowerCase().split(/[^a-z0-9]+/).filter((w) => w.length > 2);
    const score = parts.filter((p) => words.has(p)).length;
    if (score > bestScore) {
      best = tool;
      bestScore = score;
    }
  }
  return best === undefined ? { text: 'No tool fits that request.' } : { calls: [{ name: best.name, arguments: '{}' }] };
}

/** A neutral view of the request whatever the dialect: utterance, tool names, the raw body. */
function view(dialect, body) {
  const text = (content) => (typeof content === 'string' ? content : Array.isArray(content) ? content.map((p) => p.text ?? '').join('') : '');
  if (dialect === 'responses') {
    const input = typeof body.input === 'string' ? body.input : text(body.input?.find?.((m) => m.role === 'user')?.content);
    return { utterance: input, tools: (body.tools ?? []).map((t) => ({ name: t.name })), body };
  }
  if (dialect === 'chat') {
    const user = (body.messages ?? []).filter((m) => m.role === 'user').at(-1);
    return { utterance: text(user?.content), tools: (body.tools ?? []).map((t) => ({ name: t.function?.name })), body };
  }
  const user = (body.messages ?? []).filter((m) => m.role === 'user').at(-1);
  return { utterance: text(user?.content), tools: (body.tools ?? []).map((t) => ({ name: t.name })), body };
}

const approxTokens = (value) => Math.max(1, Math.ceil(JSON.stringify(value ?? '').length / 4));

function openaiError(status) {
  const table = {
    400: ['invalid_request_error', 'invalid_request'],
    401: ['invalid_request_error', 'invalid_api_key'],
    403: ['permission_error', 'forbidden'],
    429: ['requests', 'rate_limit_exceeded'],
  };
  const [type, code] = table[status] ?? ['server_error', 'server_error'];
  return { error: { message: `fake: HTTP ${status}`, type, param: null, code } };
}

function anthropicError(status) {
  const type =
    { 400: 'invalid_request_error', 401: 'authentication_error', 403: 'permission_error', 404: 'not_found_error', 429: 'rate_limit_error', 529: 'overloaded_error' }[status] ?? 'api_error';
  return { type: 'error', error: { type, message: `fake: HTTP ${status}` } };
}

function responsesBody(step, body, n) {
  const output = [];
  (step.calls ?? []).forEach((c, i) =>
    output.push({ type: 'function_call', id: `fc_${n}_${i}`, call_id: `call_${n}_${i}`, name: c.name, arguments: c.arguments, status: 'completed' }),
  );
  if (step.text !== undefined) {
    output.push({ type: 'message', id: `msg_${n}`, status: 'completed', role: 'assistant', content: [{ type: 'output_text', text: step.text, annotations: [] }] });
  }
  const input = approxTokens(body.tools) + approxTokens(body.input);
  const out = approxTokens(output);
  return {
    id: `resp_fake_${n}`,
    object: 'response',
    created_at: 1_700_000_000,
    status: step.truncated ? 'incomplete' : 'completed',
    error: null,
    incomplete_details: step.truncated ? { reason: 'max_output_tokens' } : null,
    instructions: body.instructions ?? null,
    max_output_tokens: body.max_output_tokens ?? null,
    model: body.model,
    output,
    parallel_tool_calls: true,
    previous_response_id: null,
    reasoning: { effort: null, summary: null },
    store: body.store ?? true,
    temperature: body.temperature ?? 1,
    text: { format: { type: 'text' } },
    tool_choice: body.tool_choice ?? 'auto',
    tools: body.tools ?? [],
    top_p: 1,
    truncation: 'disabled',
    usage: {
      input_tokens: input,
      input_tokens_details: { cached_tokens: 0 },
      output_tokens: out,
      output_tokens_details: { reasoning_tokens: 0 },
      total_tokens: input + out,
    },
    user: null,
    metadata: {},
  };
}

function chatBody(step, body, n) {
  const calls = (step.calls ?? []).map((c, i) => ({ id: `call_${n}_${i}`, type: 'function', function: { name: c.name, arguments: c.arguments } }));
  const prompt = approxTokens(body.tools) + approxTokens(body.messages);
  const completion = approxTokens(calls) + approxTokens(step.text);
  return {
    id: `chatcmpl-fake-${n}`,
    object: 'chat.completion',
    created: 1_700_000_000,
    model: body.model,
    choices: [
      {
        index: 0,
        message: { role: 'assistant', content: step.text ?? null, refusal: null, annotations: [], ...(calls.length > 0 ? { tool_calls: calls } : {}) },
        logprobs: null,
        finish_reason: step.truncated ? 'length' : calls.length > 0 ? 'tool_calls' : 'stop',
      },
    ],
    usage: { prompt_tokens: prompt, completion_tokens: completion, total_tokens: prompt + completion },
    service_tier: 'default',
    system_fingerprint: 'fp_fake',
  };
}

function messagesBody(step, body, n) {
  const content = [];
  if (step.text !== undefined) content.push({ type: 'text', text: step.text });
  (step.calls ?? []).forEach((c, i) => {
    // The Messages API sends parsed input; a step's `input` overrides (to send what a broken server might).
    let input = c.input;
    if (input === undefined) {
      try {
        input = JSON.parse(c.arguments);
      } catch {
        input = c.arguments;
      }
    }
    content.push({ type: 'tool_use', id: `toolu_fake_${n}_${i}`, name: c.name, input });
  });
  return {
    id: `msg_fake_${n}`,
    type: 'message',
    role: 'assistant',
    model: body.model,
    content,
    stop_reason: step.truncated ? 'max_tokens' : (step.calls ?? []).length > 0 ? 'tool_use' : 'end_turn',
    stop_sequence: null,
    usage: { input_tokens: approxTokens(body.tools) + approxTokens(body.messages), output_tokens: approxTokens(content), cache_creation_input_tokens: 0, cache_read_input_tokens: 0 },
  };
}

const ROUTES = {
  openai: { '/v1/responses': 'responses', '/v1/chat/completions': 'chat' },
  anthropic: { '/v1/messages': 'messages' },
};

/**
 * Start a fake server. `kind`: `openai` (serves /v1/responses and /v1/chat/completions) or `anthropic`
 * (/v1/messages). Options: `key` (the only key accepted; 401 otherwise), `script(view, n)` returning a step
 * (default {@link wordMatchScript}), `steps` (an array used first, one per request, then `script`),
 * `latencyMs` (added before every answer).
 */
export async function startFake(kind, options = {}) {
  const requests = [];
  const steps = [...(options.steps ?? [])];
  const script = options.script ?? wordMatchScript;
  const key = options.key ?? 'test-key';
  const hanging = new Set();
  let n = 0;
  const server = createServer((req, res) => {
    const chunks = [];
    req.on('data', (c) => chunks.push(c));
    req.on('end', () => {
      void answer(req, res, Buffer.concat(chunks).toString('utf8'));
    });
  });

  async function answer(req, res, raw) {
    const dialect = ROUTES[kind][new URL(req.url ?? '/', 'http://x').pathname];
    const index = n++;
    const headers = req.headers;
    let body;
    try {
      body = JSON.parse(raw);
    } catch {
      body = undefined;
    }
    requests.push({ method: req.method, path: req.url, headers, body, dialect });
    const send = (status, payload, extra = {}) => {
      const requestId = kind === 'openai' ? { 'x-request-id': `req_fake_${index}` } : { 'request-id': `req_fake_${index}` };
      res.writeHead(status, { 'content-type': 'application/json', ...requestId, ...extra });
      res.end(JSON.stringify(payload));
    };
    const fail = (status, extra) => send(status, kind === 'openai' ? openaiError(status) : anthropicError(status), extra);
    if (req.method !== 'POST' || dialect === undefined) return fail(404);
    if (body === undefined || typeof body !== 'object') return fail(400);
    // OpenAI: a bearer token. Anthropic: `x-api-key`, or a bearer token (what the 1.x SDK sends for an API key).
    const bearer = (headers.authorization ?? '').replace(/^Bearer /, '');
    const given = kind === 'openai' ? bearer : (headers['x-api-key'] ?? bearer);
    if (given !== key) return fail(401);
    if (kind === 'anthropic' && headers['anthropic-version'] === undefined) return fail(400);
    const step = steps.length > 0 ? steps.shift() : await script(view(dialect, body), index);
    const delay = step.delayMs ?? options.latencyMs ?? 0;
    if (step.hang) {
      hanging.add(res);
      res.on('close', () => hanging.delete(res));
      return;
    }
    if (delay > 0) await new Promise((r) => setTimeout(r, delay));
    if (res.destroyed) return;
    // A raw body, as a broken gateway might send it (with 200 unless a status is given too).
    if (step.body !== undefined) return send(step.status ?? 200, step.body);
    if (step.status !== undefined) {
      const extra = {};
      if (step.retryAfter !== undefined) extra['retry-after'] = String(step.retryAfter);
      if (step.retryAfterMs !== undefined) extra['retry-after-ms'] = String(step.retryAfterMs);
      return fail(step.status, extra);
    }
    if (dialect === 'responses') return send(200, responsesBody(step, body, index));
    if (dialect === 'chat') return send(200, chatBody(step, body, index));
    return send(200, messagesBody(step, body, index));
  }

  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address();
  const origin = `http://127.0.0.1:${port}`;
  return {
    kind,
    origin,
    // The OpenAI SDK's base URL carries /v1; the Anthropic SDK adds /v1 itself.
    baseURL: kind === 'openai' ? `${origin}/v1` : origin,
    key,
    requests,
    /** Queue more steps (used before the script). */
    push: (...more) => steps.push(...more),
    async close() {
      for (const res of hanging) res.destroy();
      server.closeAllConnections();
      await new Promise((resolve) => server.close(() => resolve()));
    },
  };
}
