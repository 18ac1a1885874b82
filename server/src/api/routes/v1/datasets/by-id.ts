import { endpoints } from '@toolmark/benchmarks/api';
import type { Manifest } from '@toolmark/benchmarks';
import { releaseOr404 } from '../../../../pipelines/datasets.js';
import type { RouteModule } from '../../../route.js';

/** GET /v1/datasets/{id} — a published release's manifest. */
const route: RouteModule = (app, ctx) => {
  app.get(
    '/v1/datasets/:id',
    {
      schema: {
        summary: "A release's manifest: what was run, when, row counts and every file's sha256",
        description: 'The exact bytes of the manifest are at `/v1/datasets/{id}/files/manifest.json`.',
        tags: ['datasets'],
        ...endpoints['GET /v1/datasets/{id}'],
      },
    },
    async (request, reply) => {
      const r = await releaseOr404(ctx.db, request.params.id);
      reply.header('cache-control', 'public, max-age=86400, immutable');
      return r.manifest as Manifest;
    },
  );
};
export default route;
