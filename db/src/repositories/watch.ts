// Watch (issue 30): events of a server, the webhooks of organisations and their deliveries. An event and
// its deliveries are written in one transaction, so a webhook never misses an event the feed shows.
import { and, desc, eq, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import type { Database } from '../client.js';
import { servers, serverVersions, watchDeliveries, watchEvents, watchSubscriptions } from '../schema.js';

/** A stored event. */
export type WatchEvent = typeof watchEvents.$inferSelect;
/** A stored subscription (with its secret: never answered after creation). */
export type WatchSubscription = typeof watchSubscriptions.$inferSelect;
/** A stored delivery. */
export type WatchDelivery = typeof watchDeliveries.$inferSelect;

/** What recording an event needs. */
export interface NewWatchEvent {
  serverId: string;
  kind: string;
  priority: 'critical' | 'normal';
  versionId: string | null;
  title: string;
  payload: Record<string, unknown>;
}

/**
 * Store an event and one pending delivery for each live subscription of the server that asked for its kind
 * and whose organisation may see the server now (a private server's events reach only its own
 * organisation). An event of a version is stored once per kind: a second call (a retried job) stores nothing
 * and answers `created: false` with the delivery ids already made, so the caller may queue them again.
 */
export async function recordWatchEvent(db: Database, input: NewWatchEvent): Promise<{ event: WatchEvent; created: boolean; deliveryIds: string[] }> {
  return db.transaction(async (tx) => {
    const [inserted] = await tx.insert(watchEvents).values(input).onConflictDoNothing().returning();
    const event =
      inserted ??
      (await tx
        .select()
        .from(watchEvents)
        .where(and(eq(watchEvents.versionId, input.versionId!), eq(watchEvents.kind, input.kind))))[0]!;
    if (inserted) {
      await tx.execute(sql`
        INSERT INTO watch_deliveries (subscription_id, event_id)
        SELECT s.id, ${event.id}::uuid FROM watch_subscriptions s JOIN servers v ON v.id = s.server_id
        WHERE s.server_id = ${input.serverId}::uuid AND s.deleted_at IS NULL AND ${input.kind} = ANY(s.events)
          AND (v.public OR v.organisation_id = s.organisation_id)
        ON CONFLICT DO NOTHING`);
    }
    const rows = await tx.select({ id: watchDeliveries.id }).from(watchDeliveries).where(eq(watchDeliveries.eventId, event.id));
    return { event, created: inserted !== undefined, deliveryIds: rows.map((r) => r.id) };
  });
}

/** The newest event of these kinds for a server (the capture events decide "starts failing" by it). */
export async function latestWatchEvent(db: Database, serverId: string, kinds: readonly string[]): Promise<WatchEvent | undefined> {
  const [row] = await db
    .select()
    .from(watchEvents)
    .where(and(eq(watchEvents.serverId, serverId), inArray(watchEvents.kind, [...kinds])))
    .orderBy(desc(watchEvents.createdAt), desc(watchEvents.id))
    .limit(1);
  return row;
}

/** What a feed shows: events with their server's name and slug, newest first. */
export interface FeedEvent extends WatchEvent {
  serverName: string;
  serverSlug: string;
}

/**
 * The newest events of one server, or of every server an organisation owns, that `viewerOrganisationId` may
 * see (public servers, and private ones of its own organisation), not deleted; newest first.
 */
export async function feedEvents(db: Database, scope: { serverId: string } | { organisationId: string }, viewerOrganisationId: string | null, limit = 50): Promise<FeedEvent[]> {
  const visible = viewerOrganisationId === null ? eq(servers.public, true) : or(eq(servers.public, true), eq(servers.organisationId, viewerOrganisationId));
  const where = 'serverId' in scope ? eq(watchEvents.serverId, scope.serverId) : eq(servers.organisationId, scope.organisationId);
  const rows = await db
    .select({ event: watchEvents, serverName: servers.name, serverSlug: servers.slug })
    .from(watchEvents)
    .innerJoin(servers, eq(servers.id, watchEvents.serverId))
    .where(and(where, visible, isNull(servers.deletedAt)))
    .orderBy(desc(watchEvents.createdAt), desc(watchEvents.id))
    .limit(limit);
  return rows.map((r) => ({ ...r.event, serverName: r.serverName, serverSlug: r.serverSlug }));
}

/** Create a webhook subscription. */
export async function createWatchSubscription(
  db: Database,
  input: { organisationId: string; serverId: string; url: string; secret: string; events: string[]; createdByKeyId: string | null },
): Promise<WatchSubscription> {
  const [row] = await db.insert(watchSubscriptions).values(input).returning();
  return row!;
}

/** A live subscription by id, or undefined. */
export async function getWatchSubscription(db: Database, id: string): Promise<WatchSubscription | undefined> {
  const [row] = await db
    .select()
    .from(watchSubscriptions)
    .where(and(eq(watchSubscriptions.id, id), isNull(watchSubscriptions.deletedAt)));
  return row;
}

/** Delivery counts of a subscription, for lists. */
export interface SubscriptionSummary extends Omit<WatchSubscription, 'secret'> {
  deliveries: { delivered: number; failed: number; pending: number };
  lastDelivery: { status: string; responseCode: number | null; at: Date } | null;
}

/** An organisation's live subscriptions on one server, newest first, without secrets. */
export async function listWatchSubscriptions(db: Database, organisationId: string, serverId: string): Promise<SubscriptionSummary[]> {
  const subs = await db
    .select()
    .from(watchSubscriptions)
    .where(and(eq(watchSubscriptions.organisationId, organisationId), eq(watchSubscriptions.serverId, serverId), isNull(watchSubscriptions.deletedAt)))
    .orderBy(desc(watchSubscriptions.createdAt));
  if (subs.length === 0) return [];
  const counts = await db
    .select({ subscriptionId: watchDeliveries.subscriptionId, status: watchDeliveries.status, n: sql<number>`count(*)::int` })
    .from(watchDeliveries)
    .where(inArray(watchDeliveries.subscriptionId, subs.map((s) => s.id)))
    .groupBy(watchDeliveries.subscriptionId, watchDeliveries.status);
  const last = await db
    .selectDistinctOn([watchDeliveries.subscriptionId], { subscriptionId: watchDeliveries.subscriptionId, status: watchDeliveries.status, responseCode: watchDeliveries.responseCode, at: watchDeliveries.updatedAt })
    .from(watchDeliveries)
    .where(inArray(watchDeliveries.subscriptionId, subs.map((s) => s.id)))
    .orderBy(watchDeliveries.subscriptionId, desc(watchDeliveries.updatedAt));
  return subs.map(({ secret: _secret, ...s }) => {
    const of = (status: string) => counts.find((c) => c.subscriptionId === s.id && c.status === status)?.n ?? 0;
    const l = last.find((x) => x.subscriptionId === s.id);
    return {
      ...s,
      deliveries: { delivered: of('delivered'), failed: of('failed'), pending: of('pending') + of('retrying') },
      lastDelivery: l ? { status: l.status, responseCode: l.responseCode, at: l.at } : null,
    };
  });
}

/** End a subscription (its deliveries stay readable by id; no more are made or attempted). */
export async function deleteWatchSubscription(db: Database, id: string, at: Date): Promise<WatchSubscription | undefined> {
  const [row] = await db
    .update(watchSubscriptions)
    .set({ deletedAt: at })
    .where(and(eq(watchSubscriptions.id, id), isNull(watchSubscriptions.deletedAt)))
    .returning();
  return row;
}

/** A delivery with what sending it needs: its subscription (live or not) and its event. */
export async function deliveryToSend(db: Database, id: string): Promise<{ delivery: WatchDelivery; subscription: WatchSubscription; event: WatchEvent; server: { public: boolean; organisationId: string; deletedAt: Date | null } } | undefined> {
  const [row] = await db
    .select({ delivery: watchDeliveries, subscription: watchSubscriptions, event: watchEvents, server: { public: servers.public, organisationId: servers.organisationId, deletedAt: servers.deletedAt } })
    .from(watchDeliveries)
    .innerJoin(watchSubscriptions, eq(watchSubscriptions.id, watchDeliveries.subscriptionId))
    .innerJoin(watchEvents, eq(watchEvents.id, watchDeliveries.eventId))
    .innerJoin(servers, eq(servers.id, watchEvents.serverId))
    .where(eq(watchDeliveries.id, id));
  return row;
}

/** Record one attempt of a delivery. */
export async function recordDeliveryAttempt(
  db: Database,
  id: string,
  attempt: { status: 'delivered' | 'retrying' | 'failed' | 'cancelled'; responseCode: number | null; error: string | null; at: Date },
): Promise<void> {
  await db
    .update(watchDeliveries)
    .set({
      status: attempt.status,
      attempts: sql`${watchDeliveries.attempts} + 1`,
      responseCode: attempt.responseCode,
      lastError: attempt.error,
      updatedAt: attempt.at,
      ...(attempt.status === 'delivered' ? { deliveredAt: attempt.at } : {}),
    })
    .where(eq(watchDeliveries.id, id));
}

/** A delivery as lists show it. */
export interface DeliveryRow extends WatchDelivery {
  kind: string;
  title: string;
}

/** A subscription's deliveries, newest first, paged (keyset on creation time is not needed at 100 a page). */
export async function listDeliveries(db: Database, subscriptionId: string, page: { limit: number; before?: Date | undefined }): Promise<DeliveryRow[]> {
  const rows = await db
    .select({ delivery: watchDeliveries, kind: watchEvents.kind, title: watchEvents.title })
    .from(watchDeliveries)
    .innerJoin(watchEvents, eq(watchEvents.id, watchDeliveries.eventId))
    .where(and(eq(watchDeliveries.subscriptionId, subscriptionId), page.before ? lt(watchDeliveries.createdAt, page.before) : undefined))
    .orderBy(desc(watchDeliveries.createdAt), desc(watchDeliveries.id))
    .limit(page.limit);
  return rows.map((r) => ({ ...r.delivery, kind: r.kind, title: r.title }));
}

/** The version of a server before `seq` (the newest one with a smaller seq), with its tools; undefined for the first. */
export async function previousVersion(db: Database, serverId: string, seq: number): Promise<typeof serverVersions.$inferSelect | undefined> {
  const [row] = await db
    .select()
    .from(serverVersions)
    .where(and(eq(serverVersions.serverId, serverId), lt(serverVersions.seq, seq)))
    .orderBy(desc(serverVersions.seq))
    .limit(1);
  return row;
}
