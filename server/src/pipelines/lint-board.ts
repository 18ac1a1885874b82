// A page of the lint leaderboard, read through the short-lived caches: the one path of
// GET /v1/leaderboards/lint and the MCP tool search_leaderboard.
import { ruleSets, type RuleSetId } from '@toolmark/benchmarks';
import { defaultBoardSort } from '@toolmark/benchmarks/api';
import { boardScoreCounts, leaderboard, type BoardQuery, type BoardSort, type Database, type ScoreCounts } from '@toolmark/db';
import type { ReadCache } from './read-cache.js';

/** What a board page needs: the database and the two read caches (a route's ApiContext has them). */
export interface LintBoardDeps {
  db: Database;
  boardCache: ReadCache<Awaited<ReturnType<typeof leaderboard>>>;
  scoreCountsCache: ReadCache<ScoreCounts>;
}

/** A board request: one rules id (and hash, default the build's own), filters, sort and page. */
export interface LintBoardRequest extends Omit<BoardQuery, 'rulesId' | 'rulesHash' | 'order' | 'sort'> {
  rules: RuleSetId;
  /** Default: relevance with a search, score without (the contract's `defaultBoardSort`). */
  sort?: BoardSort | undefined;
  hash?: string | undefined;
  order?: 'asc' | 'desc' | undefined;
}

/** Public servers ranked by their latest version's score under one rules id and hash. */
export async function readLintBoard(deps: LintBoardDeps, q: LintBoardRequest) {
  const rules = { id: q.rules, hash: q.hash ?? ruleSets[q.rules].hash };
  const sort = q.sort ?? defaultBoardSort(q.search);
  const query = {
    rulesId: rules.id,
    rulesHash: rules.hash,
    search: q.search || undefined,
    license: q.license || undefined,
    transport: q.transport,
    minTools: q.minTools,
    maxTools: q.maxTools,
    band: q.band,
    security: q.security,
    sort,
    order: q.order ?? (sort === 'name' ? 'asc' : 'desc'),
    limit: q.limit,
    offset: q.offset,
  } as const;
  // Ranks come from the board's score counts, kept as briefly as the pages and shared by all of them.
  const scoreCounts = () => deps.scoreCountsCache.get(`${rules.id}@${rules.hash}`, () => boardScoreCounts(deps.db, { rulesId: rules.id, rulesHash: rules.hash }));
  const page = await deps.boardCache.get(JSON.stringify(query), () => leaderboard(deps.db, query, { scoreCounts }));
  return { rules, comparabilityKey: `${rules.id}@${rules.hash}`, total: page.total, limit: q.limit, offset: q.offset, items: page.items };
}
