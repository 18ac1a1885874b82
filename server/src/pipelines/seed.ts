import { lintSurface, publishedRuleSets, surfaceHash, type RuleSetId } from '@toolmark/benchmarks';
import { LOCKS, withAdvisoryLock, addVersionIfChanged, createOrganisation, createServer, firstOrganisation, getServerBySlug, hasLintResult, refreshSearchOf, storeLintResult, type Database, type DatabaseHandle } from '@toolmark/db';
import { listDistractorSets, listReferenceSurfaces, loadDistractorSet, loadReferenceSurface, type LoadedSet } from '@toolmark/distractors';
import { nodeSha256Hex } from '../native-hash.js';


/** The operator organisation every install starts with; it owns the seeded public servers. */
export const OPERATOR_ORG = { name: 'toolmark operators', slug: 'operators' } as const;

/** The install's first organisation, created when the database has none. */
export async function ensureOperatorOrganisation(db: Database): Promise<{ id: string; slug: string }> {
  const existing = await firstOrganisation(db);
  if (existing) return existing;
  return createOrganisation(db, OPERATOR_ORG);
}

/**
 * Seed the public leaderboard with the real servers the core's golden tests use (the frozen distractor
 * sets and the reference surfaces), each scored under every rules version this build runs. Idempotent:
 * a server whose slug exists is left alone, a missing result is added. Scores are computed here, not by a
 * job, so the leaderboard is never empty after the first start.
 */
export async function seedDatabase(handle: Pick<DatabaseHandle, 'db' | 'sql'>, log: (message: string) => void = () => undefined): Promise<{ servers: number; created: number }> {
  // Two processes starting on one fresh database seed it once.
  return withAdvisoryLock(handle.sql, LOCKS.seed, async () => {
    const db = handle.db;
    const operator = await ensureOperatorOrganisation(db);
    const sets: { slug: string; set: LoadedSet }[] = [
      ...listDistractorSets()
        .filter((e) => e.status === 'available')
        .map((e) => ({ slug: e.name, set: loadDistractorSet(e.name) })),
      ...listReferenceSurfaces().map((e) => ({ slug: e.name, set: loadReferenceSurface(e.name) })),
    ];
    let created = 0;
    for (const { slug, set } of sets) {
      const { manifest, surface } = set;
      const pkg = 'package' in manifest && typeof manifest.package === 'string' ? manifest.package : slug;
      const version = 'version' in manifest && typeof manifest.version === 'string' ? manifest.version : undefined;
      let server = await getServerBySlug(db, slug);
      if (!server) {
        server = await createServer(db, {
          name: pkg,
          slug,
          description: `Published MCP server ${pkg}${version ? ` ${version}` : ''}, captured from npm (one of toolmark's frozen distractor and reference sets).`,
          source: 'npm',
          sourcePackage: version ? `${pkg}@${version}` : pkg,
          homepage: `https://www.npmjs.com/package/${pkg}`,
          repository: null,
          organisationId: operator.id,
          public: true,
        });
        created++;
      }
      const { version: stored } = await addVersionIfChanged(db, {
        serverId: server.id,
        surfaceHash: surfaceHash(surface, nodeSha256Hex),
        tools: { tools: surface.tools },
        toolCount: surface.tools.length,
        label: version ?? null,
        origin: 'seed',
      });
      for (const rules of publishedRuleSets()) {
        if (await hasLintResult(db, stored.id, rules)) continue;
        await storeLintResult(db, stored.id, await lintSurface(surface, rules.id as RuleSetId, { sha256Hex: nodeSha256Hex }));
      }
      await refreshSearchOf(db, server.id);
    }
    log(`seed: ${sets.length} public servers (${created} new)`);
    return { servers: sets.length, created };
  });
}
