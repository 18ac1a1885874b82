import { CategoryIdSchema } from '@toolmark/benchmarks';
import { parseRules, rulesRef } from '$lib/format';
import { api, ApiFailure, pageError, type BoardQuery } from '$lib/server/api';
import { callerOf } from '$lib/server/caller';
import { visible, visibleName } from '$lib/server/visible';
import type { PageServerLoad } from './$types';

const PAGE = 50;
// The values the API takes (the contract's types check each list); anything else in the URL is left out.
const COLUMN_SORTS = ['relevance', 'score', 'name', 'tools', 'tokens', 'captured'] as const satisfies readonly NonNullable<BoardQuery['sort']>[];
/** The scoring categories (the contract's list): each row's bars and a sort key each. */
const CATEGORIES = CategoryIdSchema.options;
const SORTS = [...COLUMN_SORTS, ...CATEGORIES] as const satisfies readonly NonNullable<BoardQuery['sort']>[];
const BANDS = ['sunny', 'cloudy', 'rain'] as const satisfies readonly NonNullable<BoardQuery['band']>[];
/** The licences offered in the filter (any other SPDX expression still works in the URL). */
const LICENSES = ['MIT', 'Apache-2.0', 'ISC', 'BSD-3-Clause', 'GPL-3.0', 'AGPL-3.0', 'MPL-2.0', 'UNLICENSED'] as const;
const one = <T extends string>(v: string | null, allowed: readonly T[]): T | undefined => allowed.find((a) => a === v);

export const load: PageServerLoad = async (event) => {
  const p = event.url.searchParams;
  const caller = callerOf(event, false);
  const rules = parseRules(p.get('rules'));
  const q = (p.get('q') ?? '').trim().slice(0, 100);
  const band = one(p.get('band'), BANDS);
  const license = (p.get('license') ?? '').trim().slice(0, 100);
  const transport = one(p.get('transport'), ['stdio', 'http'] as const);
  const minToolsText = (p.get('minTools') ?? '').trim();
  const minTools = /^\d{1,3}$/.test(minToolsText) ? Number(minToolsText) : undefined;
  const security = one(p.get('security'), ['true', 'false'] as const);
  // No sort named: the API's default (relevance with a search, score without), so typing a search on a
  // board sorted by default never sends `score` with it.
  const sort = one(p.get('sort'), SORTS);
  const order = one(p.get('order'), ['asc', 'desc'] as const);
  const page = Math.max(1, Math.min(100_000, Number.parseInt(p.get('page') ?? '1', 10) || 1));
  const [list, board] = await Promise.all([
    api.rules(caller),
    api
      .leaderboard(caller, { rules: rules.id, hash: rules.hash, q: q || undefined, license: license || undefined, transport, minTools, band, security, sort, order, limit: PAGE, offset: (page - 1) * PAGE })
      .catch((e: unknown) => {
        if (e instanceof ApiFailure && (e.status === 404 || e.status === 400)) return null;
        throw e;
      }),
  ]).catch((e: unknown) => {
    if (e instanceof ApiFailure) pageError(e, []);
    throw e;
  });
  // The bands the intro names are the shown rule set's own (GET /v1/rules/{id}), never literals here.
  const shown = board?.rules.id ?? rules.id ?? list.latest;
  const detail = await api.rulesDetail(caller, shown).catch(() => api.rulesDetail(caller, list.latest));
  // The picker and every link name the rules by id (`v2`), with the hash only for an older build's results.
  const shownRef = board ? rulesRef(list.items, board.rules.id, board.rules.hash) : (p.get('rules') ?? '');
  return {
    rulesList: list,
    rulesRef: shownRef,
    columnSorts: COLUMN_SORTS,
    categories: CATEGORIES,
    bands: detail.bands,
    board: board && {
      ...board,
      items: board.items.map((i) => ({
        ...i,
        name: visibleName(i.name),
        // One line in a row: line breaks and tabs of the description fold to spaces.
        description: visible(i.description?.replace(/[\t\n\r]+/g, ' ') ?? null),
        sameSurfaceAs: i.sameSurfaceAs && { ...i.sameSurfaceAs, name: visibleName(i.sameSurfaceAs.name) },
      })),
    },
    licenses: LICENSES,
    query: { rules: shownRef, q, license, transport: transport ?? '', minTools: minTools === undefined ? '' : String(minTools), band: band ?? '', security: security ?? '', sort: sort ?? '', order: order ?? '', page },
    pageSize: PAGE,
  };
};
