import { LATEST_RULES, ruleSets } from '@toolmark/benchmarks';
import { endpoints } from '@toolmark/benchmarks/api';
import { rulesInUse } from '@toolmark/db';
import type { RouteModule } from '../../route.js';

/** GET /v1/rules — the rules versions this build runs, and every (id, hash) that has stored results. */
const route: RouteModule = (app, ctx) => {
  app.get(
    '/v1/rules',
    {
      schema: {
        summary: 'Rules versions: those this build runs and those with stored results',
        tags: ['leaderboards'],
        ...endpoints['GET /v1/rules'],
      },
    },
    async () => {
      const stored = await rulesInUse(ctx.db);
      const active = Object.values(ruleSets).map((r) => ({ id: r.id, hash: r.hash }));
      const items = active.map((r) => {
        const s = stored.find((x) => x.rulesId === r.id && x.rulesHash === r.hash);
        return { ...r, active: true, results: s?.results ?? 0, firstScoredAt: s?.firstScoredAt ?? null };
      });
      for (const s of stored) {
        if (!active.some((r) => r.id === s.rulesId && r.hash === s.rulesHash)) {
          items.push({ id: s.rulesId, hash: s.rulesHash, active: false, results: s.results, firstScoredAt: s.firstScoredAt });
        }
      }
      return { latest: LATEST_RULES, items };
    },
  );
};
export default route;
