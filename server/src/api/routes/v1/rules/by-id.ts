import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { LATEST_RULES, ruleSets } from '@toolmark/benchmarks';
import { endpoints } from '@toolmark/benchmarks/api';
import type { RouteModule } from '../../../route.js';
import { rulesOr404 } from '../../../rules-version.js';

/** The rule set's CHANGELOG.md, read once from the benchmarks package (src/rules/<id>/, beside the code it describes). */
function changelogOf(id: string): string {
  const entry = fileURLToPath(import.meta.resolve('@toolmark/benchmarks'));
  const root = join(dirname(entry), '..');
  try {
    return readFileSync(join(root, 'src', 'rules', id, 'CHANGELOG.md'), 'utf8');
  } catch {
    return '';
  }
}

/**
 * GET /v1/rules/{id} — one rules version explained: its hash, categories and points, bands, every finding
 * code (severity, what triggers it, how to fix it, an example; English and Japanese) and its changelog.
 * Static per build, so it is cached by clients for an hour.
 */
const route: RouteModule = (app) => {
  const changelogs = new Map<string, string>();
  app.get(
    '/v1/rules/:id',
    {
      schema: {
        summary: 'A rules version: categories, bands, every finding code with trigger, fix and example, changelog',
        tags: ['leaderboards'],
        ...endpoints['GET /v1/rules/{id}'],
      },
      config: { rateLimit: false },
    },
    async (request, reply) => {
      const id = rulesOr404(request.params.id, 'id');
      if (!changelogs.has(id)) changelogs.set(id, changelogOf(id));
      reply.header('cache-control', 'public, max-age=3600');
      // The requested version's own facts, as its rule set carries them (not v1's for every id).
      const { hash, bands, categories, findings } = ruleSets[id];
      return { id, hash, latest: id === LATEST_RULES, bands, categories, findings, changelog: changelogs.get(id) ?? '' };
    },
  );
};
export default route;
