// The board's `relevance` sort and find_servers rank by one definition (repositories/search.ts,
// `serverRelevance`): a server whose tools are about the query comes before a better-scored one that
// mentions it once; equal relevance falls back to score, then slug; pages are the full order cut in pieces;
// a rare term outweighs a common one; a huge server does not win a sentence by saying everything once.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lintSurface, parseSearchQuery, parseSurfaceValue, surfaceHash } from '@toolmark/benchmarks';
import { createTestDatabase, type TestDatabase } from '@toolmark/db/testing';
import { addVersionIfChanged, createOrganisation, createServer, findServersByText, leaderboard, refreshSearchOf, relevanceQuery, storeLintResult, type BoardSort } from '@toolmark/db';

let t: TestDatabase;
const rules = { id: '', hash: '' };
const scores = new Map<string, number>();

const tool = (name: string, description: string) => ({ name, description, inputSchema: { type: 'object', properties: { id: { type: 'string', description: 'The id of the item, e.g. "a1"' } }, required: ['id'] } });
/** A public server with these tools, linted and indexed for search as registration does. */
async function server(orgId: string, slug: string, name: string, description: string, tools: ReturnType<typeof tool>[]) {
  const s = await createServer(t.db, { name, slug, description, source: 'upload', organisationId: orgId, public: true });
  const surface = parseSurfaceValue({ tools });
  const { version } = await addVersionIfChanged(t.db, { serverId: s.id, surfaceHash: surfaceHash(surface), tools: { tools }, toolCount: tools.length, label: null, origin: 'capture' });
  const result = await lintSurface(surface);
  await storeLintResult(t.db, version.id, result);
  await refreshSearchOf(t.db, s.id);
  Object.assign(rules, result.rules);
  scores.set(slug, result.score ?? -1);
}

/** Many tools about driving a browser, described tersely (a low score). */
const pilotTools = ['navigate', 'click', 'type', 'screenshot', 'scroll', 'back'].map((verb) => tool(`browser_${verb}`, `${verb} in the browser`));
/** Careful descriptions (a high score), one of which mentions a browser once. */
const diagramTools = [
  tool('render_diagram', 'Render a Mermaid diagram to SVG. Use it when the user gives diagram source and wants a picture; use preview_diagram to look at it first. Returns the SVG text and its width and height in pixels.'),
  tool('preview_diagram', 'Open a live preview of a Mermaid diagram in the browser. Use it to show the user a diagram while they edit it; use render_diagram for a file. Returns the preview URL, e.g. "http://localhost:3737/d/a1".'),
];
const twinTools = [tool('browser_open', 'Open a page in the browser.'), tool('notes_read', 'Read a note.')];

beforeAll(async () => {
  t = await createTestDatabase();
  const orgId = (await createOrganisation(t.db, { name: 'R', slug: 'r' })).id;
  await server(orgId, 'pilot', 'Pilot', 'Drives a web browser for agents.', pilotTools);
  await server(orgId, 'diagrams', 'Diagrams', 'Mermaid diagrams for agents.', diagramTools);
  // Identical text: the same relevance and the same score, told apart by slug only.
  await server(orgId, 'twin-b', 'Twin', 'Pages and notes.', twinTools);
  await server(orgId, 'twin-a', 'Twin', 'Pages and notes.', twinTools);
  // "read" is common (every note keeper holds it), "click" rare.
  for (const n of [1, 2, 3, 4]) await server(orgId, `notes-${n}`, `Notes ${n}`, 'Keeps notes.', [tool('read_note', 'Read a note by id.'), tool('read_notes', 'Read every note.'), tool('write_note', 'Write a note.')]);
  // A huge server that says "click" once and "page" in each of a hundred design tools.
  await server(orgId, 'everything', 'Everything', 'A server for everything.', [
    tool('click_button', 'Click a button in a design file.'),
    tool('read_page', 'Read a page of a design file.'),
    ...Array.from({ length: 100 }, (_, i) => tool(`design_op_${i}`, `Design operation ${i}: adjusts layer ${i} on the page with palette swatch gradient kerning ${i} of the canvas frame ${i}.`)),
  ]);
}, 120_000);
afterAll(async () => t?.drop());

