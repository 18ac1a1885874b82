import { SSEClientTransport } from '@modelcontextprotocol/sdk/client/sse.js';
import { StreamableHTTPClientTransport, StreamableHTTPError } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { FetchLike } from '@modelcontextprotocol/sdk/shared/transport.js';
import type { HttpAuthSettings } from './http-target.js';

/** A server reached over HTTP: Streamable HTTP, falling back to the older HTTP+SSE transport. */
export interface HttpTarget {
  kind: 'http';
  url: string;
  /** Optional auth header and the one origin it may go to (see `httpAuthFromEnv`). */
  auth?: HttpAuthSettings;
}

/** The Streamable HTTP transport over a guarded fetch. */
export function createStreamableTransport(url: URL, fetch: FetchLike): StreamableHTTPClientTransport {
  // No reconnection: a capture is one short exchange, and a retry timer would outlive it.
  const reconnectionOptions = { maxRetries: 0, initialReconnectionDelay: 1000, maxReconnectionDelay: 1000, reconnectionDelayGrowFactor: 1 };
  return new StreamableHTTPClientTransport(url, { fetch, reconnectionOptions });
}

/** The legacy HTTP+SSE transport over the same guarded fetch (for servers that predate Streamable HTTP). */
export function createSseTransport(url: URL, fetch: FetchLike): SSEClientTransport {
  return new SSEClientTransport(url, { fetch });
}

/**
 * Whether a failed Streamable HTTP attempt means "try the old SSE transport": the backwards-compatibility
 * rule of the MCP spec is a 4xx answer to the initialize POST (typically 404 or 405). Auth failures (401,
 * 403) and rate limits (429) would fail the same way over SSE, so they are reported instead.
 */
export function shouldFallBackToSse(error: unknown): boolean {
  if (!(error instanceof StreamableHTTPError) || error.code === undefined) return false;
  return error.code >= 400 && error.code < 500 && ![401, 403, 429].includes(error.code);
}
