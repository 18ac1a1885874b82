// Where the site sends a visitor back to: the sign-in's `next` and the language switch's `back` lead only to
// paths of this site. The real site (web/build, made by `npm run build`) mounted in the app, over HTTP on
// 127.0.0.1: a TAB in `back` gave `Location: /\t/127.0.0.1:…` (browsers drop the TAB: another host), CR or
// LF gave a 500 page.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.js';
import { loadConfig } from '../../src/config.js';
import { siteMount } from '../../src/site.js';
import { startTestApp, type TestApp } from './helpers.js';

let h: TestApp;
let site: FastifyInstance;
let address: string;
beforeAll(async () => {
  h = await startTestApp();
  const config = loadConfig({ TOOLMARK_LOG_LEVEL: 'silent', PORT: '0', TOOLMARK_READ_CACHE_MS: '0' });
  const stateDir = mkdtempSync(join(tmpdir(), 'toolmark-site-redirects-'));
  site = await buildApp({ database: h.t, jobs: { send: async () => 'job' }, config, logger: false, site: siteMount({ config, stateDir, log: { error: () => undefined } as never }) });
  address = await site.listen({ host: '127.0.0.1', port: 0 });
});
afterAll(async () => {
  await site?.close();
  await h?.close();
});

const form = (fields: Record<string, string>) => ({
  method: 'POST',
  redirect: 'manual' as const,
  // As a browser posts a form without JavaScript (kit answers JSON to anything that does not accept HTML).
  headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'text/html', origin: address },
  body: new URLSearchParams(fields).toString(),
});

// Each of these left the site or broke the answer; every one must go to "/".
const hostile = [
  '/\t/127.0.0.1:9/',
  '/\n/127.0.0.1:9/',
  '/\r\nSet-Cookie: tm_lang=xx',
  '\t//127.0.0.1:9/',
  '//127.0.0.1:9/',
  '/\\127.0.0.1:9/',
  '/\t\\127.0.0.1:9/',
  'https://127.0.0.1:9/',
  'javascript:alert(1)',
  ' /servers',
  '/servers\u0000',
  '/servers\u0085',
  '',
];

describe('POST /lang back=', () => {
  it('goes back to a path of this site, and to / for anything else', async () => {
    for (const back of hostile) {
      // Japanese goes to the Japanese home page, English to the home page: never anywhere else.
      const res = await fetch(`${address}/lang`, form({ lang: 'ja', back }));
      expect(res.status, JSON.stringify(back)).toBe(303);
      expect(res.headers.get('location'), JSON.stringify(back)).toBe('/ja');
      const en = await fetch(`${address}/lang`, form({ lang: 'en', back }));
      expect(en.headers.get('location'), JSON.stringify(back)).toBe('/');
    }
    // A Japanese path's prefix never leaves a second slash in front (`//host` is another site).
    for (const back of ['/ja//evil.example', '/ja///evil.example/x', '/ja/\\evil.example']) {
      const res = await fetch(`${address}/lang`, form({ lang: 'en', back }));
      expect(res.headers.get('location'), back).toMatch(/^\/(?![/\\])/);
    }
    for (const [back, location] of [
      ['/servers/abc?sort=name&order=asc', '/servers/abc?sort=name&order=asc'],
      ['/findings#no_description', '/findings#no_description'],
      // Not ASCII: written percent-encoded (a raw character over U+00FF in a header was a 500).
      ['/?q=日本', '/?q=%E6%97%A5%E6%9C%AC'],
      // A Japanese page's path loses its /ja in English.
      ['/ja/findings?rules=v2', '/findings?rules=v2'],
      ['/ja', '/'],
    ]) {
      const res = await fetch(`${address}/lang`, form({ lang: 'en', back: back! }));
      expect(res.status, back).toBe(303);
      expect(res.headers.get('location'), back).toBe(location);
    }
    // Japanese puts the page under /ja, once.
    for (const [back, location] of [
      ['/servers/abc?sort=name', '/ja/servers/abc?sort=name'],
      ['/ja/findings', '/ja/findings'],
      ['/', '/ja'],
    ]) {
      const res = await fetch(`${address}/lang`, form({ lang: 'ja', back: back! }));
      expect(res.headers.get('location'), back).toBe(location);
    }
  });
});

describe('sign-in next=', () => {
  it('the form carries only a path of this site', async () => {
    for (const next of hostile.filter((n) => n !== '')) {
      const page = await fetch(`${address}/signin?next=${encodeURIComponent(next)}`);
      expect(page.status, JSON.stringify(next)).toBe(200);
      expect(await page.text(), JSON.stringify(next)).toMatch(/<input type="hidden" name="next" value="\/"/);
    }
    const kept = await fetch(`${address}/signin?next=${encodeURIComponent('/submit')}`);
    expect(await kept.text()).toMatch(/<input type="hidden" name="next" value="\/submit"/);
  });

  it('after signing in, redirects only to a path of this site', async () => {
    for (const next of ['/\t/127.0.0.1:9/', '/\r\nSet-Cookie: x=1', '//127.0.0.1:9/']) {
      const res = await fetch(`${address}/signin`, form({ key: h.keys.ci, next }));
      expect(res.status, JSON.stringify(next)).toBe(303);
      expect(res.headers.get('location'), JSON.stringify(next)).toBe('/');
    }
    const ok = await fetch(`${address}/signin`, form({ key: h.keys.ci, next: '/account' }));
    expect(ok.headers.get('location')).toBe('/account');
  });
});
