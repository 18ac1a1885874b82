import { endpoints } from '@toolmark/benchmarks/api';
import { listVersions } from '@toolmark/db';
import type { RouteModule } from '../../../route.js';
import { visibleServerOr404 } from '../../../visibility.js';

/** GET /v1/servers/{id} — a server with its versions (newest first) and each version's scores. */
const route: RouteModule = (app, ctx) => {
  app.get(
    '/v1/servers/:id',
    {
      schema: {
        summary: 'A server, its versions and their scores',
        tags: ['servers'],
        ...endpoints['GET /v1/servers/{id}'],
      },
    },
    async (request) => {
      const server = await visibleServerOr404(ctx, request, request.params.id);
      return { server, versions: await listVersions(ctx.db, server.id) };
    },
  );
};
export default route;
