// Organisations, their API keys, the units they spend each month and their credits.
import { sql } from 'drizzle-orm';
import { bigint, boolean, check, date, index, integer, pgEnum, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { now } from './columns.js';

/** What a key may do: `admin` manages keys, `ci` saves lint scores, `script` also evaluates, `agent` never calls the REST API. */
export const keyPurpose = pgEnum('key_purpose', ['admin', 'ci', 'script', 'agent']);

export const organisations = pgTable('organisations', {
  id: uuid().primaryKey().defaultRandom(),
  name: text().notNull(),
  slug: text().notNull().unique(),
  /** Requests per minute per key. */
  rateLimitPerMinute: integer().notNull().default(600),
  /** Monthly (UTC) units per key purpose; spending beyond them takes credits. */
  monthlyUnitsCi: integer().notNull().default(10_000),
  monthlyUnitsScript: integer().notNull().default(1_000),
  /** Set by an operator while the organisation's last payment has failed: no evaluation starts (402). */
  paymentFailed: boolean().notNull().default(false),
  createdAt: now(),
});

export const apiKeys = pgTable(
  'api_keys',
  {
    id: uuid().primaryKey().defaultRandom(),
    organisationId: uuid()
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    purpose: keyPurpose().notNull(),
    name: text().notNull(),
    /** The first characters of the key, shown in lists so a person can tell keys apart. */
    prefix: text().notNull(),
    /** sha256 of the whole key (hex). Keys are 190 random bits, so a fast hash is enough; the key itself is never stored. */
    hash: text().notNull().unique(),
    createdByKeyId: uuid(),
    createdAt: now(),
    lastUsedAt: timestamp({ withTimezone: true, mode: 'date' }),
    revokedAt: timestamp({ withTimezone: true, mode: 'date' }),
  },
  (t) => [index('api_keys_organisation_idx').on(t.organisationId)],
);

/** Units spent per organisation, UTC month and key purpose. */
export const usage = pgTable(
  'usage',
  {
    organisationId: uuid()
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    month: date({ mode: 'string' }).notNull(),
    purpose: keyPurpose().notNull(),
    units: bigint({ mode: 'number' }).notNull().default(0),
    creditUnits: bigint({ mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.organisationId, t.month, t.purpose] })],
);

/** Credits: spent after the month's quota, oldest-expiring first; expired credits are never spent. */
export const credits = pgTable(
  'credits',
  {
    id: uuid().primaryKey().defaultRandom(),
    organisationId: uuid()
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    amount: integer().notNull(),
    remaining: integer().notNull(),
    reason: text().notNull(),
    expiresAt: timestamp({ withTimezone: true, mode: 'date' }).notNull(),
    createdAt: now(),
  },
  (t) => [
    index('credits_spend_idx').on(t.organisationId, t.expiresAt),
    check('credits_remaining_range', sql`${t.remaining} >= 0 AND ${t.remaining} <= ${t.amount}`),
  ],
);
