import { endpoints } from '@toolmark/benchmarks/api';
import { importRegistry } from '../../../../pipelines/registry-import.js';
import { requireKey } from '../../../plugins/auth.js';
import type { RouteModule } from '../../../route.js';

/**
 * POST /v1/registry/imports — register the servers an MCP Registry lists (`{ "url": "<registry API base>" }`,
 * its `/v0.1/servers` read page by page) or one `{ "serverJson": {…} }`: each entry with an npm package or a
 * remote Streamable HTTP / SSE URL becomes a server of the caller's organisation with a capture job (npm in
 * the sandbox, where the operator allows it; URLs under the address policy). Admin keys only.
 */
const route: RouteModule = (app, ctx) => {
  app.post(
    '/v1/registry/imports',
    { schema: { summary: 'Import servers from an MCP Registry or a server.json', tags: ['registry'], security: [{ bearer: [] }], ...endpoints['POST /v1/registry/imports'] } },
    async (request) => importRegistry(ctx, requireKey(request, ['admin']), request.body),
  );
};
export default route;
