import { endpoints } from '@toolmark/benchmarks/api';
import { REST_PURPOSES, requireKey } from '../../plugins/auth.js';
import type { RouteModule } from '../../route.js';

/** GET /v1/me — the key's organisation and purpose. */
const route: RouteModule = (app) => {
  app.get(
    '/v1/me',
    {
      schema: {
        summary: "The calling key's organisation and purpose",
        tags: ['keys'],
        security: [{ bearer: [] }],
        ...endpoints['GET /v1/me'],
      },
    },
    async (request) => {
      const key = requireKey(request, REST_PURPOSES);
      const { id, slug, name } = key.organisation;
      return { organisation: { id, slug, name }, key: { id: key.id, purpose: key.purpose, name: key.name, prefix: key.prefix } };
    },
  );
};
export default route;
