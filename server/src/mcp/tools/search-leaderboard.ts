import { LATEST_RULES, publishedRuleSetIds, type RuleSetId } from '@toolmark/benchmarks';
import { BoardQuerySchema, BoardSortSchema } from '@toolmark/benchmarks/api';
import { z } from 'zod';
import { readLintBoard } from '../../pipelines/lint-board.js';
import { defineTool } from '../tool.js';
import { serviceOf } from '../context.js';

/** search_leaderboard — GET /v1/leaderboards/lint for an agent: public servers ranked by lint score. */
export const searchLeaderboardTool = defineTool({
  name: 'search_leaderboard',
  title: 'Search the leaderboard',
  description:
    'Search the public toolmark leaderboard of MCP servers, ranked by the lint score of their tools: filter by a word in the name, by band, or by security findings, and sort by score or a category. ' +
    'Use it to find a well-scored server for a job, or the slug that get_server_score takes. Returns the rank, slug, name, score, band, tool count and findings per severity of each server.',
  inputSchema: {
    query: BoardQuerySchema.shape.q.describe('Words for what the server does or its name, e.g. "github" or "browser"; omit it for every server'),
    band: z.enum(['sunny', 'cloudy', 'rain']).optional().describe('Only servers in this band: sunny is a score of 70 or more, cloudy 40-69, rain below 40'),
    security: z.boolean().optional().describe('true: only servers with security findings; false: only servers without'),
    sort: BoardSortSchema.optional().describe('Sort key: relevance (default with a query), score (default without), name, tools, tokens, captured or a category (purpose, usage, parameters, returns, constraints, examples)'),
    limit: z.number().int().min(1).max(50).default(10).describe('Servers per page, 1-50, default 10'),
    offset: z.number().int().min(0).max(100000).default(0).describe('Servers to skip, for the next page'),
    rules: z.enum(publishedRuleSetIds() as [string, ...string[]]).default(LATEST_RULES).describe(`Rules version of the board; default ${LATEST_RULES}`),
  },
  outputSchema: z.object({
    rules: z.string(),
    total: z.number(),
    offset: z.number(),
    items: z.array(
      z.object({
        rank: z.number().nullable(),
        slug: z.string(),
        name: z.string(),
        score: z.number().nullable(),
        band: z.enum(['sunny', 'cloudy', 'rain']).nullable(),
        tools: z.number(),
        findings: z.object({ critical: z.number(), required: z.number(), minor: z.number() }),
        securityFindings: z.number(),
      }),
    ),
  }),
  annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  async run(ctx, args) {
    const page = await readLintBoard(serviceOf(ctx), {
      rules: args.rules as RuleSetId,
      search: args.query,
      band: args.band,
      security: args.security,
      sort: args.sort,
      limit: args.limit,
      offset: args.offset,
    });
    const items = page.items.map((i) => ({ rank: i.rank, slug: i.slug, name: i.name, score: i.score, band: i.band, tools: i.toolCount, findings: { critical: i.critical, required: i.required, minor: i.minor }, securityFindings: i.securityFindings }));
    return { data: { rules: page.comparabilityKey, total: page.total, offset: page.offset, items } };
  },
});
