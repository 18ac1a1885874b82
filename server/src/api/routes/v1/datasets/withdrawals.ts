import { endpoints } from '@toolmark/benchmarks/api';
import { excludeServer, getServer, publishedRelease, withdrawRelease } from '@toolmark/db';
import { withdrawHidden } from '../../../../datasets/withdraw.js';
import { datasetsDir } from '../../../../datasets/dir.js';
import { requireOperator } from '../../../../pipelines/datasets.js';
import { notFound } from '../../../../pipelines/errors.js';
import { serverIdOf } from '../../../../pipelines/visibility.js';
import { requireKey } from '../../../plugins/auth.js';
import type { RouteModule } from '../../../route.js';

/**
 * POST /v1/datasets/withdrawals — the operator withdraws a server from every dataset release (it is left
 * out of every later build although public; every release holding it is withdrawn now and the latest ones
 * are rebuilt without it by the queued `build-release`), or one release (withdrawn now; nothing is rebuilt).
 */
const route: RouteModule = (app, ctx) => {
  app.post(
    '/v1/datasets/withdrawals',
    {
      schema: {
        summary: "Withdraw a server from every dataset release, or one release (the operator's admin key only)",
        description:
          'A withdrawn release stays listed with the date and the reason (public: never put a private name in it); its files answer 410 and its manifest stays, so its hashes remain checkable. ' +
          'A server: every release holding it is withdrawn at once and the latest ones are rebuilt without it (`queued`); later builds leave it out. A release: only that version.',
        tags: ['datasets'],
        security: [{ bearer: [] }],
        ...endpoints['POST /v1/datasets/withdrawals'],
      },
    },
    async (request, reply) => {
      const admin = requireKey(request, ['admin']);
      await requireOperator(ctx.db, admin.organisationId, 'withdraws dataset releases');
      const { server, release, reason } = request.body;
      if (release !== undefined) {
        const r = await publishedRelease(ctx.db, release);
        if (!r) throw notFound('release', release);
        const done = await withdrawRelease(ctx.db, r.id, { code: 'operator', message: `the operator withdrew this release: ${reason}` }, ctx.now());
        return reply.status(202).send({ withdrawn: done ? [r.releaseId] : [], queued: false, jobId: null });
      }
      const found = await getServer(ctx.db, await serverIdOf(ctx.db, server!));
      if (!found) throw notFound('server', server!);
      await excludeServer(ctx.db, found.id, reason);
      const withdrawn = await withdrawHidden(ctx.db, datasetsDir(ctx.config), ctx.now);
      const jobId = await ctx.jobs.send('build-release', { reason: 'withdrawal' });
      return reply.status(202).send({ withdrawn: withdrawn.map((w) => w.releaseId), queued: jobId !== null, jobId });
    },
  );
};
export default route;
