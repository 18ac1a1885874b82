import type { ServerOptions } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { addressKey } from '../../address-key.js';
import type { Config } from '../../config.js';
import { siteClientAddress } from '../../site-token.js';
import { ApiError } from '../errors.js';

/**
 * Node's HTTP timeouts from the configuration: a client has TOOLMARK_HEADERS_TIMEOUT_MS to send a request's
 * headers and TOOLMARK_REQUEST_TIMEOUT_MS for the whole request, body included. Node checks them every
 * `connectionsCheckingInterval` (30 s by default, far too coarse for a 10 s limit): here a quarter of the
 * headers timeout, at most a second.
 */
export function httpTimeouts(config: Config): { requestTimeout: number; http: ServerOptions } {
  const headersTimeout = config.TOOLMARK_HEADERS_TIMEOUT_MS;
  const requestTimeout = config.TOOLMARK_REQUEST_TIMEOUT_MS;
  const connectionsCheckingInterval = Math.max(25, Math.min(1_000, Math.floor(headersTimeout / 4)));
  // Node answers an HTTP/1.1 request without Host with a bare 400 of its own; answerMissingHost
  // (http-errors.ts) gives it the uniform shape instead.
  return { requestTimeout, http: { headersTimeout, requestTimeout, connectionsCheckingInterval, requireHostHeader: false } };
}


/** What the connection limit knows of a socket: its address, whether it counts, and whether it was opened over the limit. */
interface Tracked {
  key: string;
  counted: boolean;
  /** The first request has been seen (the decision is made once per socket). */
  decided: boolean;
  /** Set when the socket was opened over the limit: destroys it if it sends nothing. */
  overLimit?: NodeJS.Timeout;
}
const TRACKED = Symbol('toolmark.connectionLimit');
type TrackedSocket = Socket & { [TRACKED]?: Tracked };

/**
 * Slow and greedy clients, on the HTTP server under Fastify:
 *
 * - A request whose headers or body do not arrive within the timeouts ({@link httpTimeouts}) is answered
 *   408 in the uniform error shape and its socket closed (by the clientErrorHandler of http-errors.ts).
 * - Each client address (IPv6: per /64) may hold TOOLMARK_MAX_CONNECTIONS_PER_ADDRESS open sockets (0: no
 *   limit). A socket over the limit is answered 429 `too_many_connections` at its first request and closed;
 *   one that sends nothing is closed after a second (at most the headers timeout). The site in this process
 *   calls the API over loopback: a socket whose first request carries the site token is let through and
 *   stops counting, so a busy site neither locks itself out nor uses up the share of loopback visitors.
 *
 * Register before the site is mounted: its hook hands pages to SvelteKit and must not see refused sockets.
 */
export function registerClientLimits(app: FastifyInstance, config: Config): void {
  const max = config.TOOLMARK_MAX_CONNECTIONS_PER_ADDRESS;
  if (max === 0) return;
  const open = new Map<string, number>();
  const uncount = (tracked: Tracked): void => {
    if (!tracked.counted) return;
    tracked.counted = false;
    const left = (open.get(tracked.key) ?? 1) - 1;
    if (left > 0) open.set(tracked.key, left);
    else open.delete(tracked.key);
  };
  const grace = Math.min(1_000, config.TOOLMARK_HEADERS_TIMEOUT_MS);
  app.server.on('connection', (socket: TrackedSocket) => {
    const tracked: Tracked = { key: addressKey(socket.remoteAddress ?? ''), counted: true, decided: false };
    const count = (open.get(tracked.key) ?? 0) + 1;
    open.set(tracked.key, count);
    if (count > max) tracked.overLimit = setTimeout(() => socket.destroy(), grace).unref();
    socket[TRACKED] = tracked;
    socket.once('close', () => {
      clearTimeout(tracked.overLimit);
      uncount(tracked);
    });
  });
  // Decided once per socket, at its first request.
  app.addHook('onRequest', async (request, reply) => {
    const socket = request.raw.socket as TrackedSocket;
    const tracked = socket[TRACKED];
    if (tracked === undefined || tracked.decided) return;
    tracked.decided = true;
    clearTimeout(tracked.overLimit);
    // The site's own sockets do not count: its idle keep-alive connections must not use up loopback's share.
    if (siteClientAddress(request) !== undefined) return uncount(tracked);
    if (tracked.overLimit === undefined) return;
    reply.header('connection', 'close');
    throw new ApiError(429, 'too_many_connections', `too many open connections from your address: the limit is ${max}; close some and retry`, { limit: max });
  });
}
