import { endpoints } from '@toolmark/benchmarks/api';
import type { RouteModule } from '../route.js';
import { DATABASE_RETRY_AFTER_SECONDS } from '../plugins/database-gate.js';
import { processFaults } from '../../process-faults.js';

/**
 * GET /health — 200 when the database answers, 503 with the reason otherwise (for load balancers,
 * docker-compose and people). Probes the database each time, on a connection of its own. Both answers
 * carry `process`: the unhandled rejections, uncaught exceptions and failed log writes this process came
 * through (counts only; process-faults.ts).
 */
const route: RouteModule = (app, ctx) => {
  app.get(
    '/health',
    {
      schema: {
        summary: 'Liveness and database check',
        tags: ['operations'],
        ...endpoints['GET /health'],
      },
      config: { rateLimit: false },
    },
    async (_request, reply) => {
      const state = await ctx.availability.check();
      if (state.up) return { status: 'ok' as const, database: 'ok' as const, process: processFaults() };
      const restarting = ctx.embeddedStatus?.().restarting === true;
      return reply
        .status(503)
        .header('retry-after', String(DATABASE_RETRY_AFTER_SECONDS))
        .send({
          status: 'unavailable' as const,
          database: restarting ? ('restarting' as const) : ('unreachable' as const),
          reason: restarting ? `the embedded PostgreSQL stopped and is being started again (${state.reason})` : state.reason,
          since: state.since.toISOString(),
          process: processFaults(),
        });
    },
  );
};
export default route;
