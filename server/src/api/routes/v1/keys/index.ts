import { endpoints } from '@toolmark/benchmarks/api';
import { createApiKeyWithin, listApiKeys } from '@toolmark/db';
import { ApiError } from '../../../errors.js';
import { requireKey } from '../../../plugins/auth.js';
import type { RouteModule } from '../../../route.js';

/**
 * GET /v1/keys — the organisation's keys; POST /v1/keys — create one (shown once), within the organisation's
 * limits (TOOLMARK_KEYS_PER_HOUR: 429 `key_limit` with Retry-After; TOOLMARK_LIVE_KEYS: 409 `too_many_keys`). Admin keys only.
 */
const route: RouteModule = (app, ctx) => {
  app.get(
    '/v1/keys',
    {
      schema: {
        summary: "List the organisation's keys (revoked ones included)",
        tags: ['keys'],
        security: [{ bearer: [] }],
        ...endpoints['GET /v1/keys'],
      },
    },
    async (request) => {
      const key = requireKey(request, ['admin']);
      return { items: await listApiKeys(ctx.db, key.organisationId) };
    },
  );
  app.post(
    '/v1/keys',
    {
      schema: {
        summary: 'Create a key; the key is in this response only',
        tags: ['keys'],
        security: [{ bearer: [] }],
        ...endpoints['POST /v1/keys'],
      },
    },
    async (request, reply) => {
      const admin = requireKey(request, ['admin']);
      const made = await createApiKeyWithin(ctx.db, { organisationId: admin.organisationId, purpose: request.body.purpose, name: request.body.name, createdByKeyId: admin.id }, { createdPerHour: ctx.config.TOOLMARK_KEYS_PER_HOUR, live: ctx.config.TOOLMARK_LIVE_KEYS }, ctx.now());
      if (made.status === 'limited') {
        if (made.limit === 'live') {
          throw new ApiError(409, 'too_many_keys', `an organisation may hold ${made.max} live keys; revoke one (DELETE /v1/keys/{id}) first`, { limit: made.max });
        }
        reply.header('retry-after', String(made.retryAfterSeconds));
        throw new ApiError(429, 'key_limit', `an organisation may create ${made.max} keys per hour; retry after ${made.retryAfterSeconds} seconds`, { limit: made.max, retryAfterSeconds: made.retryAfterSeconds });
      }
      reply.header('cache-control', 'no-store');
      return reply.status(201).send({ key: made.key, record: made.record });
    },
  );
};
export default route;
