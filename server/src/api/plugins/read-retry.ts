// A read whose pooled connection turned out to be dead is read again. After PostgreSQL restarted (a crash,
// a failover, the embedded database's supervisor), or after its backends were terminated, a connection that
// sat idle in a pool meanwhile fails on its first use — seconds later, when the database has long been back
// (bench:faults' kill-embedded-postgres saw a server page answer 503 5.2 s after the return, SQLSTATE 57P01).
// The statement never ran, so for a GET or HEAD, which write nothing, running the handler again on another
// connection is safe; the visitor gets the page instead of a 503 while the database is up.
import type { FastifyInstance, RouteHandlerMethod } from 'fastify';
import { isLostConnection, type DatabaseAvailability } from '@toolmark/db';

/**
 * Further attempts of a read after a lost connection. Each failed attempt closes the dead connection it took,
 * so consecutive failures are bounded by the dead connections left in the pool (after a restart, every idle
 * one): concurrent reads share them out, and one read may meet several in a row. A lost connection fails at
 * once, so ten attempts cost milliseconds; a database that is really away refuses connections (not retried).
 */
export const READ_RETRIES = 10;

/**
 * Wrap the handler of every GET and HEAD route registered after this call: a lost connection
 * (`isLostConnection`) while the database is still taken for up runs the handler again, at most
 * {@link READ_RETRIES} times; anything else — and a database that is down — goes to the error handler as before.
 */
export function registerReadRetry(app: FastifyInstance, availability: DatabaseAvailability): void {
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    if (!methods.every((m) => m === 'GET' || m === 'HEAD')) return;
    const handler = route.handler as RouteHandlerMethod;
    route.handler = async function readAgain(request, reply) {
      for (let attempt = 0; ; attempt++) {
        try {
          return await handler.call(this, request, reply);
        } catch (error) {
          if (attempt >= READ_RETRIES || reply.sent || !availability.up || !isLostConnection(error)) throw error;
          request.log.warn({ attempt: attempt + 1, code: (error as { code?: unknown }).code }, 'a read lost its database connection: reading again on another');
        }
      }
    };
  });
}
