import { endpoints } from '@toolmark/benchmarks/api';
import { usageReport } from '@toolmark/db';
import { REST_PURPOSES, requireKey } from '../../../plugins/auth.js';
import type { RouteModule } from '../../../route.js';

/** GET /v1/me/usage — this month's units per purpose and the organisation's unexpired credits (any REST key of the organisation). */
const route: RouteModule = (app, ctx) => {
  app.get(
    '/v1/me/usage',
    {
      schema: {
        summary: "This month's usage and remaining units per purpose, and credits with their expiry",
        tags: ['keys'],
        security: [{ bearer: [] }],
        ...endpoints['GET /v1/me/usage'],
      },
    },
    async (request) => {
      const key = requireKey(request, REST_PURPOSES);
      return usageReport(ctx.db, key.organisationId, ctx.now());
    },
  );
};
export default route;
