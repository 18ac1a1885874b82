import { z } from 'zod';
import { createApiKey, createOrganisation, firstOrganisation, isUniqueViolation } from '@toolmark/db';
import { ApiError } from '../../errors.js';
import { requireKey } from '../../plugins/auth.js';
import type { RouteModule } from '../../route.js';
import { ApiKeySchema, authErrors, ErrorSchema, storedText } from '../../schemas.js';

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
        body: z.object({
          name: storedText(100, { min: 1 }),
          slug: z.string().regex(/^[a-z0-9][a-z0-9-]{1,62}$/, 'lower-case letters, digits and dashes, 2–63 characters'),
        }),
        response: {
          201: z.object({ organisation: z.object({ id: z.string(), slug: z.string(), name: z.string() }), key: z.string(), record: ApiKeySchema }),
          400: ErrorSchema,
          409: ErrorSchema,
          ...authErrors,
        },
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
