import type { RouteModule } from '../../route.js';

/** GET /v1/openapi.json — the OpenAPI 3 document, generated from the same zod schemas that validate requests. */
const route: RouteModule = (app) => {
  app.get('/v1/openapi.json', { schema: { hide: true }, config: { rateLimit: false } }, async (_request, reply) => {
    reply.header('cache-control', 'public, max-age=300');
    return reply.type('application/json').send(app.swagger());
  });
};
export default route;
