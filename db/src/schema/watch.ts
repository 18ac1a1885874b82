// Watch (issue 30): what happened to a server (events), who wants to hear of it by webhook (subscriptions)
// and each webhook delivery with its attempts. The Atom feeds read the events; webhooks read deliveries.
import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { now } from './columns.js';
import { apiKeys, organisations } from './accounts.js';
import { servers } from './servers.js';

/**
 * Something a watcher hears of, about one server: `version.created` (tools changed, with the diff),
 * `score.changed` (mean or band), `security.finding` (new security findings, `critical` priority),
 * `capture.failed` (a capture that starts failing) and `capture.recovered`. The payload is the webhook's
 * `data` and the feed entry's content; it never holds a secret.
 */
export const watchEvents = pgTable(
  'watch_events',
  {
    id: uuid().primaryKey().defaultRandom(),
    serverId: uuid()
      .notNull()
      .references(() => servers.id, { onDelete: 'cascade' }),
    kind: text().notNull(),
    /** `critical` (security findings: delivered first) or `normal`. */
    priority: text().notNull().default('normal'),
    /** The version the event is about, when there is one (one event of a kind per version: a retried job adds none). */
    versionId: uuid(),
    title: text().notNull(),
    payload: jsonb().notNull(),
    createdAt: now(),
  },
  (t) => [
    index('watch_events_server_idx').on(t.serverId, t.createdAt),
    uniqueIndex('watch_events_version_kind_idx').on(t.versionId, t.kind).where(sql`${t.versionId} IS NOT NULL`),
  ],
);

/**
 * A webhook of an organisation on one server it may see. The secret (`whsec_…`, Standard Webhooks) is shown
 * once at creation; it is kept because every payload is signed with it (HMAC-SHA256 needs the key itself).
 */
export const watchSubscriptions = pgTable(
  'watch_subscriptions',
  {
    id: uuid().primaryKey().defaultRandom(),
    organisationId: uuid()
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    serverId: uuid()
      .notNull()
      .references(() => servers.id, { onDelete: 'cascade' }),
    url: text().notNull(),
    secret: text().notNull(),
    /** The event kinds delivered (every kind when it was created without a list). */
    events: text().array().notNull(),
    createdByKeyId: uuid().references(() => apiKeys.id, { onDelete: 'set null' }),
    createdAt: now(),
    deletedAt: timestamp({ withTimezone: true, mode: 'date' }),
  },
  (t) => [index('watch_subscriptions_server_idx').on(t.serverId), index('watch_subscriptions_organisation_idx').on(t.organisationId)],
);

/** One event to one webhook: `pending` → `delivered`, or `retrying` → … → `failed` after the last attempt. */
export const watchDeliveries = pgTable(
  'watch_deliveries',
  {
    id: uuid().primaryKey().defaultRandom(),
    subscriptionId: uuid()
      .notNull()
      .references(() => watchSubscriptions.id, { onDelete: 'cascade' }),
    eventId: uuid()
      .notNull()
      .references(() => watchEvents.id, { onDelete: 'cascade' }),
    status: text().notNull().default('pending'),
    attempts: integer().notNull().default(0),
    responseCode: integer(),
    lastError: text(),
    createdAt: now(),
    updatedAt: now(),
    deliveredAt: timestamp({ withTimezone: true, mode: 'date' }),
  },
  (t) => [uniqueIndex('watch_deliveries_subscription_event_idx').on(t.subscriptionId, t.eventId), index('watch_deliveries_subscription_idx').on(t.subscriptionId, t.createdAt)],
);
