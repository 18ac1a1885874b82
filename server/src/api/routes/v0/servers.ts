import { endpoints } from '@toolmark/benchmarks/api';
import type { RouteModule } from '../../route.js';
import { registryList, registryServer } from '../../../pipelines/registry-serve.js';

/**
 * The MCP Registry API (version 2025-12-01 of its OpenAPI document) over this instance's public board:
 * `GET /v0/servers` (cursor, limit, search, version), `GET /v0/servers/{serverName}/versions` and
 * `…/versions/{version}` (`latest` or the exact version).
 * A client that reads a registry (VS Code's MCP gallery takes a service URL) lists the ranked servers with
 * toolmark's score, band, security status and rules under `_meta["io.toolmark/quality"]`. Public: no key.
 */
const route: RouteModule = (app, ctx) => {
  for (const base of ['/v0']) {
    app.get(`${base}/servers`, { schema: { summary: 'MCP Registry API: list servers', tags: ['registry'], ...endpoints['GET /v0/servers'] } }, async (request, reply) => {
      const q = request.query;
      reply.header('cache-control', `public, max-age=${Math.ceil(ctx.config.TOOLMARK_READ_CACHE_MS / 1000)}`);
      return registryList(ctx.db, { cursor: q.cursor, limit: q.limit, search: q.search, version: q.version });
    });
    app.get(
      `${base}/servers/:serverName/versions`,
      { schema: { summary: 'MCP Registry API: the versions of a server (its latest)', tags: ['registry'], ...endpoints['GET /v0/servers/{serverName}/versions'] } },
      async (request) => {
        const entry = await registryServer(ctx.db, request.params.serverName);
        return { servers: [entry], metadata: { count: 1 } };
      },
    );
    app.get(
      `${base}/servers/:serverName/versions/:version`,
      { schema: { summary: 'MCP Registry API: one version of a server', tags: ['registry'], ...endpoints['GET /v0/servers/{serverName}/versions/{version}'] } },
      async (request) => registryServer(ctx.db, request.params.serverName, request.params.version),
    );
  }
};
export default route;
