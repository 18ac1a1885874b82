import { z } from 'zod';
import type { RouteModule } from '../route.js';

/** GET /health — 200 when the database answers, 503 otherwise (for load balancers and docker-compose). */
const route: RouteModule = (app, ctx) => {
  app.get(
    '/health',
    {
      schema: {
        summary: 'Liveness and database check',
        tags: ['operations'],
        response: { 200: z.object({ status: z.literal('ok'), database: z.literal('ok') }), 503: z.object({ status: z.literal('unavailable'), database: z.string() }) },
      },
      config: { rateLimit: false },
    },
    async (_request, reply) => {
      try {
        await ctx.sql`SELECT 1`;
        return { status: 'ok' as const, database: 'ok' as const };
      } catch {
        return reply.status(503).send({ status: 'unavailable' as const, database: 'unreachable' });
      }
    },
  );
};
export default route;
