import type { FastifyInstance } from 'fastify';
import type { ErrorBody } from '../errors.js';

/** Options for `Fastify({...})`: Fastify's own 503 while closing is not in the uniform shape; the hook below answers instead. */
export const closingOptions = { return503OnClosing: false } as const;

/**
 * While the server drains on shutdown, a request that still arrives (pipelined, or on a kept-alive
 * socket) is answered 503 `shutting_down` with Retry-After and `Connection: close`, in the uniform shape,
 * instead of Fastify's own body. Register it before the site, so pages get it too.
 */
export function registerClosing(app: FastifyInstance): void {
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  app.addHook('onRequest', async (_request, reply) => {
    if (!closing) return;
    const body: ErrorBody = { error: { code: 'shutting_down', message: 'this process is shutting down; retry in a moment (another process may answer)', detail: { retryAfterSeconds: 1 } } };
    return reply.status(503).header('retry-after', '1').header('connection', 'close').send(body);
  });
}
