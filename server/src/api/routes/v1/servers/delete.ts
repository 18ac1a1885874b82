import { endpoints } from '@toolmark/benchmarks/api';
import { softDeleteServer } from '@toolmark/db';
import { queueDatasetWithdrawal } from '../../../../pipelines/dataset-withdrawal.js';
import { ownServer } from '../../../../pipelines/visibility.js';
import { notFound } from '../../../errors.js';
import { requireKey } from '../../../plugins/auth.js';
import type { RouteModule } from '../../../route.js';

/**
 * DELETE /v1/servers/{id} — soft delete: the server leaves the board and every list, and its routes answer
 * 404 from now on; its versions, results and saves stay stored (what was published keeps its numbers, and
 * `GET /v1/versions/{id}` still answers). Its organisation's admin keys only.
 */
const route: RouteModule = (app, ctx) => {
  app.delete(
    '/v1/servers/:id',
    {
      schema: {
        summary: "Delete a server (soft: stored results stay; its organisation's admins)",
        tags: ['servers'],
        security: [{ bearer: [] }],
        ...endpoints['DELETE /v1/servers/{id}'],
      },
    },
    async (request) => {
      const key = requireKey(request, ['admin']);
      // ownServer reads the server by id or slug: its id is what the write takes.
      const before = await ownServer(ctx.db, request.params.id, key);
      const deleted = await softDeleteServer(ctx.db, before.id, ctx.now());
      if (!deleted?.deletedAt) throw notFound('server', request.params.id);
      await queueDatasetWithdrawal(ctx.jobs, before, deleted);
      return { id: deleted.id, deletedAt: deleted.deletedAt };
    },
  );
};
export default route;
