// The leaderboard's category columns and sorts, and its ranks: servers with the same score share a rank
// (competition ranking, 1, 2, 2, 4) on the whole board, whatever the sort, filter or page. Real
// PostgreSQL (its own database; the board is kept by the database's triggers), the app through inject.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { storeLintResult } from '@toolmark/db';
import { CategoryIdSchema, lintSurface, parseSurfaceValue, type LintResult } from '@toolmark/benchmarks';
import { bearer, startTestApp, tool, type TestApp } from './helpers.js';

let h: TestApp;
const results = new Map<string, LintResult>();

type Row = { rank: number; id: string; name: string; score: number; categories: Record<string, number | null> };
const board = async (q: string) => {
  const res = await h.app.inject({ method: 'GET', url: `/v1/leaderboards/lint?limit=100${q}` });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { items: Row[] }).items;
};

/** Register by upload and lint it as the lint-version job would; the server's id. */
async function upload(name: string, list: unknown[]): Promise<string> {
  const res = await h.app.inject({ method: 'POST', url: '/v1/servers', headers: bearer(h.keys.admin), payload: { name, source: { kind: 'upload', tools: { tools: list } } } });
  expect(res.statusCode, res.body).toBe(202);
  const { server } = res.json();
  const result = await lintSurface(parseSurfaceValue({ tools: list }));
  await storeLintResult(h.t.db, server.latestVersionId, result);
  results.set(server.id, result);
  return server.id as string;
}

const good = (name: string) =>
  tool(name, `Search the ${name} of the workspace by keyword. Use it before creating one; use get_${name} when you know the id. Returns up to 20 matches with id and title, read-only, e.g. "quarterly report".`);
const bare = (name: string) => ({ name, description: `Does ${name}.`, inputSchema: { type: 'object', properties: { x: { type: 'string' } } } });

let ids: Record<'best' | 'twinA' | 'twinB' | 'worst', string>;

beforeAll(async () => {
  h = await startTestApp();
  ids = {
    best: await upload('Category best', [good('notes'), good('pages')]),
    twinA: await upload('Category twin a', [good('tasks'), bare('sync')]),
    twinB: await upload('Category twin b', [good('tasks'), bare('sync')]),
    worst: await upload('Category worst', [bare('run'), bare('go')]),
  };
});
afterAll(async () => h?.close());

describe('the leaderboard ranks and categories', () => {
  it('gives equal scores one rank and skips the next (1, 2, 2, 4), the same when sorted by name or filtered', async () => {
    const byScore = await board('');
    expect(byScore.map((r) => [r.id, r.rank])).toEqual([
      [ids.best, 1],
      [ids.twinA, 2],
      [ids.twinB, 2],
      [ids.worst, 4],
    ]);
    const byName = await board('&sort=name&order=desc');
    expect(byName.map((r) => [r.id, r.rank])).toEqual([
      [ids.worst, 4],
      [ids.twinB, 2],
      [ids.twinA, 2],
      [ids.best, 1],
    ]);
    // A rank is the place on the whole board: a search or the second page does not renumber it.
    expect((await board('&q=worst')).map((r) => r.rank)).toEqual([4]);
    const page = await h.app.inject({ method: 'GET', url: '/v1/leaderboards/lint?limit=2&offset=2' });
    expect(page.json().items.map((r: Row) => r.rank)).toEqual([2, 4]);
  });

  it("carries each server's points per category (earned of possible over its tools), as the stored result has them", async () => {
    const rows = await board('');
    for (const row of rows) {
      const result = results.get(row.id)!;
      const expected = Object.fromEntries(
        CategoryIdSchema.options.map((c) => {
          const points = result.tools.reduce((s, t) => s + t.categories[c].points, 0);
          const max = result.tools.reduce((s, t) => s + t.categories[c].max, 0);
          return [c, Math.round((1000 * points) / max) / 10];
        }),
      );
      expect(row.categories, row.name).toEqual(expected);
    }
  });

  it('sorts by a category on the server, either way, ties by name', async () => {
    for (const c of CategoryIdSchema.options) {
      const desc = await board(`&sort=${c}&order=desc`);
      const values = desc.map((r) => r.categories[c] ?? -1);
      expect(values, c).toEqual([...values].sort((a, b) => b - a));
      const asc = await board(`&sort=${c}&order=asc`);
      expect(asc.map((r) => r.categories[c] ?? -1), c).toEqual([...values].reverse());
    }
    const usage = await board('&sort=usage&order=desc');
    expect(usage[0]!.id).toBe(ids.best);
    expect(usage.at(-1)!.id).toBe(ids.worst);
  });

  it('refuses an unknown sort key with a 400 naming the query field', async () => {
    const res = await h.app.inject({ method: 'GET', url: '/v1/leaderboards/lint?sort=flavour' });
    expect(res.statusCode).toBe(400);
    expect(res.body).toMatch(/sort/);
  });
});
