// Seed the board with the frozen catalogue (issue 27): every captured entry of catalogue/servers/ becomes a
// public npm server with its package facts, its captured tools as a `seed` version, a lint result under
// every published rules version and its search document. No network and no install: the captured data is
// read as committed. Idempotent and resumable: a server whose package is already registered by the
// operator is brought up to date (facts, search), a missing version or result is added.
import { lintSurface, publishedRuleSets, searchDocument, surfaceHash, type RuleSetId } from '@toolmark/benchmarks';
import { LOCKS, withAdvisoryLock, addVersionIfChanged, createServer, getServerByPackage, getServerBySlug, hasLintResult, refreshServerSearch, setServerFacts, storeLintResult, type DatabaseHandle, type ServerFacts } from '@toolmark/db';
import { loadCatalogue, type LoadedEntry } from '../npm-catalogue/load.js';
import { nodeSha256Hex } from '../native-hash.js';
import { ensureOperatorOrganisation } from './seed.js';

/** A slug from a package name: `@scope/name` -> `scope-name`, lower case, at most 60 characters. */
export const catalogueSlug = (name: string): string =>
  name
    .toLowerCase()
    .replace(/^@/, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60);

export function factsOf({ entry }: LoadedEntry): ServerFacts {
  return {
    keywords: entry.facts.keywords,
    env: Object.keys(entry.env),
    nodeEngines: entry.facts.nodeEngines,
    deprecated: entry.facts.deprecated,
    bin: entry.bin,
    catalogue: { status: entry.status, capturedAt: entry.capturedAt, failure: entry.failure ? `${entry.failure.code}: ${entry.failure.message.split('\n')[0]}` : null },
  };
}

export interface CatalogueSeedResult {
  entries: number;
  seeded: number;
  created: number;
  skipped: number;
  ms: number;
}

/**
 * Seed every captured entry. Entries that need credentials or failed are not ranked (no tools); they are
 * counted in `skipped` and described in catalogue/README.md.
 */
export async function seedCatalogue(handle: Pick<DatabaseHandle, 'db' | 'sql'>, log: (message: string) => void = () => undefined, entries: LoadedEntry[] = loadCatalogue()): Promise<CatalogueSeedResult> {
  const started = Date.now();
  const db = handle.db;
  const operator = await withAdvisoryLock(handle.sql, LOCKS.seed, () => ensureOperatorOrganisation(db));
  const rules = publishedRuleSets();
  let created = 0;
  let seeded = 0;
  for (const loaded of entries) {
    const { entry, surface } = loaded;
    if (surface === null) continue;
    // One server at a time under the seed lock: a second process seeds the same database once.
    await withAdvisoryLock(handle.sql, LOCKS.seed, async () => {
      const facts = factsOf(loaded);
      const spec = `${entry.package}@${entry.version}`;
      const existing = await getServerByPackage(db, operator.id, entry.package);
      const fields = {
        description: entry.facts.description,
        homepage: entry.facts.homepage ?? `https://www.npmjs.com/package/${entry.package}`,
        repository: entry.facts.repository,
        license: entry.facts.license,
        facts,
      };
      let server = existing;
      if (server === undefined) {
        let slug = catalogueSlug(entry.package);
        if (await getServerBySlug(db, slug)) slug = `${slug.slice(0, 52)}-npm`;
        server = await createServer(db, { name: entry.package, slug, source: 'npm', sourcePackage: spec, organisationId: operator.id, public: true, ...fields });
        created++;
      } else {
        // A server the frozen distractor sets seeded: keep its slug and description, add the package facts.
        // The seed's placeholder description ("Published MCP server X captured from npm…") gives way to the package's own.
        const placeholder = server.description?.startsWith('Published MCP server ') === true;
        await setServerFacts(db, server.id, { license: fields.license, facts, repository: fields.repository, ...(placeholder && fields.description ? { description: fields.description } : {}) });
        if (placeholder && fields.description) server = { ...server, description: fields.description };
      }
      const { version } = await addVersionIfChanged(db, {
        serverId: server.id,
        surfaceHash: surfaceHash(surface, nodeSha256Hex),
        tools: { tools: entry.tools },
        toolCount: surface.tools.length,
        label: entry.version,
        origin: 'seed',
      });
      for (const set of rules) {
        if (await hasLintResult(db, version.id, set)) continue;
        await storeLintResult(db, version.id, await lintSurface(surface, set.id as RuleSetId, { sha256Hex: nodeSha256Hex }));
      }
      await refreshServerSearch(db, server.id, searchDocument({ name: server.name, description: server.description ?? fields.description, keywords: facts.keywords, tools: surface.tools }));
      seeded++;
    });
  }
  const result = { entries: entries.length, seeded, created, skipped: entries.length - seeded, ms: Date.now() - started };
  log(`catalogue seed: ${seeded} servers (${created} new) of ${entries.length} entries in ${result.ms} ms`);
  return result;
}
