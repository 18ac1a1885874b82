import { z } from 'zod';
import { isRuleSetId, LATEST_RULES, ruleSets } from '@toolmark/benchmarks';
import { BOARD_SORTS, leaderboard } from '@toolmark/db';
import { ApiError } from '../../../errors.js';
import type { RouteModule } from '../../../route.js';
import { authErrors, ErrorSchema, PageQuerySchema, storedText, TimestampSchema } from '../../../schemas.js';

/**
 * GET /v1/leaderboards/lint — public servers ranked by their latest version's score under one rules
 * version. Scores are comparable only under the same rules id and hash (the comparability key), so the
 * board is always for exactly one: the build's own hash unless `hash` names an older one.
 */
const route: RouteModule = (app, ctx) => {
  app.get(
    '/v1/leaderboards/lint',
    {
      schema: {
        summary: 'The lint leaderboard for a rules version: sorted, filtered, paged',
        tags: ['leaderboards'],
        querystring: PageQuerySchema.extend({
          rules: z.string().max(32).default(LATEST_RULES),
          hash: z.string().regex(/^(sha256:)?[0-9a-f]{8,64}$/).optional(),
          q: storedText(100).optional(),
          band: z.enum(['sunny', 'cloudy', 'rain']).optional(),
          security: z.enum(['true', 'false']).optional(),
          sort: z.enum(BOARD_SORTS).default('score'),
          order: z.enum(['asc', 'desc']).optional(),
        }),
        response: {
          200: z.object({
            rules: z.object({ id: z.string(), hash: z.string() }),
            comparabilityKey: z.string(),
            total: z.number(),
            limit: z.number(),
            offset: z.number(),
            items: z.array(
              z.object({
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
                tokens: z.number(),
                versionId: z.string(),
                versionSeq: z.number(),
                versionLabel: z.string().nullable(),
                capturedAt: TimestampSchema,
              }),
            ),
          }),
          400: ErrorSchema,
          404: ErrorSchema,
          ...authErrors,
        },
      },
    },
    async (request, reply) => {
      const q = request.query;
      if (!isRuleSetId(q.rules)) throw new ApiError(404, 'unknown_rules', `no rules version ${q.rules}; see GET /v1/rules`, { key: 'rules', known: Object.keys(ruleSets) });
      const rules = { id: q.rules, hash: q.hash ?? ruleSets[q.rules].hash };
      const order = q.order ?? (q.sort === 'name' ? 'asc' : 'desc');
      const query = {
        rulesId: rules.id,
        rulesHash: rules.hash,
        search: q.q || undefined,
        band: q.band,
        security: q.security === undefined ? undefined : q.security === 'true',
        sort: q.sort,
        order,
        limit: q.limit,
        offset: q.offset,
      } as const;
      const page = await ctx.boardCache.get(JSON.stringify(query), () => leaderboard(ctx.db, query));
      reply.header('cache-control', `public, max-age=${Math.ceil(ctx.config.TOOLMARK_READ_CACHE_MS / 1000)}`);
      return {
        rules,
        comparabilityKey: `${rules.id}@${rules.hash}`,
        total: page.total,
        limit: q.limit,
        offset: q.offset,
        items: page.items.map((item, i) => ({ rank: q.offset + i + 1, ...item })),
      };
    },
  );
};
export default route;
