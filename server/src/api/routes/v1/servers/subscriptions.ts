import { endpoints } from '@toolmark/benchmarks/api';
import { createSubscription, subscriptionsOf } from '../../../../pipelines/watch-subscriptions.js';
import { REST_PURPOSES, requireKey } from '../../../plugins/auth.js';
import type { RouteModule } from '../../../route.js';

/**
 * POST /v1/servers/{id}/subscriptions — a webhook for the server's watch events (admin keys: a subscription
 * belongs to the organisation): 201 with the Standard Webhooks signing secret, shown this once. The URL is
 * held to the capture's address policy (400 `address_refused` naming `body.url`).
 * GET /v1/servers/{id}/subscriptions — the organisation's webhooks on the server with their delivery counts.
 */
const route: RouteModule = (app, ctx) => {
  app.post(
    '/v1/servers/:id/subscriptions',
    {
      schema: {
        summary: "Subscribe a webhook to a server's watch events (an admin key; the secret is shown once)",
        description:
          'Events: version.created, score.changed, security.finding (critical: sent first), capture.failed, capture.recovered. Each is POSTed as {"type","timestamp","data"} with the Standard Webhooks headers webhook-id (the delivery id, the same on retries), webhook-timestamp and webhook-signature (v1,<base64 HMAC-SHA256 of "<id>.<timestamp>.<body>" keyed with the bytes of the secret after whsec_). A non-2xx answer is retried with exponential backoff (6 retries from 10 s); GET /v1/subscriptions/{id}/deliveries shows each delivery. The URL follows the capture URL policy (no private addresses unless the operator allows them).',
        tags: ['watch'],
        security: [{ bearer: [] }],
        ...endpoints['POST /v1/servers/{id}/subscriptions'],
      },
    },
    async (request, reply) => {
      const key = requireKey(request, ['admin']);
      const created = await createSubscription(ctx, { key, serverId: request.params.id, url: request.body.url, events: request.body.events });
      reply.header('location', `/v1/subscriptions/${created.id}/deliveries`);
      return reply.status(201).send(created);
    },
  );
  app.get(
    '/v1/servers/:id/subscriptions',
    {
      schema: {
        summary: "Your organisation's webhooks on a server, with their deliveries counted",
        tags: ['watch'],
        security: [{ bearer: [] }],
        ...endpoints['GET /v1/servers/{id}/subscriptions'],
      },
    },
    async (request) => {
      const key = requireKey(request, REST_PURPOSES);
      return { subscriptions: await subscriptionsOf(ctx, { key, serverId: request.params.id }) };
    },
  );
};
export default route;
