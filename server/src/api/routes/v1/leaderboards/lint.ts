import { endpoints, type BoardSortSchema } from '@toolmark/benchmarks/api';
import type { BoardSort } from '@toolmark/db';
import type { z } from 'zod';
import type { RouteModule } from '../../../route.js';
import { rulesOr404 } from '../../../rules-version.js';
import { readLintBoard } from '../../../../pipelines/lint-board.js';

// The contract's sort keys and the repository's are the same list: a key added on one side only fails to compile.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const _sortsAgree: Same<z.output<typeof BoardSortSchema>, BoardSort> = true;

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
        ...endpoints['GET /v1/leaderboards/lint'],
      },
    },
    async (request, reply) => {
      const q = request.query;
      const page = await readLintBoard(ctx, {
        rules: rulesOr404(q.rules),
        hash: q.hash,
        search: q.q,
        license: q.license,
        transport: q.transport,
        minTools: q.minTools,
        maxTools: q.maxTools,
        band: q.band,
        security: q.security === undefined ? undefined : q.security === 'true',
        sort: q.sort,
        order: q.order,
        limit: q.limit,
        offset: q.offset,
      });
      reply.header('cache-control', `public, max-age=${Math.ceil(ctx.config.TOOLMARK_READ_CACHE_MS / 1000)}`);
      return page;
    },
  );
};
export default route;
