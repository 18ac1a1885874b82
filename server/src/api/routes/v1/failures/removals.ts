import { endpoints } from '@toolmark/benchmarks/api';
import { removeFailures } from '../../../../pipelines/failures.js';
import { requireKey } from '../../../plugins/auth.js';
import type { RouteModule } from '../../../route.js';

/** POST /v1/failures/removals — an operator removes failure reports by id or every report of a key. */
const route: RouteModule = (app, ctx) => {
  app.post(
    '/v1/failures/removals',
    {
      schema: {
        summary: "Remove failure reports by id or all of one key's (the install's operator organisation's admin keys only)",
        description: 'Removed reports stay stored with the key that posted them and leave every count, aggregate, utterance list and query. Removing twice counts once.',
        tags: ['failures'],
        security: [{ bearer: [] }],
        ...endpoints['POST /v1/failures/removals'],
      },
    },
    async (request) => {
      const admin = requireKey(request, ['admin']);
      return removeFailures(ctx, { organisationId: admin.organisationId, keyId: admin.id, purpose: admin.purpose }, request.body);
    },
  );
};
export default route;
