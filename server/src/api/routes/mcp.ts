import { endpoints } from '@toolmark/benchmarks/api';
import { handleMcpPost } from '../../mcp/http.js';
import { ApiError } from '../errors.js';
import type { RouteModule } from '../route.js';

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
    const key = request.apiKey;
    const auth = key ? { orgId: key.organisation.id, keyId: key.id, purpose: key.purpose } : null;
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
