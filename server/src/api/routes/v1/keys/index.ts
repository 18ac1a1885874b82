import { endpoints } from '@toolmark/benchmarks/api';
import { createApiKey, listApiKeys } from '@toolmark/db';
import { requireKey } from '../../../plugins/auth.js';
import type { RouteModule } from '../../../route.js';

/** GET /v1/keys — the organisation's keys; POST /v1/keys — create one (shown once). Admin keys only. */
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
      const created = await createApiKey(ctx.db, { organisationId: admin.organisationId, purpose: request.body.purpose, name: request.body.name, createdByKeyId: admin.id });
      reply.header('cache-control', 'no-store');
      return reply.status(201).send(created);
    },
  );
};
export default route;
