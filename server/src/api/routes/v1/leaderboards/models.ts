import { endpoints } from '@toolmark/benchmarks/api';
import { modelsBoard } from '../../../../pipelines/models-board.js';
import type { RouteModule } from '../../../route.js';

/** GET /v1/leaderboards/models — which model routes best on the suite of seeded public servers. */
const route: RouteModule = (app, ctx) => {
  app.get(
    '/v1/leaderboards/models',
    {
      schema: {
        summary: 'The models leaderboard: every model pooled over the suite of seeded public servers, with intervals',
        description: 'The fixed, versioned suite (`suite`: id, version, servers, steps). `items` rank the models at one step (`distractors`, default none); `curve` gives per model the pooled selectionAcc at every step against the mean tools shown. The lexical baseline is a row with `model.baseline: true` (not a model).',
        tags: ['evaluations', 'leaderboards'],
        ...endpoints['GET /v1/leaderboards/models'],
      },
    },
    async (request) => modelsBoard(ctx, request.query),
  );
};
export default route;
