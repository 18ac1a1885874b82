import { endpoints } from '@toolmark/benchmarks/api';
import type { RouteModule } from '../../../route.js';
import { visibleVersionOr404 } from '../../../visibility.js';

/** GET /v1/versions/{id} — one version of a server with its tools exactly as captured. */
const route: RouteModule = (app, ctx) => {
  app.get(
    '/v1/versions/:id',
    {
      schema: {
        summary: "A version: its tools as received, hash, label and origin",
        tags: ['servers'],
        ...endpoints['GET /v1/versions/{id}'],
      },
    },
    async (request) => (await visibleVersionOr404(ctx, request, request.params.id)).version,
  );
};
export default route;
