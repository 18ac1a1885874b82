import { endpoints } from '@toolmark/benchmarks/api';
import { revokeApiKey } from '@toolmark/db';
import { notFound } from '../../../errors.js';
import { requireKey } from '../../../plugins/auth.js';
import type { RouteModule } from '../../../route.js';

/** DELETE /v1/keys/{id} — revoke a key of the organisation (idempotent). Admin keys only. */
const route: RouteModule = (app, ctx) => {
  app.delete(
    '/v1/keys/:id',
    {
      schema: {
        summary: 'Revoke a key',
        tags: ['keys'],
        security: [{ bearer: [] }],
        ...endpoints['DELETE /v1/keys/{id}'],
      },
    },
    async (request) => {
      const admin = requireKey(request, ['admin']);
      const revoked = await revokeApiKey(ctx.db, admin.organisationId, request.params.id, ctx.now());
      if (!revoked) throw notFound('key', request.params.id);
      ctx.forgetKey(revoked.id);
      return revoked;
    },
  );
};
export default route;
