import { endpoints } from '@toolmark/benchmarks/api';
import { updateServer } from '@toolmark/db';
import { queueDatasetWithdrawal } from '../../../../pipelines/dataset-withdrawal.js';
import { ownServer } from '../../../../pipelines/visibility.js';
import { notFound } from '../../../errors.js';
import { requireKey } from '../../../plugins/auth.js';
import type { RouteModule } from '../../../route.js';

/**
 * PATCH /v1/servers/{id} — change a server's name, description, links or visibility (`public: false` hides
 * it from the board and lists). Its organisation's admin keys only: another organisation's private server
 * is 404, its public one 403.
 */
const route: RouteModule = (app, ctx) => {
  app.patch(
    '/v1/servers/:id',
    {
      schema: {
        summary: "Edit a server: name, description, homepage and repository links, visibility (its organisation's admins)",
        tags: ['servers'],
        security: [{ bearer: [] }],
        ...endpoints['PATCH /v1/servers/{id}'],
      },
    },
    async (request) => {
      const key = requireKey(request, ['admin']);
      // ownServer reads the server by id or slug: its id is what the write takes.
      const before = await ownServer(ctx.db, request.params.id, key);
      const updated = await updateServer(ctx.db, before.id, request.body);
      if (!updated) throw notFound('server', request.params.id);
      await queueDatasetWithdrawal(ctx.jobs, before, updated);
      return updated;
    },
  );
};
export default route;
