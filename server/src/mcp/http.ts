// The service's /mcp endpoint on the SDK's Streamable HTTP transport, stateless: every POST gets a fresh
// server and transport (no session, nothing kept between requests), JSON answers (no SSE stream).
// The route (api/routes/mcp.ts) has already authenticated the key, applied the rate limit and parsed the
// body with the REST API's parser; it hands the raw request over here.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { createMcpServer } from './register.js';
import { httpTools } from './tools/index.js';
import type { McpAuth, McpLogger, McpService } from './tool.js';

/** Answer one POST /mcp: one JSON-RPC message already parsed from the body (the route refuses batches). */
export async function handleMcpPost(args: { service: McpService; auth: McpAuth | null; log: McpLogger; req: IncomingMessage; res: ServerResponse; body: unknown }): Promise<void> {
  // One CPU session for the whole POST (one message: batches never get here).
  // A refused call is a tool error (register.ts); the answer carries the wait in Retry-After as well.
  const gone = new AbortController();
  const cpu = args.service.cpu.session({
    signal: gone.signal,
    onRefusal: (refusal) => {
      if (!args.res.headersSent) args.res.setHeader('retry-after', String(refusal.detail.retryAfterSeconds));
    },
  });
  const server = createMcpServer({ transport: 'http', auth: args.auth, service: args.service, log: args.log, cpu }, httpTools);
  const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
  // Closing after the client went away can fail (the stream is already gone); that is logged, never left
  // as an unhandled rejection.
  const closeFailed = (err: unknown) => args.log.warn({ err }, 'closing an /mcp request\'s transport failed');
  args.res.on('close', () => {
    gone.abort();
    transport.close().catch(closeFailed);
    server.close().catch(closeFailed);
  });
  await server.connect(transport);
  await transport.handleRequest(args.req, args.res, args.body);
}
