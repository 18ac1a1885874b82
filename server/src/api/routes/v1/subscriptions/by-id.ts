import { endpoints } from '@toolmark/benchmarks/api';
import { removeSubscription } from '../../../../pipelines/watch-subscriptions.js';
import { requireKey } from '../../../plugins/auth.js';
import type { RouteModule } from '../../../route.js';

/** DELETE /v1/subscriptions/{id} — end a webhook of your organisation (admin keys); its deliveries stay listed. */
const route: RouteModule = (app, ctx) => {
  app.delete(
    '/v1/subscriptions/:id',
    {
      schema: {
        summary: 'Delete a webhook subscription (its organisation’s admins)',
        tags: ['watch'],
        security: [{ bearer: [] }],
        ...endpoints['DELETE /v1/subscriptions/{id}'],
      },
    },
    async (request) => removeSubscription(ctx, { key: requireKey(request, ['admin']), id: request.params.id }),
  );
};
export default route;
