import { endpoints } from '@toolmark/benchmarks/api';
import { firstOrganisation } from '@toolmark/db';
import { runSuite } from '../../../../../pipelines/run-suite.js';
import { ApiError } from '../../../../errors.js';
import { requireKey } from '../../../../plugins/auth.js';
import type { RouteModule } from '../../../../route.js';

/** POST /v1/leaderboards/models/runs — the operator runs or refreshes the models leaderboard on the suite. */
const route: RouteModule = (app, ctx) => {
  app.post(
    '/v1/leaderboards/models/runs',
    {
      schema: {
        summary: 'Run or refresh the models leaderboard: one evaluation per suite server (the operator\'s admin key only)',
        description:
          'The suite is fixed and versioned (`suite` in the answer): seeded public servers of the operator organisation with fixed settings (8 cases per tool, one repeat, seed 0, offline cases). ' +
          'Models default to every model that can start; `distractors` default to every step of the accuracy-against-tools curve (the server alone, then growing distractor sets), or name one set list. ' +
          'The operator organisation pays; the whole suite is priced first: 402 and nothing started when its units fall short.',
        tags: ['evaluations', 'leaderboards'],
        security: [{ bearer: [] }],
        ...endpoints['POST /v1/leaderboards/models/runs'],
      },
    },
    async (request, reply) => {
      const admin = requireKey(request, ['admin']);
      const operator = await firstOrganisation(ctx.db);
      if (operator?.id !== admin.organisationId) {
        throw new ApiError(403, 'forbidden', "only the install's operator organisation runs the models leaderboard", { organisationId: admin.organisationId });
      }
      const body = request.body;
      const run = await runSuite(ctx, { models: body.models, steps: body.distractors ? [body.distractors] : undefined, language: body.language, onlyMissing: !body.refresh, name: 'models leaderboard', keyId: admin.id });
      return reply.status(202).send(run);
    },
  );
};
export default route;
