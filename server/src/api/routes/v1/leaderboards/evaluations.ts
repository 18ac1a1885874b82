import { endpoints } from '@toolmark/benchmarks/api';
import { modelBoard } from '../../../../pipelines/model-board.js';
import type { RouteModule } from '../../../route.js';

/** GET /v1/leaderboards/evaluations — one model's leaderboard of public servers. */
const route: RouteModule = (app, ctx) => {
  app.get(
    '/v1/leaderboards/evaluations',
    {
      schema: {
        summary: 'A leaderboard per model: public servers ranked by selectionAcc for one model, distractor sets, language and case generator',
        description: 'Only runs with the same comparability key are ranked together: `key` picks one of the answer\'s `keys`; by default the key with the most servers (the newest on a tie). `distinguishable: false`: the selectionAcc interval overlaps the one ranked above; `group`: the rows not distinguishable from their group\'s first row share a number (groups never chain).',
        tags: ['evaluations', 'leaderboards'],
        ...endpoints['GET /v1/leaderboards/evaluations'],
      },
    },
    async (request) => modelBoard(ctx, request.query),
  );
};
export default route;
