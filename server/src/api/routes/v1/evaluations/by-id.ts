import { endpoints } from '@toolmark/benchmarks/api';
import { readEvaluation } from '../../../../pipelines/read-evaluation.js';
import type { RouteModule } from '../../../route.js';

/** GET /v1/evaluations/{id} — status, case count, answered cases per model, and each finished model's metrics. */
const route: RouteModule = (app, ctx) => {
  app.get(
    '/v1/evaluations/:id',
    {
      schema: {
        summary: 'An evaluation: status, cases, answered cases per model, and per finished model selectionAcc, argValidity, falseCallRate and confusion',
        description: 'Each model run shows its metrics as soon as it finishes (counts and Wilson 95 % intervals; a null value is "—"). A run of the lexical baseline has `model.baseline: true`: its numbers are not a model\'s.',
        tags: ['evaluations'],
        ...endpoints['GET /v1/evaluations/{id}'],
      },
    },
    async (request) => readEvaluation(ctx, request.params.id, request.apiKey),
  );
};
export default route;
