import { z } from 'zod';
import { listServers } from '@toolmark/db';
import { REST_PURPOSES, requireKey } from '../../../plugins/auth.js';
import type { RouteModule } from '../../../route.js';
import { authErrors, ErrorSchema, PageQuerySchema, ServerSchema, storedText, StoredUrlSchema } from '../../../schemas.js';
import { registerServer, type RegisterServerBody } from '../../../../pipelines/register-server.js';

/** Body of `POST /v1/servers` (the pipeline takes what it outputs). */
const RegisterServerSchema = z.object({
  name: storedText(100, { min: 1 }),
  slug: z.string().regex(/^[a-z0-9][a-z0-9-]{1,62}$/, 'lower-case letters, digits and dashes, 2–63 characters').optional(),
  description: storedText(500, { multiline: true }).optional(),
  homepage: StoredUrlSchema.optional(),
  repository: StoredUrlSchema.optional(),
  public: z.boolean().default(true),
  source: z.discriminatedUnion('kind', [
    z.object({ kind: z.literal('url'), url: StoredUrlSchema }),
    z.object({ kind: z.literal('npm'), package: storedText(300, { min: 1, trim: false }) }),
    z.object({ kind: z.literal('upload'), tools: z.unknown() }),
  ]),
}) satisfies z.ZodType<RegisterServerBody, unknown>;

/** GET /v1/servers — public servers (or, with `mine=true` and a key, the organisation's), searched and paged. POST — register one. */
const route: RouteModule = (app, ctx) => {
  app.get(
    '/v1/servers',
    {
      schema: {
        summary: 'List servers: search by name or slug, paged',
        tags: ['servers'],
        querystring: PageQuerySchema.extend({
          q: storedText(100).optional(),
          mine: z.enum(['true', 'false']).optional(),
        }),
        response: {
          200: z.object({
            total: z.number(),
            limit: z.number(),
            offset: z.number(),
            items: z.array(ServerSchema.extend({ toolCount: z.number().nullable(), latestSeq: z.number().nullable() })),
          }),
          400: ErrorSchema,
          ...authErrors,
        },
      },
    },
    async (request) => {
      const { q, limit, offset, mine } = request.query;
      const organisationId = mine === 'true' ? requireKey(request, REST_PURPOSES).organisationId : undefined;
      const page = await listServers(ctx.db, { search: q || undefined, limit, offset, organisationId });
      return { ...page, limit, offset };
    },
  );
  app.post(
    '/v1/servers',
    {
      schema: {
        summary: 'Register a server by URL, npm package (when the operator allows it) or an uploaded tools/list',
        tags: ['servers'],
        security: [{ bearer: [] }],
        body: RegisterServerSchema,
        response: { 202: z.object({ server: ServerSchema, jobId: z.string().nullable() }), 400: ErrorSchema, 409: ErrorSchema, 413: ErrorSchema, 422: ErrorSchema, ...authErrors },
      },
      bodyLimit: 1_100_000,
    },
    async (request, reply) => {
      const key = requireKey(request, ['admin', 'script']);
      const registered = await registerServer(ctx, { key, body: request.body });
      reply.header('location', `/v1/servers/${registered.server.id}`);
      return reply.status(202).send(registered);
    },
  );
};
export default route;
