import { z } from 'zod';
import { getServer, listVersions } from '@toolmark/db';
import { notFound } from '../../../errors.js';
import type { RouteModule } from '../../../route.js';
import { authErrors, ErrorSchema, IdParamsSchema, ServerSchema, VersionSummarySchema } from '../../../schemas.js';

/** GET /v1/servers/{id} — a server with its versions (newest first) and each version's scores. */
const route: RouteModule = (app, ctx) => {
  app.get(
    '/v1/servers/:id',
    {
      schema: {
        summary: 'A server, its versions and their scores',
        tags: ['servers'],
        params: IdParamsSchema,
        response: { 200: z.object({ server: ServerSchema, versions: z.array(VersionSummarySchema) }), 404: ErrorSchema, ...authErrors },
      },
    },
    async (request) => {
      const server = await getServer(ctx.db, request.params.id);
      if (!server || (!server.public && server.organisationId !== request.apiKey?.organisationId)) throw notFound('server', request.params.id);
      return { server, versions: await listVersions(ctx.db, server.id) };
    },
  );
};
export default route;
