// Lint results (one per surface and rules version), their saves through the API, and the leaderboard rows.
import { CategoryIdSchema } from '@toolmark/benchmarks';
import { sql } from 'drizzle-orm';
import { boolean, index, integer, json, jsonb, pgTable, primaryKey, real, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { now } from './columns.js';
import { apiKeys } from './accounts.js';
import { serverSource, serverVersions, servers } from './servers.js';

/**
 * The columns a lint result is ranked and filtered by: the server mean (null for a surface without tools),
 * band, tool count, findings by severity, security findings, tokens. One definition for lint_results and
 * its copy in board_entries.
 */
const rankingColumns = () => ({
  score: real(),
  band: text(),
  toolCount: integer().notNull(),
  critical: integer().notNull(),
  required: integer().notNull(),
  minor: integer().notNull(),
  securityFindings: integer().notNull(),
  tokens: integer().notNull(),
});

export const lintResults = pgTable(
  'lint_results',
  {
    id: uuid().primaryKey().defaultRandom(),
    serverVersionId: uuid()
      .notNull()
      .references(() => serverVersions.id, { onDelete: 'cascade' }),
    rulesId: text().notNull(),
    rulesHash: text().notNull(),
    ...rankingColumns(),
    /** The full LintResult (the CLI's --json structure); `json` for the reason given at `tools`. */
    result: json().notNull(),
    createdAt: now(),
  },
  (t) => [
    // Lint is deterministic: one result per version and rule set, however often it is asked for.
    uniqueIndex('lint_results_version_rules_idx').on(t.serverVersionId, t.rulesId, t.rulesHash),
  ],
);

/** Every save of a score through the API (the score is saved on each call, the result row is shared). */
export const lintSaves = pgTable(
  'lint_saves',
  {
    id: uuid().primaryKey().defaultRandom(),
    serverId: uuid()
      .notNull()
      .references(() => servers.id, { onDelete: 'cascade' }),
    serverVersionId: uuid()
      .notNull()
      .references(() => serverVersions.id, { onDelete: 'cascade' }),
    lintResultId: uuid()
      .notNull()
      .references(() => lintResults.id, { onDelete: 'cascade' }),
    apiKeyId: uuid().references(() => apiKeys.id, { onDelete: 'set null' }),
    label: text(),
    createdAt: now(),
  },
  (t) => [index('lint_saves_server_idx').on(t.serverId, t.createdAt)],
);

/**
 * The leaderboard, one row per (rules id, rules hash, server): the server's latest version's result under
 * those rules with the server's name, source and version fields beside it (deleted servers have no rows), so a board page is an index scan instead
 * of a join and sort of every server. Kept by triggers (migration 0001) on servers and lint_results, so
 * every write path — repositories, bulk loads, manual SQL — keeps it right. Never written by the app.
 */
export const boardEntries = pgTable(
  'board_entries',
  {
    rulesId: text().notNull(),
    rulesHash: text().notNull(),
    serverId: uuid()
      .notNull()
      .references(() => servers.id, { onDelete: 'cascade' }),
    public: boolean().notNull(),
    slug: text().notNull(),
    name: text().notNull(),
    nameLower: text().notNull(),
    description: text(),
    lintResultId: uuid().notNull(),
    ...rankingColumns(),
    versionId: uuid().notNull(),
    versionSeq: integer().notNull(),
    versionLabel: text(),
    capturedAt: timestamp({ withTimezone: true, mode: 'date' }).notNull(),
    /** Where the server's tools come from (the server's source): captured from npm, from a URL, or uploaded. */
    source: serverSource().notNull(),
    /** The latest version's surface hash: servers with identical tools find each other through it. */
    surfaceHash: text().notNull(),
    /**
     * Points earned of points possible per scoring category over all the server's tools, 0–100 to one
     * decimal (`{"purpose": 83.3, …}`; `{}` without tools): the board's category columns and sort keys.
     */
    categories: jsonb().$type<Record<string, number>>().notNull().default({}),
  },
  (t) => [
    primaryKey({ columns: [t.rulesId, t.rulesHash, t.serverId] }),
    // One index per sort key, each ending in the tie-breakers, so every sort and its offset walk an index.
    index('board_score_idx').on(t.rulesId, t.rulesHash, sql`${t.score} DESC NULLS LAST`, t.nameLower, t.serverId).where(sql`${t.public}`),
    index('board_score_asc_idx').on(t.rulesId, t.rulesHash, sql`${t.score} ASC NULLS LAST`, t.nameLower, t.serverId).where(sql`${t.public}`),
    index('board_name_idx').on(t.rulesId, t.rulesHash, t.nameLower, t.serverId).where(sql`${t.public}`),
    index('board_tools_idx').on(t.rulesId, t.rulesHash, t.toolCount, t.nameLower, t.serverId).where(sql`${t.public}`),
    index('board_tokens_idx').on(t.rulesId, t.rulesHash, t.tokens, t.nameLower, t.serverId).where(sql`${t.public}`),
    index('board_captured_idx').on(t.rulesId, t.rulesHash, t.capturedAt, t.nameLower, t.serverId).where(sql`${t.public}`),
    index('board_server_idx').on(t.serverId),
    index('board_surface_idx').on(t.rulesId, t.rulesHash, t.surfaceHash).where(sql`${t.public}`),
    // A weather filter (`?band=rain`) walks its band's rows in score order, and counts them from the index
    // alone (the filter's other columns trail the key; issue 31): through board_score_idx a rain page passed
    // every sunnier row first (6 000 of 10 000 servers) and its count read the whole table.
    index('board_band_idx').on(t.rulesId, t.rulesHash, t.band, sql`${t.score} DESC NULLS LAST`, t.nameLower, t.serverId, t.toolCount, t.securityFindings).where(sql`${t.public}`),
    // A category sort, highest first, walks its own index too (the expression is the one leaderboard() sorts by).
    ...CategoryIdSchema.options.map((c) =>
      index(`board_${c}_idx`).on(t.rulesId, t.rulesHash, sql`((${t.categories} ->> '${sql.raw(c)}')::real) DESC NULLS LAST`, t.nameLower, t.serverId).where(sql`${t.public}`),
    ),
  ],
);
