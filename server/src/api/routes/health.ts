import { z } from 'zod';
import type { RouteModule } from '../route.js';
import { DATABASE_RETRY_AFTER_SECONDS } from '../plugins/database-gate.js';

const Unavailable = z.object({
  status: z.literal('unavailable'),
  /** `unreachable`: no answer; `restarting`: the embedded PostgreSQL died and is being started again. */
  database: z.enum(['unreachable', 'restarting']),
  reason: z.string(),
  /** Since when this process has seen the database down (ISO 8601). */
  since: z.string(),
});

/**
 * GET /health — 200 when the database answers, 503 with the reason otherwise (for load balancers,
 * docker-compose and people). Probes the database each time, on a connection of its own.
 */
const route: RouteModule = (app, ctx) => {
  app.get(
    '/health',
    {
      schema: {
        summary: 'Liveness and database check',
        tags: ['operations'],
        response: { 200: z.object({ status: z.literal('ok'), database: z.literal('ok') }), 503: Unavailable },
      },
      config: { rateLimit: false },
    },
    async (_request, reply) => {
      const state = await ctx.availability.check();
      if (state.up) return { status: 'ok' as const, database: 'ok' as const };
      const restarting = ctx.embeddedStatus?.().restarting === true;
      return reply
        .status(503)
        .header('retry-after', String(DATABASE_RETRY_AFTER_SECONDS))
        .send({
          status: 'unavailable' as const,
          database: restarting ? ('restarting' as const) : ('unreachable' as const),
          reason: restarting ? `the embedded PostgreSQL stopped and is being started again (${state.reason})` : state.reason,
          since: state.since.toISOString(),
        });
    },
  );
};
export default route;
