// The lint leaderboard: one page of a board (sorted, filtered, ranked), its score counts for shared ranks,
// the public servers with the same tools beside each row, and the rules versions in use.
import { and, asc, count, desc, eq, gt, ilike, inArray, isNotNull, or, sql, type SQL } from 'drizzle-orm';
import { CategoryIdSchema, parseSearchQuery, type CategoryId } from '@toolmark/benchmarks';
import type { Database } from '../client.js';
import { securityOfResults } from './security.js';
import { relevanceQuery, serverMatches, serverRelevance } from './search.js';
import { boardEntries, lintResults, servers } from '../schema.js';

/**
 * Leaderboard sort keys: relevance to the search (`serverRelevance`, then score, then slug; without a
 * search every server is equally relevant, so it is the score order), the columns, then the scoring
 * categories (points of points possible per category).
 */
export const BOARD_SORTS = ['relevance', 'score', 'name', 'tools', 'tokens', 'captured', ...CategoryIdSchema.options] as const;
/** A leaderboard sort key. */
export type BoardSort = (typeof BOARD_SORTS)[number];

/** One leaderboard query. */
export interface BoardQuery {
  rulesId: string;
  rulesHash: string;
  search?: string | undefined;
  /** Servers whose licence is this SPDX expression (case-insensitive). */
  license?: string | undefined;
  /** How clients reach it: `stdio` (an npm package) or `http` (a URL). */
  transport?: 'stdio' | 'http' | undefined;
  minTools?: number | undefined;
  maxTools?: number | undefined;
  band?: 'sunny' | 'cloudy' | 'rain' | undefined;
  security?: boolean | undefined;
  sort: BoardSort;
  order: 'asc' | 'desc';
  limit: number;
  offset: number;
}

const escapeLike = (text: string): string => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * Public servers ranked by their latest version's result under one rules version (id + hash). Reads the
 * trigger-maintained `board_entries`: each column sort walks its own index, so a page deep in 10 000 servers
 * costs an index scan, not a join and sort of all of them (a category sort reads the filtered rows' category
 * points: no index each). Servers with security findings come after all the others in every sort and order
 * (two ordered reads). The total is a count over the same filter. Each row's `rank` is its place by score
 * on the whole board of these rules, whatever the sort, filter or page, in competition ranking: servers with
 * the same score share a rank and the next one skips (1, 2, 2, 4); a server with security findings ranks
 * after every server without (competitionRank).
 * Only servers with tools and a score are ranked: an empty surface (score null) is left off (still
 * reachable by its link and the API, shown there as unranked). Each row names the earliest-registered other
 * public server with identical tools (same surface hash), if any.
 */
