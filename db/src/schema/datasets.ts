// Dataset releases (issue 16).
import { bigint, index, integer, jsonb, pgEnum, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { now } from './columns.js';
import { servers } from './servers.js';

/** Status of a dataset release: being built (never served), published (immutable), failed. */
export const releaseStatus = pgEnum('release_status', ['building', 'published', 'failed']);

/**
 * Dataset releases (issue 16): one row per built release. Only `published` rows are served; their files
 * never change. The latest release of a kind and key is the published one with the highest version.
 */
export const releases = pgTable(
  'releases',
  {
    id: uuid().primaryKey().defaultRandom(),
    kind: text().notNull(),
    /** What releases of a kind are kept apart by: `v1:<hash>` for lint, the model and comparable settings for evaluations. */
    key: text().notNull(),
    version: integer().notNull(),
    /** The manifest's id (`lint-v1-…-v3`): the folder name and the id in URLs. */
    releaseId: text().notNull().unique(),
    status: releaseStatus().notNull().default('building'),
    /** The release's manifest once published (jsonb: key order is not kept; the manifest.json file holds the exact bytes). */
    manifest: jsonb(),
    /** Total bytes of the release's files. */
    bytes: bigint({ mode: 'number' }),
    error: jsonb(),
    createdAt: now(),
    publishedAt: timestamp({ withTimezone: true, mode: 'date' }),
    /** The servers the release holds rows of (set at publish; null for releases published before migration 0011 until the next build reads them from the files). */
    servers: uuid().array(),
    /** Withdrawn (a server it held went private, was deleted or was withdrawn by the operator): listed as such, its files answer 410, its manifest stays. */
    withdrawnAt: timestamp({ withTimezone: true, mode: 'date' }),
    /** Why: `{ code: 'server_private' | 'server_deleted' | 'operator', message }` (never the server's name). */
    withdrawnReason: jsonb(),
  },
  (t) => [uniqueIndex('releases_kind_key_version_idx').on(t.kind, t.key, t.version), index('releases_published_idx').on(t.status, t.kind, t.publishedAt)],
);

/**
 * Servers the operator withdrew from every dataset release (issue 24): builds skip them although they are
 * public, and every release that holds one is withdrawn. One row per server.
 */
export const datasetExclusions = pgTable('dataset_exclusions', {
  serverId: uuid()
    .primaryKey()
    .references(() => servers.id, { onDelete: 'cascade' }),
  reason: text().notNull(),
  createdAt: now(),
});

/**
 * The public keys dataset manifests are signed with (issue 24): each process that builds releases keeps an
 * Ed25519 private key in its data folder (0600) and registers its public key here at start; the API serves
 * them as a key set (`/.well-known/toolmark-datasets-keys.json`) and `verify` checks signatures against it.
 */
export const datasetSigningKeys = pgTable('dataset_signing_keys', {
  /** `ed25519:` and the first 32 hex of the sha256 of the key's SPKI DER. */
  keyId: text().primaryKey(),
  /** The public key, SPKI PEM. */
  publicKey: text().notNull(),
  createdAt: now(),
});
