// Seed the board with the frozen catalogue (issue 27): every captured entry of catalogue/servers/ becomes a
// public npm server with its package facts, its captured tools as a `seed` version, a lint result under
// the latest rules (the older published versions follow as low-priority jobs) and its search document. No network and no install: the captured data is
// read as committed. Idempotent and resumable: a server whose package is already registered by the
// operator is brought up to date (facts, search), a missing version or result is added.
import { LATEST_RULES, ruleSets, searchDocument, surfaceHash, type Surface } from '@toolmark/benchmarks';
import type { CpuPool } from '../cpu/pool.js';
import { lintStored, unwrap } from '../cpu/tasks.js';
import { lintOnPool } from '../cpu/lint-on-pool.js';
import { LOCKS, withAdvisoryLock, withTryAdvisoryLock, addVersionIfChanged, createServer, getServerByPackage, getServerBySlug, hasLintResult, refreshServerSearch, setServerFacts, storeLintResult, type DatabaseHandle, type ServerFacts } from '@toolmark/db';
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
  /** Versions linted now under the latest rules (the others had their result from an earlier start). */
  linted: number;
  ms: number;
  /** The service stopped the seed before it was done ({@link CatalogueSeedDeps.signal}). */
  stopped: boolean;
  /** Another process held the catalogue lock: it seeds for all, this one did nothing. */
  elsewhere: boolean;
}

/** What seeding uses besides the database: the CPU pool (lint off the event loop). */
export interface CatalogueSeedDeps {
  /** Absent (tests, `toolmark worker`): lint on this thread. */
  cpu?: CpuPool;
  /**
   * Aborted when the service stops: the seed takes no further entry and no further lint (a lint in progress
   * finishes and is stored), so a stop does not wait for 200+ lints. What was left is seeded by the next start
   * (every step is idempotent: existing servers, versions and results are kept).
   */
  signal?: AbortSignal;
}

/** One captured entry's server and version, and whether it still lacks the latest rules' result. */
interface Registered {
  versionId: string;
  document: { tools: unknown[] };
  lint: boolean;
}

/**
 * Seed every captured entry. Entries that need credentials or failed are not ranked (no tools); they are
 * counted in `skipped` and described in catalogue/README.md. Two passes so the board fills fast: first
 * every server, version and search document (database only, under the catalogue lock, tried: a
 * process that finds another seeding skips the seed rather than wait),
 * then the latest rules' lint of each version lacking it, on the CPU pool (threads + 1 at once, the
 * event loop keeps answering), stored as it lands: a server is ranked from its result on, most
 * downloaded first. The older published rules versions are left to low-priority lint-version jobs: the
 * caller runs the start-up backfill once the seed is done (start.ts).
 */
export async function seedCatalogue(handle: Pick<DatabaseHandle, 'db' | 'sql'>, log: (message: string) => void = () => undefined, entries: LoadedEntry[] = loadCatalogue(), deps: CatalogueSeedDeps = {}): Promise<CatalogueSeedResult> {
  const started = Date.now();
  const db = handle.db;
  const operator = await withAdvisoryLock(handle.sql, LOCKS.seed, () => ensureOperatorOrganisation(db));
  const latest = ruleSets[LATEST_RULES];
  let created = 0;
  const registered: Registered[] = [];
  const register = async (loaded: LoadedEntry, surface: Surface): Promise<Registered> => {
    const { entry } = loaded;
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
    const document = { tools: entry.tools };
    const { version } = await addVersionIfChanged(db, {
      serverId: server.id,
      surfaceHash: surfaceHash(surface, nodeSha256Hex),
      tools: document,
      toolCount: surface.tools.length,
      label: entry.version,
      origin: 'seed',
      // The board's "last captured" is the catalogue's capture day, not the seed's start.
      capturedAt: new Date(`${entry.capturedAt}T00:00:00Z`),
    });
    await refreshServerSearch(db, server.id, searchDocument({ name: server.name, description: server.description ?? fields.description, keywords: facts.keywords, tools: surface.tools }));
    const r = { versionId: version.id, document, lint: !(await hasLintResult(db, version.id, latest)) };
    registered.push(r);
    return r;
  };
  // Lint runs while the first pass goes on: each registered version lacking the latest result is taken by
  // one of the lanes (threads + 1 on the pool, so a thread never waits for the database).
  const todo: Registered[] = [];
  const waiting: (() => void)[] = [];
  let registering = true;
  let linted = 0;
  let registeredMs = 0;
  const lintOne = async (r: Registered): Promise<void> => {
    const result = deps.cpu ? await lintOnPool(deps.cpu, r.document, LATEST_RULES) : unwrap(await lintStored({ document: r.document, rules: LATEST_RULES }));
    await storeLintResult(db, r.versionId, result);
    linted++;
  };
  const lane = async (): Promise<void> => {
    for (;;) {
      if (deps.signal?.aborted) return;
      const r = todo.shift();
      if (r !== undefined) await lintOne(r);
      else if (!registering) return;
      else await new Promise<void>((resolve) => waiting.push(resolve));
    }
  };
  const lanes = Promise.all(Array.from({ length: deps.cpu ? Math.max(1, deps.cpu.options.threads) + 1 : 1 }, lane));
  lanes.catch(() => undefined); // awaited below, after the first pass; not an unhandled rejection meanwhile
  let elsewhere = false;
  try {
    // Its own lock, tried, not waited for: another process seeding the catalogue does it for all, and a
    // process starting meanwhile must not be held back (the seed lock guards the steps before serving).
    const pass = await withTryAdvisoryLock(handle.sql, LOCKS.catalogue, async () => {
      for (const loaded of entries) {
        if (deps.signal?.aborted) break;
        if (loaded.surface === null) continue;
        const r = await register(loaded, loaded.surface);
        if (r.lint) {
          todo.push(r);
          waiting.shift()?.();
        }
      }
    });
    elsewhere = !pass.ran;
  } finally {
    registering = false;
    registeredMs = Date.now() - started;
    for (const wake of waiting.splice(0)) wake();
  }
  await lanes;
  const seeded = registered.length;
  const result = { entries: entries.length, seeded, created, skipped: entries.length - seeded, linted, ms: Date.now() - started, stopped: deps.signal?.aborted === true, elsewhere };
  if (elsewhere) {
    log('catalogue seed: another process is seeding the catalogue; this one skips it');
    return result;
  }
  log(`catalogue seed${result.stopped ? ' (stopped: the service is stopping; the next start seeds the rest)' : ''}: ${seeded} servers (${created} new) of ${entries.length} entries in ${result.ms} ms (registered in ${registeredMs} ms; ${linted} linted under ${LATEST_RULES})`);
  return result;
}
