// Registered servers and their versions (one row per captured or uploaded tool surface).
import { boolean, customType, index, integer, json, jsonb, pgEnum, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { now } from './columns.js';
import { organisations } from './accounts.js';

/** How a server's tools reach toolmark. */
export const serverSource = pgEnum('server_source', ['url', 'npm', 'upload']);
/** Where a version's tools came from. */
export const versionOrigin = pgEnum('version_origin', ['api', 'capture', 'upload', 'seed']);

/** PostgreSQL's `tsvector`: written by SQL (`setweight(to_tsvector(…))`), never read by the application. */
const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

/**
 * A catalogue server's package facts (issue 27), as the frozen catalogue records them: keywords, the
 * variables it needs, `engines.node`, the capture status and date. Shown on the board, server pages and
 * the registry API; never queried inside (the licence has its own column for the filter).
 */
export interface ServerFacts {
  keywords: string[];
  /** Names of the environment variables the server needs to start (values are never stored). */
  env: string[];
  nodeEngines: string | null;
  deprecated: string | null;
  /** The bin `npx` runs when the package has several. */
  bin: string | null;
  catalogue: { status: 'captured' | 'needs_credentials' | 'failed'; capturedAt: string; failure: string | null } | null;
}

export const servers = pgTable(
  'servers',
  {
    id: uuid().primaryKey().defaultRandom(),
    name: text().notNull(),
    slug: text().notNull().unique(),
    description: text(),
    source: serverSource().notNull(),
    sourceUrl: text(),
    sourcePackage: text(),
    homepage: text(),
    repository: text(),
    /** The package's SPDX licence expression (npm's `license`), when known. */
    license: text(),
    facts: jsonb().$type<ServerFacts>(),
    /**
     * What full-text search matches (migration 0013): name and keywords (weight A), description (B), the
     * latest version's tool names and descriptions (C) with the english configuration, plus CJK bigrams
     * with the simple one (`@toolmark/benchmarks` `searchDocument`). Kept by `refreshServerSearch`.
     */
    searchVector: tsvector(),
    organisationId: uuid()
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    public: boolean().notNull().default(true),
    /** The newest version (denormalised so the leaderboard is one join). */
    latestVersionId: uuid(),
    captureStatus: text(),
    captureError: jsonb(),
    lastCapturedAt: timestamp({ withTimezone: true, mode: 'date' }),
    createdAt: now(),
    /**
     * Soft delete: set when the organisation deletes the server. Its versions and results stay stored (what
     * was published keeps its numbers); the server leaves the board, lists and its routes answer 404.
     */
    deletedAt: timestamp({ withTimezone: true, mode: 'date' }),
  },
  (t) => [
    index('servers_organisation_idx').on(t.organisationId),
    index('servers_public_idx').on(t.public, t.latestVersionId),
    index('servers_search_idx').using('gin', t.searchVector),
    // pg_trgm on the lower-cased name (migration 0013, written by hand: drizzle-kit cannot express the
    // operator class on an expression): near misses of a name ("playwrite").
  ],
);

export const serverVersions = pgTable(
  'server_versions',
  {
    id: uuid().primaryKey().defaultRandom(),
    serverId: uuid()
      .notNull()
      .references(() => servers.id, { onDelete: 'cascade' }),
    /** 1, 2, 3… per server: versions are added only when the surface hash differs from the latest one. */
    seq: integer().notNull(),
    surfaceHash: text().notNull(),
    label: text(),
    /**
     * `{ tools: [...] }` exactly as received, unknown keys included. `json`, not `jsonb`: documents are
     * stored and read whole, never queried inside, and `json` only checks the text on the way in (jsonb
     * builds a tree: most of PostgreSQL's CPU for a save of new tools) and hands it back as stored.
     */
    tools: json().notNull(),
    toolCount: integer().notNull(),
    origin: versionOrigin().notNull(),
    capturedAt: now(),
  },
  (t) => [uniqueIndex('server_versions_server_seq_idx').on(t.serverId, t.seq), index('server_versions_hash_idx').on(t.surfaceHash)],
);
