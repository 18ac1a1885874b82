import { endpoints } from '@toolmark/benchmarks/api';
import { publicUrl } from '../../../config.js';
import { listReleases } from '../../../pipelines/datasets.js';
import type { RouteModule } from '../../route.js';

/** GET /v1/datasets — the published dataset releases (no key needed). */
const route: RouteModule = (app, ctx) => {
  app.get(
    '/v1/datasets',
    {
      schema: {
        summary: 'List the published dataset releases (newest first; `latest=true`: each kind and key\'s latest only)',
        description: 'Each release is immutable: its files and manifest never change; a later build is a new version. `latest` marks the newest release of its kind and key.',
        tags: ['datasets'],
        ...endpoints['GET /v1/datasets'],
      },
    },
    async (request) => listReleases(ctx.db, request.query, publicUrl(ctx.config)),
  );
};
export default route;
