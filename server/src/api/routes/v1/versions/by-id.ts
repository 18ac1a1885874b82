import { z } from 'zod';
import { getServer, getVersion } from '@toolmark/db';
import { notFound } from '../../../errors.js';
import type { RouteModule } from '../../../route.js';
import { authErrors, ErrorSchema, IdParamsSchema, VersionSchema } from '../../../schemas.js';

/** GET /v1/versions/{id} — one version of a server with its tools exactly as captured. */
const route: RouteModule = (app, ctx) => {
  app.get(
    '/v1/versions/:id',
    {
      schema: {
        summary: "A version: its tools as received, hash, label and origin",
        tags: ['servers'],
        params: IdParamsSchema,
        response: {
          200: VersionSchema.extend({ serverId: z.string(), tools: z.unknown() }),
          404: ErrorSchema,
          ...authErrors,
        },
      },
    },
    async (request) => {
      const version = await getVersion(ctx.db, request.params.id);
      const server = version && (await getServer(ctx.db, version.serverId));
      if (!version || !server || (!server.public && server.organisationId !== request.apiKey?.organisationId)) throw notFound('version', request.params.id);
      return version;
    },
  );
};
export default route;
