// Every route with a server in its path takes the server's id or its slug (the slug is the site's link and
// never changes): reads did, the routes that change or spend took only the id (a slug was a 400). Real
// PostgreSQL, the app through inject.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BASELINE_MODEL_ID, lintSurface, parseSurfaceValue } from '@toolmark/benchmarks';
import { storeLintResult } from '@toolmark/db';
import { bearer, startTestApp, tool, type TestApp } from './helpers.js';

let h: TestApp;
let otherAdmin: string;
let id: string;
const SLUG = 'slug-reached';
const tools = [tool('search_notes', 'Search the notes of the workspace by keyword. Returns up to 20 matches with id and title.')];

beforeAll(async () => {
  h = await startTestApp();
  otherAdmin = (await h.app.inject({ method: 'POST', url: '/v1/organisations', headers: bearer(h.keys.admin), payload: { name: 'Other', slug: 'other-org' } })).json().key;
  const res = await h.app.inject({ method: 'POST', url: '/v1/servers', headers: bearer(h.keys.admin), payload: { name: 'Slug reached', slug: SLUG, source: { kind: 'upload', tools: { tools } } } });
  expect(res.statusCode, res.body).toBe(202);
  id = res.json().server.id;
  await storeLintResult(h.t.db, res.json().server.latestVersionId, await lintSurface(parseSurfaceValue({ tools })));
});
afterAll(async () => h?.close());

const call = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, key?: string, payload?: unknown) =>
  h.app.inject({ method, url, headers: key ? bearer(key) : {}, ...(payload === undefined ? {} : { payload: payload as object }) });

describe('a server named by its slug', () => {
  it('is linted, badged, estimated and read like the same server named by its id', async () => {
    const saved = await call('POST', `/v1/servers/${SLUG}/lint?label=by-slug`, h.keys.ci, { tools });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().version.label).toBe('by-slug');
    const latest = await call('GET', `/v1/servers/${id}/lint/latest`);
    expect(latest.json().version).toMatchObject({ id: saved.json().version.id, label: 'by-slug' });
    expect((await call('GET', `/v1/servers/${SLUG}/lint/latest`)).json()).toEqual(latest.json());

    const badge = await call('GET', `/v1/servers/${SLUG}/badge.svg`);
    expect(badge.statusCode).toBe(200);
    expect(badge.body).toBe((await call('GET', `/v1/servers/${id}/badge.svg`)).body);

    const body = { models: [BASELINE_MODEL_ID] };
    const bySlug = await call('POST', `/v1/servers/${SLUG}/evaluations/estimate`, h.keys.script, body);
    expect(bySlug.statusCode, bySlug.body).toBe(200);
    expect(bySlug.json()).toEqual((await call('POST', `/v1/servers/${id}/evaluations/estimate`, h.keys.script, body)).json());
    expect(bySlug.json().server.id).toBe(id);
    expect((await call('GET', `/v1/servers/${SLUG}/evaluations`, h.keys.script)).json()).toEqual((await call('GET', `/v1/servers/${id}/evaluations`, h.keys.script)).json());

    const cases = await call('GET', `/v1/servers/${SLUG}/failures/cases`, h.keys.admin);
    expect(cases.statusCode, cases.body).toBe(200);
    expect(cases.json()).toEqual((await call('GET', `/v1/servers/${id}/failures/cases`, h.keys.admin)).json());
  });

  it('is edited and deleted by its slug, for its own organisation only', async () => {
    // Another organisation's admin: 403 on a public server, as by id.
    expect((await call('PATCH', `/v1/servers/${SLUG}`, otherAdmin, { name: 'Taken over' })).statusCode).toBe(403);
    const edited = await call('PATCH', `/v1/servers/${SLUG}`, h.keys.admin, { name: 'Renamed by slug' });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({ id, name: 'Renamed by slug', slug: SLUG });
    // A private server's slug is, to another organisation, a slug of no server: the same 404 as an unknown one.
    expect((await call('PATCH', `/v1/servers/${SLUG}`, h.keys.admin, { public: false })).statusCode).toBe(200);
    const hidden = await call('PATCH', `/v1/servers/${SLUG}`, otherAdmin, { name: 'x' });
    const unknown = await call('PATCH', '/v1/servers/no-such-server', otherAdmin, { name: 'x' });
    expect([hidden.statusCode, unknown.statusCode]).toEqual([404, 404]);
    expect(hidden.json().error.code).toBe(unknown.json().error.code);

    const deleted = await call('DELETE', `/v1/servers/${SLUG}`, h.keys.admin);
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect((await call('GET', `/v1/servers/${id}`, h.keys.admin)).statusCode).toBe(404);
  });

  it('answers 404 for a slug of no server and 400 for a path that is neither an id nor a slug, on every route', async () => {
    const routes: [('GET' | 'POST' | 'PATCH' | 'DELETE'), string, string | undefined, unknown][] = [
      ['POST', '/lint', h.keys.ci, { tools }],
      ['POST', '/capture', h.keys.admin, undefined],
      ['PATCH', '', h.keys.admin, { name: 'x' }],
      ['DELETE', '', h.keys.admin, undefined],
      ['POST', '/evaluations/estimate', h.keys.script, {}],
      ['POST', '/evaluations', h.keys.script, {}],
      ['GET', '/badge.svg', undefined, undefined],
      ['GET', '/failures/cases', h.keys.admin, undefined],
    ];
    for (const [method, tail, key, payload] of routes) {
      const missing = await call(method, `/v1/servers/no-such-server${tail}`, key, payload);
      expect([method, tail, missing.statusCode, missing.json().error.code]).toEqual([method, tail, 404, 'not_found']);
      const bad = await call(method, `/v1/servers/Not_A_Slug${tail}`, key, payload);
      expect([method, tail, bad.statusCode]).toEqual([method, tail, 400]);
    }
  });
});
