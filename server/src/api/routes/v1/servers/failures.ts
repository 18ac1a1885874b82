import { endpoints } from '@toolmark/benchmarks/api';
import { serverFailures } from '../../../../pipelines/failures.js';
import type { RouteModule } from '../../../route.js';

/** GET /v1/servers/{id}/failures — the failure knowledge base's view of a server, beside the linter's pairs. */
const route: RouteModule = (app, ctx) => {
  app.get(
    '/v1/servers/:id/failures',
    {
      schema: {
        summary: "Failures agents reported on the server's tools, beside the confusable pairs the linter found",
        description:
          'Confusions (tool called, tool expected, kind) with reports and distinct reporting organisations; everyone sees those of at least 3 organisations, ' +
          "the server's organisation (admin or script key) all of them and its utterances (`own`). Each confusion carries the latest rules' findings that explain it and their fix; " +
          '`comparison` sorts wrong-tool reports into predicted and reported, reported not predicted, and predicted not reported.',
        tags: ['failures', 'servers'],
        ...endpoints['GET /v1/servers/{id}/failures'],
      },
    },
    async (request) => serverFailures(ctx, request.apiKey ? { organisationId: request.apiKey.organisationId, purpose: request.apiKey.purpose } : null, request.params.id),
  );
};
export default route;
