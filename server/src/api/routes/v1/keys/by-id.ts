import { revokeApiKey } from '@toolmark/db';
import { notFound } from '../../../errors.js';
import { requireKey } from '../../../plugins/auth.js';
import type { RouteModule } from '../../../route.js';
import { ApiKeySchema, authErrors, ErrorSchema, IdParamsSchema } from '../../../schemas.js';

/** DELETE /v1/keys/{id} — revoke a key of the organisation (idempotent). Admin keys only. */
const route: RouteModule = (app, ctx) => {
  app.delete(
    '/v1/keys/:id',
    {
      schema: {
        summary: 'Revoke a key',
        tags: ['keys'],
        security: [{ bearer: [] }],
        params: IdParamsSchema,
        response: { 200: ApiKeySchema, 404: ErrorSchema, ...authErrors },
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
