// Webhook subscriptions (issue 30): an organisation's admin key subscribes a URL to a server it may see
// (its own, private or public, or another organisation's public one); the subscription and its deliveries
// belong to the organisation, and only its keys read them.
import { createWatchSubscription, deleteWatchSubscription, getWatchSubscription, listDeliveries, listWatchSubscriptions, type AuthenticatedKey, type DeliveryRow, type SubscriptionSummary } from '@toolmark/db';
import { CaptureError } from '../capture/errors.js';
import { checkRegisteredUrl } from '../capture/url-policy.js';
import type { PipelineDeps } from './deps.js';
import { notFound, PipelineError } from './errors.js';
import { visibleServer } from './visibility.js';
import { WATCH_EVENT_KINDS } from './watch-events.js';
import { newWebhookSecret } from './webhook-signature.js';

/** Live webhooks one organisation may keep on one server. */
export const MAX_SUBSCRIPTIONS_PER_SERVER = 10;

/** Subscribe `url` to the server's events; the answer carries the signing secret, never shown again. */
export async function createSubscription(
  ctx: Pick<PipelineDeps, 'db' | 'config'>,
  input: { key: AuthenticatedKey; serverId: string; url: string; events?: readonly string[] | undefined },
): Promise<SubscriptionSummary & { secret: string }> {
  const server = await visibleServer(ctx.db, input.serverId, input.key);
  if (!server) throw notFound('server', input.serverId);
  try {
    await checkRegisteredUrl(input.url, { allowPrivate: ctx.config.TOOLMARK_ALLOW_PRIVATE_URLS });
  } catch (error) {
    if (error instanceof CaptureError) throw new PipelineError('invalid', error.code, `url: ${error.message}`, { ...error.detail, path: 'body.url' });
    throw error;
  }
  const existing = await listWatchSubscriptions(ctx.db, input.key.organisationId, server.id);
  if (existing.length >= MAX_SUBSCRIPTIONS_PER_SERVER) {
    throw new PipelineError('conflict', 'too_many_subscriptions', `your organisation already has ${existing.length} webhooks on this server (at most ${MAX_SUBSCRIPTIONS_PER_SERVER}); delete one first`, {
      serverId: server.id,
      limit: MAX_SUBSCRIPTIONS_PER_SERVER,
    });
  }
  const secret = newWebhookSecret();
  const events = input.events ? [...new Set(input.events)] : [...WATCH_EVENT_KINDS];
  const row = await createWatchSubscription(ctx.db, { organisationId: input.key.organisationId, serverId: server.id, url: input.url, secret, events, createdByKeyId: input.key.id });
  const { secret: _stored, ...rest } = row;
  return { ...rest, deliveries: { delivered: 0, failed: 0, pending: 0 }, lastDelivery: null, secret };
}

/** The organisation's webhooks on a server it may see. */
export async function subscriptionsOf(ctx: Pick<PipelineDeps, 'db'>, input: { key: AuthenticatedKey; serverId: string }): Promise<SubscriptionSummary[]> {
  const server = await visibleServer(ctx.db, input.serverId, input.key);
  if (!server) throw notFound('server', input.serverId);
  return listWatchSubscriptions(ctx.db, input.key.organisationId, server.id);
}

/** A subscription of the key's organisation; another organisation's is not found (ids cannot be probed). */
async function ownSubscription(ctx: Pick<PipelineDeps, 'db'>, key: AuthenticatedKey, id: string) {
  const sub = await getWatchSubscription(ctx.db, id);
  if (!sub || sub.organisationId !== key.organisationId) throw notFound('subscription', id);
  return sub;
}

/** End a subscription: no more deliveries are made or attempted. */
export async function removeSubscription(ctx: Pick<PipelineDeps, 'db' | 'now'>, input: { key: AuthenticatedKey; id: string }): Promise<{ id: string; deletedAt: Date }> {
  await ownSubscription(ctx, input.key, input.id);
  const deleted = await deleteWatchSubscription(ctx.db, input.id, ctx.now());
  if (!deleted?.deletedAt) throw notFound('subscription', input.id);
  return { id: deleted.id, deletedAt: deleted.deletedAt };
}

/** A subscription's deliveries, newest first. */
export async function deliveriesOf(ctx: Pick<PipelineDeps, 'db'>, input: { key: AuthenticatedKey; id: string; limit: number }): Promise<DeliveryRow[]> {
  await ownSubscription(ctx, input.key, input.id);
  return listDeliveries(ctx.db, input.id, { limit: input.limit });
}
