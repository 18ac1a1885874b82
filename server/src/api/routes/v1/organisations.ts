import { endpoints } from '@toolmark/benchmarks/api';
import { createApiKey, createOrganisation, firstOrganisation, isUniqueViolation } from '@toolmark/db';
import { ApiError } from '../../errors.js';
import { requireKey } from '../../plugins/auth.js';
import type { RouteModule } from '../../route.js';

/**
 * POST /v1/organisations — the operator (an admin key of the install's first organisation) creates an
 * organisation for a team and gets that organisation's first admin key, to hand over.
 */
const route: RouteModule = (app, ctx) => {
  app.post(
    '/v1/organisations',
    {
      schema: {
        summary: "Create an organisation and its first admin key (operator's admin key only)",
        tags: ['keys'],
        security: [{ bearer: [] }],
        ...endpoints['POST /v1/organisations'],
      },
    },
    async (request, reply) => {
      const admin = requireKey(request, ['admin']);
      const operator = await firstOrganisation(ctx.db);
      if (operator?.id !== admin.organisationId) {
        throw new ApiError(403, 'forbidden', "only the install's operator organisation creates organisations", { organisationId: admin.organisationId });
      }
      const organisation = await createOrganisation(ctx.db, request.body).catch((error: unknown) => {
        if (isUniqueViolation(error)) throw new ApiError(409, 'conflict', `the slug ${request.body.slug} is taken`, { key: 'slug' });
        throw error;
      });
      const { key, record } = await createApiKey(ctx.db, { organisationId: organisation.id, purpose: 'admin', name: 'first admin key', createdByKeyId: admin.id });
      reply.header('cache-control', 'no-store');
      return reply.status(201).send({ organisation: { id: organisation.id, slug: organisation.slug, name: organisation.name }, key, record });
    },
  );
};
export default route;
