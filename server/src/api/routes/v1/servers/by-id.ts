import { endpoints } from '@toolmark/benchmarks/api';
import { listVersions, sameSurfaceServers } from '@toolmark/db';
import type { RouteModule } from '../../../route.js';
import { visibleServerOr404 } from '../../../visibility.js';

/** GET /v1/servers/{id} — a server with its versions (newest first) and each version's scores, and the public servers with identical tools. */
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
      const [versions, sameSurface] = await Promise.all([listVersions(ctx.db, server.id), sameSurfaceServers(ctx.db, server)]);
      return { server, versions, sameSurface };
    },
  );
};
export default route;
