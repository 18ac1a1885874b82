import { endpoints } from '@toolmark/benchmarks/api';
import { listServers } from '@toolmark/db';
import { REST_PURPOSES, requireKey } from '../../../plugins/auth.js';
import type { RouteModule } from '../../../route.js';
import { registerServer } from '../../../../pipelines/register-server.js';

/** GET /v1/servers — public servers (or, with `mine=true` and a key, the organisation's), searched and paged. POST — register one. */
const route: RouteModule = (app, ctx) => {
  app.get(
    '/v1/servers',
    {
      schema: {
        summary: 'List servers: search by name or slug, paged',
        tags: ['servers'],
        ...endpoints['GET /v1/servers'],
      },
    },
    async (request) => {
      const { q, limit, offset, mine } = request.query;
      const organisationId = mine === 'true' ? requireKey(request, REST_PURPOSES).organisationId : undefined;
      const page = await listServers(ctx.db, { search: q || undefined, limit, offset, organisationId });
      return { ...page, limit, offset };
    },
  );
  app.post(
    '/v1/servers',
    {
      schema: {
        summary: 'Register a server by URL, npm package (when the operator allows it) or an uploaded tools/list',
        tags: ['servers'],
        security: [{ bearer: [] }],
        ...endpoints['POST /v1/servers'],
      },
      bodyLimit: 1_100_000,
    },
    async (request, reply) => {
      const key = requireKey(request, ['admin', 'script']);
      const registered = await registerServer(ctx, { key, body: request.body });
      reply.header('location', `/v1/servers/${registered.server.id}`);
      return reply.status(202).send(registered);
    },
  );
};
export default route;
