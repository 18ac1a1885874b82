import { endpoints } from '@toolmark/benchmarks/api';
import { listDistractorSets } from '@toolmark/distractors';
import { generatorModelRef, modelRef } from '../../../model-catalogue.js';
import type { RouteModule } from '../../route.js';

/** GET /v1/models — the models this service offers (paused and unavailable ones listed as such), the case generator, the distractor sets. */
const route: RouteModule = (app, ctx) => {
  app.get(
    '/v1/models',
    {
      schema: {
        summary: 'The model catalogue: models, their price, status and whether one is the baseline',
        description: 'A model is `unavailable` when the service has no key for it (the reason names the variable), `paused` when the operator paused it; neither can be started. The lexical baseline is always listed, costs 0 units and is labelled `baseline: true`.',
        tags: ['evaluations'],
        ...endpoints['GET /v1/models'],
      },
    },
    async () => ({
      models: ctx.catalogue.models.map((m) => modelRef(m, ctx.env)),
      generator: { kind: ctx.catalogue.generator.kind, unitPrice: ctx.catalogue.generator.unitPrice },
      generatorModel: generatorModelRef(ctx.catalogue, ctx.env),
      distractors: listDistractorSets().map((s) => ({ name: s.name, toolCount: s.status === 'available' ? s.toolCount : 0, status: s.status })),
      languages: ['en' as const, 'ja' as const],
      maxTrials: ctx.catalogue.maxTrials,
    }),
  );
};
export default route;
