import { endpoints } from '@toolmark/benchmarks/api';
import { deliveriesOf } from '../../../../pipelines/watch-subscriptions.js';
import { REST_PURPOSES, requireKey } from '../../../plugins/auth.js';
import type { RouteModule } from '../../../route.js';

/**
 * GET /v1/subscriptions/{id}/deliveries — a webhook's deliveries, newest first: status (`pending`,
 * `retrying`, `delivered`, `failed` after the last attempt, `cancelled`), attempts, the last response code
 * and error. Keys of the subscription's organisation; any other id is a 404.
 */
const route: RouteModule = (app, ctx) => {
  app.get(
    '/v1/subscriptions/:id/deliveries',
    {
      schema: {
        summary: "A webhook's deliveries with their status, attempts and response code",
        tags: ['watch'],
        security: [{ bearer: [] }],
        ...endpoints['GET /v1/subscriptions/{id}/deliveries'],
      },
    },
    async (request) => {
      const key = requireKey(request, REST_PURPOSES);
      const rows = await deliveriesOf(ctx, { key, id: request.params.id, limit: request.query.limit });
      return {
        deliveries: rows.map((d) => ({
          id: d.id,
          eventId: d.eventId,
          kind: d.kind,
          title: d.title,
          status: d.status as 'pending' | 'retrying' | 'delivered' | 'failed' | 'cancelled',
          attempts: d.attempts,
          responseCode: d.responseCode,
          lastError: d.lastError,
          createdAt: d.createdAt,
          updatedAt: d.updatedAt,
          deliveredAt: d.deliveredAt,
        })),
      };
    },
  );
};
export default route;
