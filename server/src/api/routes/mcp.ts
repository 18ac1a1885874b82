import type { FastifyReply, FastifyRequest } from 'fastify';
import { endpoints } from '@toolmark/benchmarks/api';
import { publicUrl, type Config } from '../../config.js';
import { handleMcpPost } from '../../mcp/http.js';
import { BATCH_MESSAGE, restErrorToRpc } from '../../mcp/jsonrpc-errors.js';
import { ApiError } from '../errors.js';
import type { RouteModule } from '../route.js';

const LOOPBACK = /^(localhost|127(?:\.\d{1,3}){3}|\[::1\])$/i;

/**
 * DNS rebinding (MCP transports, "Security warning"): a browser sends `Origin` with every POST, so a page of
 * another site that resolves its name to this server is refused (403 `origin_refused`). Allowed: no Origin
 * (MCP clients that are not browsers), the service's own public origin, and a loopback page talking to a
 * server reached on loopback. Every call that is more than a public read needs a Bearer key besides.
 */
function checkOrigin(request: FastifyRequest, config: Config): void {
  const origin = request.headers.origin;
  if (origin === undefined) return;
  let url: URL | undefined;
  try {
    url = new URL(origin);
  } catch {
    url = undefined;
  }
  const own = new URL(publicUrl(config)).origin;
  const host = (request.headers.host ?? '').replace(/:\d+$/, '');
  if (url !== undefined && (url.origin === own || (LOOPBACK.test(url.hostname) && LOOPBACK.test(host)))) return;
  throw new ApiError(403, 'origin_refused', `requests from pages of ${url?.origin ?? 'that origin'} are refused (DNS rebinding protection); MCP clients send no Origin header`, { origin: origin.slice(0, 200) });
}

/** A JSON-RPC body carries a whole surface for lint_surface: the lint upload's 1 MiB plus its envelope. */
export const MCP_BODY_LIMIT = 1024 * 1024 + 64 * 1024;

/** What a 401 on /mcp says: the key was refused, and this endpoint takes toolmark keys, not OAuth tokens. */
export const NOT_OAUTH = 'this endpoint takes toolmark API keys as "Authorization: Bearer <key>" (an agent key from POST /v1/keys), not OAuth: there is no authorization server to discover';

/** `WWW-Authenticate` of a 401 (RFC 6750 §3, as the MCP authorization spec asks): Bearer, invalid_token, why. */
export const wwwAuthenticate = (message: string): string =>
  `Bearer realm="toolmark", error="invalid_token", error_description="${`${message}; ${NOT_OAUTH}`.replace(/["\\]/g, "'")}"`;

/**
 * Every error /mcp answers is a JSON-RPC error message (id null: no message was read), whatever raised it
 * (the key check, the rate limit, the body parser and its size limit, the origin check, a batch, 405), with
 * the same HTTP status as on the REST API. A route-level onSend hook sees them all, after the error handler
 * wrote the REST shape; successful answers are written by the transport and never pass here.
 */
async function asJsonRpc(request: FastifyRequest, reply: FastifyReply, payload: unknown): Promise<unknown> {
  const status = reply.statusCode;
  if (status < 400 || typeof payload !== 'string') return payload;
  let body: { error?: { code?: unknown; message?: unknown; detail?: Record<string, unknown> } };
  try {
    body = JSON.parse(payload) as typeof body;
  } catch {
    return payload;
  }
  const error = body.error;
  if (error === undefined || typeof error.code !== 'string' || typeof error.message !== 'string') return payload;
  let message = error.message;
  // The error handler answers with headers of its own: a 405 names the one method /mcp takes here (RFC 9110).
  if (status === 405) reply.header('allow', 'POST');
  if (status === 401) {
    reply.header('www-authenticate', wwwAuthenticate(message));
    message = `${message}; ${NOT_OAUTH}`;
  }
  request.log.info({ status, code: error.code }, '/mcp refused a request');
  return JSON.stringify(restErrorToRpc(status, { error: { code: error.code, message, detail: error.detail } }));
}

/**
 * POST /mcp — the MCP endpoint (Streamable HTTP, stateless): the tools of mcp/tools/ that are offered over
 * http. Public read tools need no key; tools that need an agent key say so in their result. The REST
 * plugins apply as to every route: the key check (agent keys are accepted here and only here), the rate
 * limit, the JSON body parser (duplicate and prototype keys refused) and its size limit. GET and DELETE
 * answer 405: a stateless server has no stream to open and no session to end. A JSON-RPC batch is refused
 * (400, whatever protocol version was negotiated): one POST is one message, so the rate limit counts every
 * call and one request cannot fan out into a hundred tool calls. Every refusal is a JSON-RPC error (asJsonRpc).
 */
const route: RouteModule = (app, ctx) => {
  app.post('/mcp', { bodyLimit: MCP_BODY_LIMIT, config: { agentKeys: true }, onSend: asJsonRpc, schema: { hide: true, ...endpoints['POST /mcp'] } }, async (request, reply) => {
    checkOrigin(request, ctx.config);
    if (Array.isArray(request.body)) throw new ApiError(400, 'batch_not_supported', BATCH_MESSAGE, { messages: request.body.length });
    const key = request.apiKey;
    const auth = key ? { orgId: key.organisation.id, keyId: key.id, purpose: key.purpose } : null;
    // The transport writes the response itself: the headers the plugins set on the reply (the rate limit's
    // x-ratelimit-*, the request id) go onto the raw response first, or a hijacked answer would drop them.
    for (const [name, value] of Object.entries(reply.getHeaders())) if (value !== undefined) reply.raw.setHeader(name, value);
    reply.hijack();
    await handleMcpPost({ service: ctx, auth, log: request.log, req: request.raw, res: reply.raw, body: request.body });
  });
  const notAllowed = (): never => {
    throw new ApiError(405, 'method_not_allowed', 'this MCP endpoint is stateless: send JSON-RPC messages with POST', { allowed: ['POST'] });
  };
  app.get('/mcp', { config: { agentKeys: true }, onSend: asJsonRpc, schema: { hide: true, ...endpoints['GET /mcp'] } }, async (_request, reply) => {
    reply.header('allow', 'POST');
    return notAllowed();
  });
  app.delete('/mcp', { config: { agentKeys: true }, onSend: asJsonRpc, schema: { hide: true, ...endpoints['DELETE /mcp'] } }, async (_request, reply) => {
    reply.header('allow', 'POST');
    return notAllowed();
  });
};
export default route;
