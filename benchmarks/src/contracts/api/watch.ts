// Watch (issue 30): webhook subscriptions of a server, their deliveries, and the Atom feeds.
import { z } from 'zod';
import { IdOrSlugParamsSchema, IdParamsSchema, SlugSchema, StoredUrlSchema, TimestampSchema } from './common.js';
import { authErrors, bodyErrors, ErrorSchema, unavailable } from './errors.js';

/** Every kind of watch event (the server's pipelines/watch-events.ts emits them). */
export const WatchEventKindSchema = z.enum(['version.created', 'score.changed', 'security.finding', 'capture.failed', 'capture.recovered']);

/** Body of `POST /v1/servers/{id}/subscriptions`. */
export const CreateSubscriptionBodySchema = z
  .object({
    /** Where events are POSTed: http(s), held to the capture's address policy (no private addresses unless the operator allows them). */
    url: StoredUrlSchema,
    /** The kinds delivered; default every kind. */
    events: z.array(WatchEventKindSchema).min(1, 'name at least one event kind').max(5).optional(),
  })
  .strict();

/** A subscription as lists show it (never its secret). */
export const SubscriptionSchema = z.object({
  id: z.uuid(),
  serverId: z.uuid(),
  organisationId: z.uuid(),
  url: z.string(),
  events: z.array(z.string()),
  createdAt: TimestampSchema,
  deliveries: z.object({ delivered: z.number().int(), failed: z.number().int(), pending: z.number().int() }),
  lastDelivery: z.object({ status: z.string(), responseCode: z.number().int().nullable(), at: TimestampSchema }).nullable(),
});

/** A new subscription: `secret` (Standard Webhooks `whsec_…`) is in this answer only. */
export const CreatedSubscriptionSchema = SubscriptionSchema.extend({ secret: z.string() });

/** One delivery of an event to a webhook. */
export const DeliverySchema = z.object({
  id: z.uuid().describe('also the `webhook-id` header of every attempt'),
  eventId: z.uuid(),
  kind: z.string(),
  title: z.string(),
  status: z.enum(['pending', 'retrying', 'delivered', 'failed', 'cancelled']),
  attempts: z.number().int(),
  responseCode: z.number().int().nullable(),
  lastError: z.string().nullable(),
  createdAt: TimestampSchema,
  updatedAt: TimestampSchema,
  deliveredAt: TimestampSchema.nullable(),
});

/** Query of the deliveries list. */
export const DeliveriesQuerySchema = z.object({ limit: z.coerce.number<number | string>().int().min(1).max(100).default(50) }).strict();

const atom = z.string().describe('application/atom+xml: an Atom 1.0 feed (RFC 4287), newest entry first, at most 50');

/** Watch routes. */
export const watchEndpoints = {
  'POST /v1/servers/{id}/subscriptions': {
    params: IdOrSlugParamsSchema,
    body: CreateSubscriptionBodySchema,
    response: { 201: CreatedSubscriptionSchema, ...bodyErrors, 404: ErrorSchema, 409: ErrorSchema, ...authErrors, ...unavailable },
  },
  'GET /v1/servers/{id}/subscriptions': {
    params: IdOrSlugParamsSchema,
    response: { 200: z.object({ subscriptions: z.array(SubscriptionSchema) }), 400: ErrorSchema, 404: ErrorSchema, ...authErrors, ...unavailable },
  },
  'DELETE /v1/subscriptions/{id}': {
    params: IdParamsSchema,
    response: { 200: z.object({ id: z.uuid(), deletedAt: TimestampSchema }), 400: ErrorSchema, 404: ErrorSchema, ...authErrors, ...unavailable },
  },
  'GET /v1/subscriptions/{id}/deliveries': {
    params: IdParamsSchema,
    querystring: DeliveriesQuerySchema,
    response: { 200: z.object({ deliveries: z.array(DeliverySchema) }), 400: ErrorSchema, 404: ErrorSchema, ...authErrors, ...unavailable },
  },
  'GET /v1/servers/{id}/feed.atom': {
    params: IdOrSlugParamsSchema,
    response: { 200: atom, 400: ErrorSchema, 404: ErrorSchema, ...authErrors, ...unavailable },
  },
  'GET /v1/organisations/{slug}/feed.atom': {
    params: z.object({ slug: SlugSchema }),
    response: { 200: atom, 400: ErrorSchema, 404: ErrorSchema, ...authErrors, ...unavailable },
  },
};
