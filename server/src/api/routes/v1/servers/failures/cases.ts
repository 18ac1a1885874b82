import { endpoints } from '@toolmark/benchmarks/api';
import { failureTaskSet, makeFailureCases } from '../../../../../pipelines/failures.js';
import { requireKey } from '../../../../plugins/auth.js';
import type { RouteModule } from '../../../../route.js';

const caller = (key: { organisationId: string; id: string; purpose: 'admin' | 'ci' | 'script' | 'agent' }) => ({ organisationId: key.organisationId, keyId: key.id, purpose: key.purpose });

/** GET and POST /v1/servers/{id}/failures/cases — the organisation's private task set made from reported utterances. */
const route: RouteModule = (app, ctx) => {
  app.get(
    '/v1/servers/:id/failures/cases',
    {
      schema: {
        summary: 'The private task set made from reported utterances (a task-set file: `toolmark run --tasks` reads it)',
        tags: ['failures', 'evaluations'],
        security: [{ bearer: [] }],
        ...endpoints['GET /v1/servers/{id}/failures/cases'],
      },
    },
    async (request) => failureTaskSet(ctx, caller(requireKey(request, ['admin', 'script'])), request.params.id),
  );
  app.post(
    '/v1/servers/:id/failures/cases',
    {
      schema: {
        summary: 'Turn reported utterances into cases of the private task set',
        tags: ['failures', 'evaluations'],
        security: [{ bearer: [] }],
        ...endpoints['POST /v1/servers/{id}/failures/cases'],
      },
    },
    async (request) => makeFailureCases(ctx, caller(requireKey(request, ['admin', 'script'])), request.params.id, request.body.reportIds),
  );
};
export default route;
