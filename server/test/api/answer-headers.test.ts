// The low items of issue 23 §7 on a real database and the real site: 304s without a body's headers, weak
// If-None-Match, nosniff on every answer (JSON, errors, the CLI tarball, the site's /_app assets), the API
// reference's policy, the site's 503 pages with Retry-After, and reserved slugs.
import { mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lintSurface, parseSurfaceValue } from '@toolmark/benchmarks';
import { storeLintResult } from '@toolmark/db';
import { ifNoneMatch } from '../../src/api/conditional.js';
import { buildApp } from '../../src/app.js';
import { loadConfig } from '../../src/config.js';
import { siteMount } from '../../src/site.js';
import { bearer, startTestApp, tool, type TestApp } from './helpers.js';

let h: TestApp;
let serverId: string;
beforeAll(async () => {
  h = await startTestApp();
  const tools = [tool('search_notes', 'Search the notes of the workspace by keyword. Returns up to 20 matches.')];
  const res = await h.app.inject({ method: 'POST', url: '/v1/servers', headers: bearer(h.keys.admin), payload: { name: 'Badged', source: { kind: 'upload', tools: { tools } } } });
  serverId = res.json().server.id;
  await storeLintResult(h.t.db, res.json().server.latestVersionId, await lintSurface(parseSurfaceValue({ tools })));
});
afterAll(async () => h?.close());

const get = (url: string, headers: Record<string, string> = {}) => h.app.inject({ method: 'GET', url, headers });

describe('conditional GETs', () => {
  it('the weak comparison of RFC 9110: W/"x" matches "x" and the other way round; lists and * too', () => {
    expect(ifNoneMatch('"x"', '"x"')).toBe(true);
    expect(ifNoneMatch('W/"x"', '"x"')).toBe(true);
    expect(ifNoneMatch('"x"', 'W/"x"')).toBe(true);
    expect(ifNoneMatch('"a", W/"x" ,"b"', '"x"')).toBe(true);
    expect(ifNoneMatch('*', '"x"')).toBe(true);
    expect(ifNoneMatch('"y", W/"xx"', '"x"')).toBe(false);
    expect(ifNoneMatch('x', '"x"')).toBe(false);
    expect(ifNoneMatch(undefined, '"x"')).toBe(false);
  });

  for (const [what, url] of [
    ['the badge', () => `/v1/servers/${serverId}/badge.svg`],
    ['the CLI tarball', () => '/cli/toolmark.tgz'],
  ] as const) {
    it(`${what}: a 304 for its ETag, strong or weak, without content-type or content-length; a 200 otherwise`, async () => {
      const first = await get(url());
      expect(first.statusCode).toBe(200);
      const etag = first.headers.etag as string;
      expect(etag).toMatch(/^"/);
      for (const tag of [etag, `W/${etag}`, `"other", W/${etag}`]) {
        const again = await get(url(), { 'if-none-match': tag });
        expect(again.statusCode, tag).toBe(304);
        expect(again.headers['content-type'], tag).toBeUndefined();
        expect(again.headers['content-length'], tag).toBeUndefined();
        expect(again.body).toBe('');
        expect(again.headers.etag).toBe(etag);
        expect(again.headers['x-content-type-options']).toBe('nosniff');
      }
      expect((await get(url(), { 'if-none-match': '"other"' })).statusCode).toBe(200);
    });
  }
});

describe('nosniff and the API reference', () => {
  it('every JSON answer, error, the router\'s own 400, the tarball and /health say nosniff', async () => {
    for (const res of [await get('/v1/rules'), await get('/health'), await get('/v1/servers/00000000-0000-4000-8000-000000000000'), await get('/v1/%zz'), await get('/cli/toolmark.tgz'), await h.app.inject({ method: 'POST', url: '/v1/keys', payload: {} })]) {
      expect(res.headers['x-content-type-options'], `${res.statusCode} ${res.body.slice(0, 80)}`).toBe('nosniff');
    }
  });

  it('/v1/docs: a CSP allowing its inline style only, frame-ancestors none, nosniff', async () => {
    const docs = await get('/v1/docs');
    expect(docs.statusCode).toBe(200);
    const csp = docs.headers['content-security-policy'] as string;
    expect(csp).toContain("default-src 'none'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("style-src 'unsafe-inline'");
    expect(docs.headers['x-content-type-options']).toBe('nosniff');
    expect(docs.headers['x-frame-options']).toBe('DENY');
  });
});

describe('the site (web/build)', () => {
  it('/_app assets and pages say nosniff; a 503 page (the API away) carries Retry-After', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'toolmark-site-headers-'));
    const config = loadConfig({ TOOLMARK_LOG_LEVEL: 'silent', PORT: '0' });
    const app = await buildApp({ database: h.t, jobs: { send: async () => 'job' }, config, logger: false, site: siteMount({ config, stateDir: dir, log: { error: () => undefined } as never }) });
    const address = await app.listen({ host: '127.0.0.1', port: 0 });
    const saved = process.env.TOOLMARK_API_URL;
    try {
      const page = await fetch(`${address}/`);
      expect(page.status).toBe(200);
      expect(page.headers.get('x-content-type-options')).toBe('nosniff');
      const asset = readdirSync(resolve(import.meta.dirname, '..', '..', '..', 'web', 'build', 'client', '_app', 'immutable', 'entry'))[0]!;
      const js = await fetch(`${address}/_app/immutable/entry/${asset}`);
      expect(js.status).toBe(200);
      expect(js.headers.get('x-content-type-options')).toBe('nosniff');
      // The site reads the API's address on every call: point it at a port nobody listens on.
      process.env.TOOLMARK_API_URL = 'http://127.0.0.1:9';
      const away = await fetch(`${address}/`);
      expect(away.status).toBe(503);
      expect(away.headers.get('retry-after')).toBe('2');
      expect(away.headers.get('x-content-type-options')).toBe('nosniff');
    } finally {
      process.env.TOOLMARK_API_URL = saved;
      await app.close();
    }
  });
});

describe('reserved slugs', () => {
  const register = (body: Record<string, unknown>) => h.app.inject({ method: 'POST', url: '/v1/servers', headers: bearer(h.keys.admin), payload: { source: { kind: 'upload', tools: { tools: [] } }, ...body } });

  it('an explicit one is a 400 naming body.slug, for servers and organisations', async () => {
    for (const slug of ['admin', 'new', 'v1', 'ja', 'en', 'servers', 'api', 'datasets', 'models', 'edit']) {
      const res = await register({ name: `Asks ${slug}`, slug });
      expect(res.statusCode, slug).toBe(400);
      expect(res.json().error).toMatchObject({ code: 'invalid_request', detail: { path: 'body.slug' } });
      expect(res.json().error.message).toContain('is reserved');
    }
    const org = await h.app.inject({ method: 'POST', url: '/v1/organisations', headers: bearer(h.keys.admin), payload: { name: 'Admins', slug: 'admin' } });
    expect(org.statusCode).toBe(400);
    expect(org.json().error.detail.path).toBe('body.slug');
  });

  it('a derived one is skipped: "Admin" becomes admin-2, "New" new-2; a path with a reserved slug is a plain 404', async () => {
    expect((await register({ name: 'Admin' })).json().server.slug).toBe('admin-2');
    expect((await register({ name: 'New' })).json().server.slug).toBe('new-2');
    expect((await register({ name: 'V1' })).json().server.slug).toBe('v1-2');
    expect((await get('/v1/servers/admin')).statusCode).toBe(404);
  });
});
