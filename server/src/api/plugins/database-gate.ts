import type { FastifyInstance } from 'fastify';
import { UNAVAILABLE_RETRY_AFTER_SECONDS } from '@toolmark/benchmarks/api';
import type { DatabaseAvailability } from '@toolmark/db';
import type { ErrorBody } from '../errors.js';

/** Seconds a client is asked to wait while the database is down (one definition with the site's 503 pages). */
export const DATABASE_RETRY_AFTER_SECONDS = UNAVAILABLE_RETRY_AFTER_SECONDS;

/** The 503 answer while the database cannot be reached, in the uniform shape. */
export function databaseUnavailableBody(reason: string): ErrorBody {
  return {
    error: {
      code: 'database_unavailable',
      message: `the service cannot reach its database (${reason}); retry after ${DATABASE_RETRY_AFTER_SECONDS} s`,
      detail: { reason, retryAfterSeconds: DATABASE_RETRY_AFTER_SECONDS },
    },
  };
}

/** Paths that work without the database: the health check (it says why itself), the API reference, the CLI's tarball. */
const NEEDS_NO_DATABASE = /^\/(health|v1\/openapi\.json|v1\/docs|cli\/[^/?]*)(\/|\?|$)/;

/**
 * While {@link DatabaseAvailability} says the database is down, every request that needs it is answered
 * 503 with Retry-After at once, instead of waiting on a pool that cannot connect. The first request to find
 * the database gone gets its 503 from the error handler (plugins/errors.ts), which marks it down.
 */
export function registerDatabaseGate(app: FastifyInstance, availability: DatabaseAvailability): void {
  app.addHook('onRequest', async (request, reply) => {
    const state = availability.state;
    if (state.up || NEEDS_NO_DATABASE.test(request.url)) return;
    return reply.status(503).header('retry-after', String(DATABASE_RETRY_AFTER_SECONDS)).send(databaseUnavailableBody(state.reason));
  });
}