const board = (q: string | undefined, sort: BoardSort, extra: { order?: 'asc' | 'desc'; limit?: number; offset?: number } = {}) =>
  leaderboard(t.db, { rulesId: rules.id, rulesHash: rules.hash, search: q, sort, order: extra.order ?? 'desc', limit: extra.limit ?? 100, offset: extra.offset ?? 0 });
const slugs = async (p: ReturnType<typeof board>) => (await p).items.map((i) => i.slug);

describe('the relevance sort', () => {
  it('puts the server whose tools are about the query before a better-scored one that mentions it once; sort=score does not', async () => {
    expect(scores.get('diagrams')).toBeGreaterThan(scores.get('pilot') ?? 100); // the case this sort exists for
    const byRelevance = await slugs(board('browser', 'relevance'));
    expect(byRelevance.indexOf('pilot')).toBeLessThan(byRelevance.indexOf('diagrams'));
    expect(byRelevance[0]).toBe('pilot');
    const byScore = await slugs(board('browser', 'score'));
    expect(byScore.indexOf('diagrams')).toBeLessThan(byScore.indexOf('pilot'));
    expect(new Set(byScore)).toEqual(new Set(byRelevance)); // the same servers match; only the order differs
  });

  it('breaks ties by score, then slug, in either order', async () => {
    for (const order of ['desc', 'asc'] as const) {
      const list = await slugs(board('browser', 'relevance', { order }));
      expect(list.indexOf('twin-a') + 1, order).toBe(list.indexOf('twin-b'));
    }
  });

  it('pages the full order: every page is the next piece, no server twice', async () => {
    for (const q of ['browser', 'note', undefined]) {
      const all = await slugs(board(q, 'relevance'));
      const paged: string[] = [];
      for (let offset = 0; offset < all.length; offset += 2) paged.push(...(await slugs(board(q, 'relevance', { limit: 2, offset }))));
      expect(paged, String(q)).toEqual(all);
      expect(new Set(paged).size).toBe(all.length);
    }
  });

  it('without a search every server is as relevant as another: the score order', async () => {
    const rel = await board(undefined, 'relevance');
    const scoresInOrder = rel.items.map((i) => i.score ?? -1);
    expect(scoresInOrder).toEqual([...scoresInOrder].sort((a, b) => b - a));
  });

  it('find_servers ranks by the same relevance: the same order as the board for the same query', async () => {
    for (const q of ['browser', 'read note']) {
      const found = await findServersByText(t.db, { rulesId: rules.id, rulesHash: rules.hash, query: parseSearchQuery(q), limit: 20 });
      const onBoard = await slugs(board(q, 'relevance'));
      expect(found.servers.map((s) => s.slug).filter((s) => onBoard.includes(s)), q).toEqual(onBoard);
    }
  });

  it('weighs a rare term above a common one, and a huge server does not win a sentence by holding every word once', async () => {
    const r = await relevanceQuery(t.db, parseSearchQuery('read and click'));
    const weight = (label: string) => r.terms.find((x) => x.label === label)!.weight;
    expect(weight('click')).toBeGreaterThan(weight('read'));
    const found = await findServersByText(t.db, { rulesId: rules.id, rulesHash: rules.hash, query: parseSearchQuery('click through browser pages'), limit: 20 });
    const order = found.servers.map((s) => s.slug);
    // "everything" holds click once and page a hundred times; pilot holds click and browser, in a text a tenth as long.
    expect(order.indexOf('pilot')).toBeLessThan(order.indexOf('everything'));
    expect(order).toContain('everything');
  });
});
