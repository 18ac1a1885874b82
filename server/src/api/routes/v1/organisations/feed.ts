import { endpoints } from '@toolmark/benchmarks/api';
import { feedEvents, getOrganisationBySlug } from '@toolmark/db';
import { publicUrl } from '../../../../config.js';
import { renderAtom } from '../../../../pipelines/watch-feed.js';
import { notFound } from '../../../errors.js';
import type { RouteModule } from '../../../route.js';

/**
 * GET /v1/organisations/{slug}/feed.atom — the watch events of every server the organisation owns, as
 * Atom 1.0, newest first (50). Events of its private servers are in it only for a key of the organisation;
 * anyone else reads its public servers' events.
 */
const route: RouteModule = (app, ctx) => {
  app.get(
    '/v1/organisations/:slug/feed.atom',
    {
      schema: {
        summary: "An organisation's servers' watch events as an Atom feed (private servers: its own keys only)",
        tags: ['watch'],
        ...endpoints['GET /v1/organisations/{slug}/feed.atom'],
      },
    },
    async (request, reply) => {
      const org = await getOrganisationBySlug(ctx.db, request.params.slug);
      if (!org) throw notFound('organisation', request.params.slug);
      const viewer = request.apiKey?.organisationId ?? null;
      const events = await feedEvents(ctx.db, { organisationId: org.id }, viewer);
      const base = publicUrl(ctx.config);
      const xml = renderAtom(
        { id: `urn:uuid:${org.id}`, title: `toolmark watch: ${org.name}`, self: `${base}/v1/organisations/${org.slug}/feed.atom`, page: base, since: org.createdAt },
        events,
        base,
      );
      reply.header('cache-control', viewer === org.id ? 'private, no-store' : 'public, max-age=60');
      return reply.type('application/atom+xml; charset=utf-8').send(xml);
    },
  );
};
export default route;
