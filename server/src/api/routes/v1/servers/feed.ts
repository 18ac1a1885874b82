import { endpoints } from '@toolmark/benchmarks/api';
import { feedEvents } from '@toolmark/db';
import { publicUrl } from '../../../../config.js';
import { visibleServer } from '../../../../pipelines/visibility.js';
import { notFound } from '../../../errors.js';
import { renderAtom } from '../../../../pipelines/watch-feed.js';
import type { RouteModule } from '../../../route.js';

/**
 * GET /v1/servers/{id}/feed.atom — the server's watch events as Atom 1.0, newest first (50). A public
 * server's feed is for anyone; a private one's needs a key of its organisation (404 otherwise, as
 * everywhere).
 */
const route: RouteModule = (app, ctx) => {
  app.get(
    '/v1/servers/:id/feed.atom',
    {
      schema: {
        summary: "A server's watch events as an Atom feed (a private server's: its organisation's keys)",
        tags: ['watch'],
        ...endpoints['GET /v1/servers/{id}/feed.atom'],
      },
    },
    async (request, reply) => {
      const viewer = request.apiKey;
      const server = await visibleServer(ctx.db, request.params.id, viewer);
      if (!server) throw notFound('server', request.params.id);
      const events = await feedEvents(ctx.db, { serverId: server.id }, viewer?.organisationId ?? null);
      const base = publicUrl(ctx.config);
      const xml = renderAtom(
        { id: `urn:uuid:${server.id}`, title: `toolmark watch: ${server.name}`, self: `${base}/v1/servers/${server.slug}/feed.atom`, page: `${base}/servers/${server.slug}`, since: server.createdAt },
        events,
        base,
      );
      reply.header('cache-control', server.public ? 'public, max-age=60' : 'private, no-store');
      return reply.type('application/atom+xml; charset=utf-8').send(xml);
    },
  );
};
export default route;
