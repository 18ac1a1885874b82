import { z } from 'zod';
import { CategoryIdSchema } from '../lint-result.js';
import { LATEST_RULES } from '../../rules/registry.js';
import { PageQuerySchema, RulesHashSchema, RulesIdSchema, RulesRefSchema, storedText, TimestampSchema } from './common.js';
import { authErrors, ErrorSchema, unavailable } from './errors.js';
import { SecurityStatusSchema } from './security.js';

/**
 * What a leaderboard can be sorted by: relevance to the search `q` (ties by score, then slug), a column, or
 * a scoring category (the server's points of points possible in it).
 */
export const BoardSortSchema = z.enum(['relevance', 'score', 'name', 'tools', 'tokens', 'captured', ...CategoryIdSchema.options]);

/** Query of `GET /v1/leaderboards/lint`: one rules version (the build's hash unless `hash` names an older one), filtered, sorted, paged. */
export const BoardQuerySchema = PageQuerySchema.extend({
  rules: RulesIdSchema.default(LATEST_RULES),
  hash: RulesHashSchema.optional(),
  /** Full-text search over names, descriptions, keywords and tool text (Japanese too: CJK bigrams and a glossary). */
  q: storedText(100).optional(),
  /** Only servers under this licence (an SPDX expression as the package states it, e.g. `MIT`). */
  license: storedText(100).optional(),
  /** How a client reaches it: `stdio` (an npm package run locally) or `http` (a URL). */
  transport: z.enum(['stdio', 'http']).optional(),
  minTools: z.coerce.number<number | string>().int().min(0).max(1000).optional(),
  maxTools: z.coerce.number<number | string>().int().min(0).max(1000).optional(),
  band: z.enum(['sunny', 'cloudy', 'rain']).optional(),
  security: z.enum(['true', 'false']).optional(),
  /** Default: `relevance` when `q` is given, `score` otherwise (`defaultBoardSort`); a sort named here always wins. */
  sort: BoardSortSchema.optional().describe('relevance (the default with q: best match first, ties by score then slug), score (the default without q), name, tools, tokens, captured, or a category'),
  order: z.enum(['asc', 'desc']).optional(),
});

/** The sort of a board request that names none: relevance to the search when there is one, score otherwise. */
export const defaultBoardSort = (q: string | undefined): 'relevance' | 'score' => (q !== undefined && q.trim() !== '' ? 'relevance' : 'score');

/** What the board shows of a server's package: spec, licence, repository, homepage, keywords, the variables it needs. */
export const BoardPackageSchema = z.object({
  sourcePackage: z.string().nullable(),
  sourceUrl: z.string().nullable(),
  license: z.string().nullable(),
  repository: z.string().nullable(),
  homepage: z.string().nullable(),
  keywords: z.array(z.string()),
  /** Names of the environment variables the server needs to start. */
  env: z.array(z.string()),
  /** The bin to run when the package has several. */
  bin: z.string().nullable(),
});

/** A public server on the board: its latest version's score under the board's rules (servers without tools or score are not ranked). */
export const BoardItemSchema = z.object({
  /** The place by score on the whole board of these rules, whatever the sort, filter or page; equal scores share a rank (1, 2, 2, 4). */
  rank: z.number(),
  id: z.string(),
  slug: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  score: z.number().nullable(),
  band: z.string().nullable(),
  toolCount: z.number(),
  critical: z.number(),
  required: z.number(),
  minor: z.number(),
  securityFindings: z.number(),
  /** Shown beside the score: a server with security findings is never shown as the best one. */
  security: SecurityStatusSchema,
  tokens: z.number(),
  versionId: z.string(),
  versionSeq: z.number(),
  versionLabel: z.string().nullable(),
  capturedAt: TimestampSchema,
  /** Where the tools came from: captured from npm, from a URL, or uploaded by the organisation. */
  source: z.enum(['url', 'npm', 'upload']),
  /** The latest version's canonical surface hash. */
  surfaceHash: z.string(),
  /** The earliest-registered other public server with identical tools (same surface hash), or null. */
  sameSurfaceAs: z.object({ id: z.string(), slug: z.string(), name: z.string() }).nullable(),
  /** Per scoring category, the points the tools earned of the points possible, 0–100 to one decimal. */
  categories: z.record(z.string(), z.number().nullable()),
  /** The package's facts (catalogue servers and npm registrations), or null. */
  package: BoardPackageSchema.nullable(),
});

/** `GET /v1/leaderboards/lint`: a page of the board, with the rules and the comparability key (`id@hash`). */
export const BoardSchema = z.object({
  rules: RulesRefSchema,
  comparabilityKey: z.string(),
  total: z.number(),
  limit: z.number(),
  offset: z.number(),
  items: z.array(BoardItemSchema),
});

/** Leaderboards per rules version. */
export const leaderboardsEndpoints = {
  'GET /v1/leaderboards/lint': { querystring: BoardQuerySchema, response: { 200: BoardSchema, 400: ErrorSchema, 404: ErrorSchema, ...authErrors, ...unavailable } },
};
