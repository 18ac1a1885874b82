import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { isRuleSetId, LATEST_RULES, ruleSets } from '@toolmark/benchmarks';
import { CATEGORIES_DOC_V1, FINDINGS_V1 } from '../../../../catalogue/findings-v1.js';
import { ApiError } from '../../../errors.js';
import type { RouteModule } from '../../../route.js';
import { ErrorSchema } from '../../../schemas.js';

const Bilingual = z.object({ en: z.string(), ja: z.string() });

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
        params: z.object({ id: z.string().max(32) }),
        response: {
          200: z.object({
            id: z.string(),
            hash: z.string(),
            latest: z.boolean(),
            bands: z.object({ sunny: z.number(), cloudy: z.number() }),
            categories: z.array(z.object({ id: z.string(), max: z.number(), title: Bilingual, fullMarks: Bilingual })),
            findings: z.array(
              z.object({
                code: z.string(),
                scope: z.enum(['tool', 'server']),
                severities: z.array(z.enum(['critical', 'required', 'minor'])),
                security: z.boolean(),
                title: Bilingual,
                trigger: Bilingual,
                fix: Bilingual,
                example: z.string(),
                before: z.string(),
                after: z.string(),
              }),
            ),
            changelog: z.string().describe('CHANGELOG.md of the rule set (Markdown)'),
          }),
          404: ErrorSchema,
        },
      },
      config: { rateLimit: false },
    },
    async (request, reply) => {
      const { id } = request.params;
      if (!isRuleSetId(id)) throw new ApiError(404, 'unknown_rules', `no rules version ${id}; see GET /v1/rules`, { key: 'id', known: Object.keys(ruleSets) });
      if (!changelogs.has(id)) changelogs.set(id, changelogOf(id));
      reply.header('cache-control', 'public, max-age=3600');
      return {
        id,
        hash: ruleSets[id].hash,
        latest: id === LATEST_RULES,
        bands: { sunny: 70, cloudy: 40 },
        categories: CATEGORIES_DOC_V1,
        findings: FINDINGS_V1,
        changelog: changelogs.get(id) ?? '',
      };
    },
  );
};
export default route;
