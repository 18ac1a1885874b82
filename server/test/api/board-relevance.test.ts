// GET /v1/leaderboards/lint with a search sorts by relevance unless a sort is named; without a search by
// score. The MCP tool search_leaderboard takes the same path. Real PostgreSQL (its own database), the app
// through inject, servers registered by upload (registration indexes them for search).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { storeLintResult } from '@toolmark/db';
import { lintSurface, parseSurfaceValue } from '@toolmark/benchmarks';
import { bearer, startTestApp, tool, type TestApp } from './helpers.js';

let h: TestApp;
const scores = new Map<string, number>();

type Row = { name: string; score: number };
const names = async (query: string) => {
  const res = await h.app.inject({ method: 'GET', url: `/v1/leaderboards/lint?limit=100${query}` });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { items: Row[] }).items.map((i) => i.name);
};

async function upload(name: string, description: string, list: unknown[]) {
  const res = await h.app.inject({ method: 'POST', url: '/v1/servers', headers: bearer(h.keys.admin), payload: { name, description, source: { kind: 'upload', tools: { tools: list } } } });
  expect(res.statusCode, res.body).toBe(202);
  const result = await lintSurface(parseSurfaceValue({ tools: list }));
  await storeLintResult(h.t.db, res.json().server.latestVersionId, result);
  scores.set(name, result.score ?? -1);
}

beforeAll(async () => {
  h = await startTestApp();
  // Careful descriptions (a high score), one browser mention; terse browser tools (a low score).
  await upload('Diagram preview', 'Mermaid diagrams.', [
    tool('render_diagram', 'Render a Mermaid diagram to SVG. Use it when the user gives diagram source and wants a picture; use preview_diagram to look at it first. Returns the SVG text and its size in pixels.'),
    tool('preview_diagram', 'Open a live preview of a Mermaid diagram in the browser. Use it while the user edits; use render_diagram for a file. Returns the preview URL, e.g. "http://localhost:3737/d/a1".'),
  ]);
  await upload('Pilot', 'Drives a web browser.', ['navigate', 'click', 'type', 'screenshot'].map((verb) => ({ name: `browser_${verb}`, description: `${verb} in the browser`, inputSchema: { type: 'object' } })));
}, 120_000);
afterAll(async () => h?.close());

describe('the board with a search', () => {
  it('sorts by relevance by default when q is given: the browser tools before the better-scored server that mentions a browser once', async () => {
    expect(scores.get('Diagram preview')).toBeGreaterThan(scores.get('Pilot') ?? 100);
    expect(await names('&q=browser')).toEqual(['Pilot', 'Diagram preview']);
    expect(await names('&q=browser&sort=relevance')).toEqual(['Pilot', 'Diagram preview']);
  });

  it('a named sort wins over the default, and without q the default is score', async () => {
    expect(await names('&q=browser&sort=score')).toEqual(['Diagram preview', 'Pilot']);
    expect(await names('&q=browser&sort=name')).toEqual(['Diagram preview', 'Pilot']);
    expect(await names('')).toEqual(['Diagram preview', 'Pilot']);
  });

  it('refuses an unknown sort with a 400 naming the field', async () => {
    const res = await h.app.inject({ method: 'GET', url: '/v1/leaderboards/lint?q=browser&sort=best' });
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain('sort');
  });
});