export async function leaderboard(db: Database, q: BoardQuery, options: { scoreCounts?: () => Promise<ScoreCounts> } = {}) {
  const b = boardEntries;
  const search = q.search ? parseSearchQuery(q.search) : null;
  const where = and(
    eq(b.rulesId, q.rulesId),
    eq(b.rulesHash, q.rulesHash),
    eq(b.public, true),
    isNotNull(b.score),
    gt(b.toolCount, 0),
    // Full-text search over names, descriptions, keywords and tool text (repositories/search.ts), or a
    // substring of the name or slug.
    q.search && search ? or(ilike(b.name, `%${escapeLike(q.search)}%`), ilike(b.slug, `%${escapeLike(q.search)}%`), serverMatches(sql`${b.serverId}`, search)) : undefined,
    q.license ? sql`${b.serverId} in (select ${servers.id} from ${servers} where lower(${servers.license}) = lower(${q.license}))` : undefined,
    q.transport === 'stdio' ? eq(b.source, 'npm') : q.transport === 'http' ? eq(b.source, 'url') : undefined,
    q.minTools !== undefined ? sql`${b.toolCount} >= ${q.minTools}` : undefined,
    q.maxTools !== undefined ? sql`${b.toolCount} <= ${q.maxTools}` : undefined,
    q.band ? eq(b.band, q.band) : undefined,
    q.security === true ? gt(b.securityFindings, 0) : q.security === false ? eq(b.securityFindings, 0) : undefined,
  );
  const dir = q.order === 'asc' ? asc : desc;
  // Relevance is read per row from the server's search vector (no index can hold it: it depends on the query).
  const relevance = q.sort === 'relevance' && search ? serverRelevance(await relevanceQuery(db, search)) : null;
  // The id is one of the contract's category ids, written as a literal so the expression is its index's.
  const category = (id: CategoryId) => sql`((${b.categories} ->> '${sql.raw(id)}')::real) ${sql.raw(q.order === 'asc' ? 'asc' : 'desc')} nulls last`;
  const keys: Record<BoardSort, SQL> = {
    relevance: relevance ? sql`(select ${relevance} from ${servers} where ${servers.id} = ${b.serverId}) ${sql.raw(q.order === 'asc' ? 'asc' : 'desc')}` : sql`${b.score} desc nulls last`,
    score: sql`${b.score} ${sql.raw(q.order === 'asc' ? 'asc' : 'desc')} nulls last`,
    name: dir(b.nameLower),
    tools: dir(b.toolCount),
    tokens: dir(b.tokens),
    captured: dir(b.capturedAt),
    purpose: category('purpose'),
    usage: category('usage'),
    parameters: category('parameters'),
    returns: category('returns'),
    constraints: category('constraints'),
    examples: category('examples'),
  };
  const key = keys[q.sort];
  const columns = {
    resultId: b.lintResultId,
    id: b.serverId,
    slug: b.slug,
    name: b.name,
    description: b.description,
    score: b.score,
    band: b.band,
    toolCount: b.toolCount,
    critical: b.critical,
    required: b.required,
    minor: b.minor,
    securityFindings: b.securityFindings,
    tokens: b.tokens,
    versionId: b.versionId,
    versionSeq: b.versionSeq,
    versionLabel: b.versionLabel,
    capturedAt: b.capturedAt,
    source: b.source,
    surfaceHash: b.surfaceHash,
    categories: b.categories,
  };
  // Servers with a security finding come after every server without one, in every sort and either order
  // (issue 25: a capped score still outranked clean servers). The page is read as two ordered parts, each
  // walking the sort's own index with the security filter: the clean servers, then the risky ones.
  const part = (risky: boolean, limit: number, offset: number) =>
    db
      .select(columns)
      .from(b)
      .where(and(where, risky ? gt(b.securityFindings, 0) : eq(b.securityFindings, 0)))
      .orderBy(key, ...(q.sort === 'name' ? [dir(b.serverId)] : q.sort === 'relevance' ? [sql`${b.score} desc nulls last`, asc(b.slug)] : [asc(b.nameLower), asc(b.serverId)]))
      .limit(limit)
      .offset(offset);
  const [counted] = await db
    .select({ n: count(), clean: sql<number>`count(*) filter (where ${b.securityFindings} = 0)`.mapWith(Number) })
    .from(b)
    .where(where);
  const total = counted?.n ?? 0;
  const clean = counted?.clean ?? 0;
  const rows = q.offset >= clean ? await part(true, q.limit, q.offset - clean) : await part(false, q.limit, q.offset);
  if (q.offset < clean && rows.length < q.limit && total > clean) rows.push(...(await part(true, q.limit - rows.length, 0)));
  const [security, twins, counts, facts] = await Promise.all([
    securityOfResults(db, rows),
    sameSurfaceOnBoard(db, q, rows),
    (options.scoreCounts ?? (() => boardScoreCounts(db, q)))(),
    packageFactsOf(db, rows.map((r) => r.id)),
  ]);
  const rank = competitionRank(counts);
  return {
    total,
    items: rows.map(({ resultId, ...row }) => ({ rank: rank(row.score, row.securityFindings > 0), ...row, security: security.get(resultId)!, sameSurfaceAs: twins(row.id, row.surfaceHash), package: facts.get(row.id) ?? null })),
  };
}

/** How many ranked public servers of one board have each score, highest score first, apart for servers with security findings (`risk`). */
export type ScoreCounts = { score: number; n: number; risk: boolean }[];

/**
 * The score counts of a board (every ranked public server of one rules id and hash), which competition
 * ranks are read from: one grouped count of at most 2 002 (score, risk) pairs, cheap to keep for a few
 * seconds and share between every page, sort and filter of that board (the API's read cache does).
 */
