import { endpoints } from '@toolmark/benchmarks/api';
import { recaptureServer } from '../../../../pipelines/recapture-server.js';
import { requireKey } from '../../../plugins/auth.js';
import type { RouteModule } from '../../../route.js';

/**
 * POST /v1/servers/{id}/capture — read the server's tools from its source (URL or npm package) again, now:
 * 202 with the job; the progress is the server's `captureStatus`. Uploaded servers have no source to read
 * (409 `not_capturable`: save a new tools/list with POST /v1/servers/{id}/lint). Its organisation's admins.
 */
const route: RouteModule = (app, ctx) => {
  app.post(
    '/v1/servers/:id/capture',
    {
      schema: {
        summary: "Re-capture a server's tools from its URL or npm package now (its organisation's admins)",
        tags: ['servers'],
        security: [{ bearer: [] }],
        ...endpoints['POST /v1/servers/{id}/capture'],
      },
    },
    async (request, reply) => {
      const key = requireKey(request, ['admin']);
      const queued = await recaptureServer(ctx, { key, serverId: request.params.id });
      reply.header('location', `/v1/servers/${queued.server.id}`);
      return reply.status(202).send(queued);
    },
  );
};
export default route;
