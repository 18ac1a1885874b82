// The failure knowledge base: reports posted by agent keys, and the private cases made from them.
import { FAILURE_KINDS } from '@toolmark/benchmarks';
import { sql } from 'drizzle-orm';
import { index, pgEnum, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { now } from './columns.js';
import { apiKeys, organisations } from './accounts.js';
import { servers } from './servers.js';

/** What went wrong in a reported tool call (the core's FAILURE_KINDS). */
export const failureKind = pgEnum('failure_kind', FAILURE_KINDS);

/**
 * The failure knowledge base: one row per report an `agent` key posted (duplicates within the window are
 * never stored). The server is named by id, or by surface hash when the agent knew only its tools; a
 * report by hash is tied to the registered server with those tools when there is one. The utterance is
 * kept only when the report is tied to a server (its organisation alone reads it). Removal by an operator
 * sets `removed_at`: the row stays (who posted what is kept), every read leaves it out.
 */
export const failureReports = pgTable(
  'failure_reports',
  {
    id: uuid().primaryKey().defaultRandom(),
    serverId: uuid().references(() => servers.id, { onDelete: 'cascade' }),
    surfaceHash: text().notNull(),
    toolCalled: text(),
    expectedTool: text(),
    kind: failureKind().notNull(),
    model: text().notNull(),
    utterance: text(),
    /** The core's failureDedupeKey: the server, tools and kind. */
    dedupeKey: text().notNull(),
    apiKeyId: uuid()
      .notNull()
      .references(() => apiKeys.id, { onDelete: 'cascade' }),
    organisationId: uuid()
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    createdAt: now(),
    removedAt: timestamp({ withTimezone: true, mode: 'date' }),
  },
  (t) => [
    index('failure_reports_server_idx').on(t.serverId).where(sql`${t.removedAt} IS NULL`),
    index('failure_reports_surface_idx').on(t.surfaceHash).where(sql`${t.removedAt} IS NULL`),
    index('failure_reports_key_idx').on(t.apiKeyId, t.createdAt),
    // The organisation's limits (issue 28): its reports of the last hour counted, and its duplicates looked
    // up, on every report (storeFailureReport); the key's own count reads failure_reports_key_idx.
    index('failure_reports_organisation_idx').on(t.organisationId, t.createdAt),
    index('failure_reports_organisation_dedupe_idx').on(t.organisationId, t.dedupeKey, t.createdAt),
  ],
);

/**
 * A server organisation's private cases made from reported utterances: one task per report (prompt = the
 * utterance, expected = the tool that should have been called, or null), read back as a task set.
 */
export const failureCases = pgTable(
  'failure_cases',
  {
    id: uuid().primaryKey().defaultRandom(),
    organisationId: uuid()
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    serverId: uuid()
      .notNull()
      .references(() => servers.id, { onDelete: 'cascade' }),
    reportId: uuid()
      .notNull()
      .references(() => failureReports.id, { onDelete: 'cascade' }),
    taskId: text().notNull(),
    prompt: text().notNull(),
    expected: text(),
    createdByKeyId: uuid().references(() => apiKeys.id, { onDelete: 'set null' }),
    createdAt: now(),
  },
  (t) => [uniqueIndex('failure_cases_report_idx').on(t.reportId), index('failure_cases_server_idx').on(t.serverId, t.organisationId)],

);
