import { endpoints, type Answer } from '@toolmark/benchmarks/api';
import type { RouteModule } from '../../route.js';

/** GET /v1/openapi.json — the OpenAPI 3 document, generated from the same zod schemas that validate requests. */
const route: RouteModule = (app) => {
  app.get(
    '/v1/openapi.json',
    {
      // Sent as generated (the schema documents what the site reads of it; encoding the whole document again buys nothing).
      serializerCompiler: () => (data) => JSON.stringify(data),
      schema: { hide: true, ...endpoints['GET /v1/openapi.json'] },
      config: { rateLimit: false },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'public, max-age=300');
      return reply.type('application/json').send(app.swagger() as unknown as Answer<'GET /v1/openapi.json'>);
    },
  );
};
export default route;