export async function boardScoreCounts(db: Database, q: Pick<BoardQuery, 'rulesId' | 'rulesHash'>): Promise<ScoreCounts> {
  const b = boardEntries;
  const risk = sql<boolean>`(${b.securityFindings} > 0)`;
  const rows = await db
    .select({ score: b.score, risk, n: count() })
    .from(b)
    .where(and(eq(b.rulesId, q.rulesId), eq(b.rulesHash, q.rulesHash), eq(b.public, true), isNotNull(b.score), gt(b.toolCount, 0)))
    .groupBy(b.score, risk)
    .orderBy(desc(b.score));
  return rows.filter((r): r is { score: number; n: number; risk: boolean } => r.score !== null);
}

/**
 * A server's competition rank on a board (1, 2, 2, 4): one plus the number of servers ranked above it. A
 * server without security findings is ranked among those without, by score; a server with some after all
 * of those, by score among its kind — whatever its score, it never ranks above a clean server.
 */
export function competitionRank(counts: ScoreCounts): (score: number | null, risk?: boolean) => number {
  const clean = counts.reduce((sum, c) => (c.risk ? sum : sum + c.n), 0);
  return (score, risk = false) => 1 + (risk ? clean : 0) + counts.reduce((sum, c) => (c.risk === risk && score !== null && c.score > score ? sum + c.n : sum), 0);
}

/** Another public server with the same tools: the earliest registered one other than the row's own. */
export type SameSurfaceRef = { id: string; slug: string; name: string };

/**
 * For a page of board rows, the public servers on the same board with the same surface hash (one indexed
 * query for the page): a lookup giving, per row, the earliest-registered other one, or null.
 */
async function sameSurfaceOnBoard(db: Database, q: Pick<BoardQuery, 'rulesId' | 'rulesHash'>, rows: { surfaceHash: string }[]) {
  const hashes = [...new Set(rows.map((r) => r.surfaceHash))];
  const found = hashes.length === 0 ? [] : await db
    .select({ id: boardEntries.serverId, slug: boardEntries.slug, name: boardEntries.name, surfaceHash: boardEntries.surfaceHash, createdAt: servers.createdAt })
    .from(boardEntries)
    .innerJoin(servers, eq(servers.id, boardEntries.serverId))
    .where(and(eq(boardEntries.rulesId, q.rulesId), eq(boardEntries.rulesHash, q.rulesHash), eq(boardEntries.public, true), inArray(boardEntries.surfaceHash, hashes)))
    .orderBy(asc(servers.createdAt), asc(boardEntries.serverId));
  return (serverId: string, hash: string): SameSurfaceRef | null => {
    const other = found.find((f) => f.surfaceHash === hash && f.id !== serverId);
    return other ? { id: other.id, slug: other.slug, name: other.name } : null;
  };
}

/** Every (rules id, hash) with stored results, newest first, with how many servers' latest versions it scores. */
export async function rulesInUse(db: Database) {
  return db
    .select({
      rulesId: lintResults.rulesId,
      rulesHash: lintResults.rulesHash,
      results: count(),
      firstScoredAt: sql<Date>`min(${lintResults.createdAt})`.mapWith((v: string | Date) => new Date(v)),
    })
    .from(lintResults)
    .groupBy(lintResults.rulesId, lintResults.rulesHash)
    .orderBy(desc(sql`min(${lintResults.createdAt})`));
}

/** What the board shows of a server's package: its spec, licence, repository, homepage and facts. */
export interface BoardPackage {
  sourcePackage: string | null;
  sourceUrl: string | null;
  license: string | null;
  repository: string | null;
  homepage: string | null;
  keywords: string[];
  env: string[];
  bin: string | null;
}

/** The package facts of a page's servers (one query by primary key). */
export async function packageFactsOf(db: Database, ids: string[]): Promise<Map<string, BoardPackage>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: servers.id, sourcePackage: servers.sourcePackage, sourceUrl: servers.sourceUrl, license: servers.license, repository: servers.repository, homepage: servers.homepage, facts: servers.facts })
    .from(servers)
    .where(inArray(servers.id, ids));
  return new Map(
    rows.map((r) => [
      r.id,
      { sourcePackage: r.sourcePackage, sourceUrl: r.sourceUrl, license: r.license, repository: r.repository, homepage: r.homepage, keywords: r.facts?.keywords ?? [], env: r.facts?.env ?? [], bin: r.facts?.bin ?? null },
    ]),
  );
}
