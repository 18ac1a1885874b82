import type { FastifyRequest } from 'fastify';
import { endpoints } from '@toolmark/benchmarks/api';
import { publicUrl, type Config } from '../../config.js';
import { handleMcpPost } from '../../mcp/http.js';
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

/**
 * POST /mcp — the MCP endpoint (Streamable HTTP, stateless): the tools of mcp/tools/ that are offered over
 * http. Public read tools need no key; tools that need an agent key say so in their result. The REST
 * plugins apply as to every route: the key check (agent keys are accepted here and only here), the rate
 * limit, the JSON body parser (duplicate and prototype keys refused) and its size limit. GET and DELETE
 * answer 405: a stateless server has no stream to open and no session to end.
 */
const route: RouteModule = (app, ctx) => {
  app.post('/mcp', { bodyLimit: MCP_BODY_LIMIT, config: { agentKeys: true }, schema: { hide: true, ...endpoints['POST /mcp'] } }, async (request, reply) => {
    checkOrigin(request, ctx.config);
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
  app.get('/mcp', { config: { agentKeys: true }, schema: { hide: true, ...endpoints['GET /mcp'] } }, async (_request, reply) => {
    reply.header('allow', 'POST');
    return notAllowed();
  });
  app.delete('/mcp', { config: { agentKeys: true }, schema: { hide: true, ...endpoints['DELETE /mcp'] } }, async (_request, reply) => {
    reply.header('allow', 'POST');
    return notAllowed();
  });
};
export default route;
