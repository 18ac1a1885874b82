// Slow and abusive clients (issue 10 §4), over real sockets on 127.0.0.1 and a real database: request and
// header timeouts, the per-address connection limit, and per-address budgets for failed authentications,
// badges of unknown servers and the site's form posts — with the database's queries counted through
// postgres.js's debug hook, to show that a refused flood costs none.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { connect, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { drizzle } from 'drizzle-orm/postgres-js';
import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiKey, createOrganisation, schema } from '@toolmark/db';
import { createTestDatabase, type TestDatabase } from '@toolmark/db/testing';
import { buildApp } from '../../src/app.js';
import { loadConfig } from '../../src/config.js';
import { DEFAULT_SITE_HANDLER, siteMount } from '../../src/site.js';
import { SITE_TOKEN } from '../../src/site-token.js';
import { bearer, startTestApp, tool, type TestApp } from './helpers.js';

const jobs = { send: async () => 'job' };

/** A raw socket to the app, connected. */
function open(port: number): Promise<Socket> {
  return new Promise((done, fail) => {
    const socket = connect(port, '127.0.0.1', () => done(socket));
    socket.once('error', fail);
  });
}

/** Everything the server sends until it closes the socket, and how long after `since` that was (or `timeout` on a timer). */
function untilClosed(socket: Socket, since: number, timeoutMs = 5_000): Promise<{ text: string; ms: number }> {
  return new Promise((done) => {
    let text = '';
    socket.on('data', (chunk) => (text += chunk.toString('utf8')));
    socket.on('error', () => undefined);
    const timer = setTimeout(() => {
      socket.destroy();
      done({ text, ms: Number.POSITIVE_INFINITY });
    }, timeoutMs);
    socket.once('close', () => {
      clearTimeout(timer);
      done({ text, ms: Date.now() - since });
    });
  });
}

/** One HTTP/1.1 response read off a raw socket (status, lower-case headers, body by content-length). */
function readResponse(socket: Socket): Promise<{ status: number; headers: Record<string, string>; body: string }> {
  return new Promise((done, fail) => {
    let buffer = '';
    const onData = (chunk: Buffer): void => {
      buffer += chunk.toString('utf8');
      const end = buffer.indexOf('\r\n\r\n');
      if (end < 0) return;
      const [statusLine, ...lines] = buffer.slice(0, end).split('\r\n');
      const headers = Object.fromEntries(lines.map((l) => [l.slice(0, l.indexOf(':')).toLowerCase(), l.slice(l.indexOf(':') + 1).trim()]));
      const body = buffer.slice(end + 4);
      if (Buffer.byteLength(body) < Number(headers['content-length'] ?? 0)) return;
      socket.off('data', onData);
      done({ status: Number(statusLine!.split(' ')[1]), headers, body });
    };
    socket.on('data', onData);
    socket.once('close', () => fail(new Error(`closed before a whole response: ${JSON.stringify(buffer)}`)));
  });
}

const get = (path: string, extra = ''): string => `GET ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\n${extra}\r\n`;

describe('timeouts and the per-address connection limit', () => {
  let h: TestApp;
  let port: number;
  beforeAll(async () => {
    h = await startTestApp({ TOOLMARK_HEADERS_TIMEOUT_MS: '300', TOOLMARK_REQUEST_TIMEOUT_MS: '800', TOOLMARK_MAX_CONNECTIONS_PER_ADDRESS: '4' });
    await h.app.listen({ host: '127.0.0.1', port: 0 });
    port = (h.app.server.address() as { port: number }).port;
  });
  afterAll(async () => h?.close());

  it('cuts a body shorter than its Content-Length after the request timeout, with a 408 in the uniform shape', async () => {
    const socket = await open(port);
    const since = Date.now();
    socket.write(`POST /v1/servers HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{"name":"x`);
    const { text, ms } = await untilClosed(socket, since);
    expect(ms).toBeGreaterThanOrEqual(750);
    expect(ms).toBeLessThan(3_000); // 800 ms and the check every 75 ms, with room for a busy machine
    expect(text).toMatch(/^HTTP\/1\.1 408 /);
    const body = JSON.parse(text.slice(text.indexOf('\r\n\r\n') + 4));
    expect(body).toEqual({ error: { code: 'request_timeout', message: expect.stringContaining('800 ms'), detail: { headersTimeoutMs: 300, requestTimeoutMs: 800 } } });
  });

  it('cuts headers that trickle in after the headers timeout', async () => {
    const socket = await open(port);
    const since = Date.now();
    socket.write('GET /health HTTP/1.1\r\nHost: 127.0.0.1\r\n');
    const drip = setInterval(() => socket.writable && socket.write('X-Slow: a\r\n'), 50);
    const { text, ms } = await untilClosed(socket, since);
    clearInterval(drip);
    expect(ms).toBeGreaterThanOrEqual(250);
    expect(ms).toBeLessThan(2_500);
    expect(text).toMatch(/^HTTP\/1\.1 408 /);
    expect(text).toContain('"code":"request_timeout"');
  });

  it('closes a connection that sends nothing after the headers timeout', async () => {
    const socket = await open(port);
    const { ms } = await untilClosed(socket, Date.now());
    expect(ms).toBeLessThan(2_500);
  });

  it('answers a socket over the per-address limit 429 and closes it; the site is let through; a closed socket frees its place', async () => {
    const siteCall = get('/v1/rules', `x-toolmark-site: ${SITE_TOKEN}\r\nx-toolmark-client: 203.0.113.5\r\n`);
    // The site's own connection (its calls carry its token) does not count against loopback's share.
    const firstSite = await open(port);
    firstSite.write(siteCall);
    expect((await readResponse(firstSite)).status).toBe(200);
    // Four keep-alive connections, each idle after one answer (idle sockets wait for the keep-alive timeout, not the headers timeout).
    const held: Socket[] = [];
    for (let i = 0; i < 4; i++) {
      const socket = await open(port);
      socket.write(get('/v1/rules'));
      expect((await readResponse(socket)).status).toBe(200);
      held.push(socket);
    }
    const extra = await open(port);
    const closed = untilClosed(extra, Date.now());
    extra.write(get('/v1/rules'));
    const refused = await readResponse(extra);
    expect(refused.status).toBe(429);
    expect(refused.headers.connection).toBe('close');
    expect(JSON.parse(refused.body)).toEqual({ error: { code: 'too_many_connections', message: expect.stringContaining('the limit is 4'), detail: { limit: 4 } } });
    expect((await closed).ms).toBeLessThan(2_000);

    // One that sends nothing is dropped quickly (the grace is the headers timeout here, 300 ms).
    const silent = await open(port);
    expect((await untilClosed(silent, Date.now())).ms).toBeLessThan(2_000);

    // The site's calls pass on a socket opened over the limit too.
    const site = await open(port);
    site.write(siteCall);
    expect((await readResponse(site)).status).toBe(200);
    site.write(siteCall);
    expect((await readResponse(site)).status).toBe(200);
    site.destroy();
    firstSite.destroy();

    held.pop()!.destroy();
    await new Promise((r) => setTimeout(r, 50));
    const again = await open(port);
    again.write(get('/v1/rules'));
    expect((await readResponse(again)).status).toBe(200);
    for (const s of [...held, again]) s.destroy();
  });
});

describe('per-address budgets for requests without a valid key', () => {
  let t: TestDatabase;
  let sql: postgres.Sql;
  let app: Awaited<ReturnType<typeof buildApp>>;
  let validKey: string;
  let scriptKey: string;
  let newKey: string;
  const queries: string[] = [];
  // The app's clock (it times the key cache); the budgets count in real time.
  let clock = Date.now();
  beforeAll(async () => {
    t = await createTestDatabase(5);
    // The app's own pool, with postgres.js's debug hook: every statement it sends is recorded.
    sql = postgres(t.url, { max: 5, onnotice: () => undefined, debug: (_connection, query) => void queries.push(query) });
    const db = drizzle(sql, { schema, casing: 'snake_case' });
    const config = loadConfig({ TOOLMARK_LOG_LEVEL: 'silent', TOOLMARK_ANON_RATE_LIMIT: '5' });
    app = await buildApp({ database: { db, sql, url: t.url }, jobs, config, logger: false, now: () => new Date(clock) });
    const org = await createOrganisation(t.db, { name: 'Budgets', slug: 'budgets' });
    validKey = (await createApiKey(t.db, { organisationId: org.id, purpose: 'ci', name: 'ci' })).key;
    scriptKey = (await createApiKey(t.db, { organisationId: org.id, purpose: 'script', name: 'script' })).key;
    newKey = (await createApiKey(t.db, { organisationId: org.id, purpose: 'ci', name: 'never used' })).key;
  });
  afterAll(async () => {
    await app?.close();
    await sql?.end({ timeout: 5 });
    await t?.drop();
  });

  const unknownKey = (i: number): string => `tm_ci_${String(i).padStart(32, 'x')}`;

  it('refuses wrong keys with 429 after the anonymous limit, before looking them up; keys seen valid and other addresses are not affected', async () => {
    for (const key of [validKey, scriptKey]) expect((await app.inject({ method: 'GET', url: '/v1/me', headers: bearer(key) })).statusCode).toBe(200);
    const before = queries.length;
    for (let i = 0; i < 5; i++) expect((await app.inject({ method: 'GET', url: '/v1/me', headers: bearer(unknownKey(i)) })).statusCode).toBe(401);
    expect(queries.length - before).toBeGreaterThanOrEqual(5);
    const counted = queries.length;
    for (let i = 5; i < 25; i++) {
      const res = await app.inject({ method: 'GET', url: '/v1/me', headers: bearer(unknownKey(i)) });
      expect(res.statusCode).toBe(429);
      expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
      expect(res.json()).toEqual({ error: { code: 'rate_limited', message: expect.stringContaining('the limit is 5 per minute'), detail: { retryAfterSeconds: expect.any(Number) } } });
    }
    // Malformed headers count too, and are refused the same way.
    expect((await app.inject({ method: 'GET', url: '/v1/me', headers: { authorization: 'Basic abc' } })).statusCode).toBe(429);
    expect(queries.length - counted).toBe(0);
    // A key seen valid still works, also once its cache entry is stale and it is looked up again (revocation);
    // a valid key this process has never seen waits like any unknown key from this address.
    expect((await app.inject({ method: 'GET', url: '/v1/me', headers: bearer(validKey) })).statusCode).toBe(200);
    clock += 6_000;
    const stale = queries.length;
    expect((await app.inject({ method: 'GET', url: '/v1/me', headers: bearer(validKey) })).statusCode).toBe(200);
    expect(queries.length).toBeGreaterThan(stale);
    expect((await app.inject({ method: 'GET', url: '/v1/me', headers: bearer(newKey) })).statusCode).toBe(429);
    // A visitor of the site has their own budget.
    const visitor = { 'x-toolmark-site': SITE_TOKEN, 'x-toolmark-client': '203.0.113.8' };
    expect((await app.inject({ method: 'GET', url: '/v1/me', headers: { ...visitor, ...bearer(unknownKey(99)) } })).statusCode).toBe(401);
  });

  it('refuses badges of unknown servers with 429 after the anonymous limit, before looking them up; cached badges are still served', async () => {
    const reg = await app.inject({ method: 'POST', url: '/v1/servers', headers: bearer(scriptKey), payload: { name: 'Badged', public: true, source: { kind: 'upload', tools: { tools: [tool('a_tool', 'Does a thing for the badge test.')] } } } });
    expect(reg.statusCode, reg.body).toBe(202);
    const known = `/v1/servers/${reg.json().server.id}/badge.svg`;
    expect((await app.inject({ method: 'GET', url: known })).statusCode).toBe(200);
    const unknown = (i: number): string => `/v1/servers/00000000-0000-4000-8000-${String(i).padStart(12, '0')}/badge.svg`;
    const before = queries.length;
    for (let i = 0; i < 5; i++) expect((await app.inject({ method: 'GET', url: unknown(i) })).statusCode).toBe(404);
    expect(queries.length - before).toBe(5);
    for (let i = 5; i < 25; i++) {
      const res = await app.inject({ method: 'GET', url: unknown(i) });
      expect(res.statusCode).toBe(429);
      expect(res.json().error.code).toBe('rate_limited');
      expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    }
    expect(queries.length - before).toBe(5);
    expect((await app.inject({ method: 'GET', url: known })).statusCode).toBe(200);
  });
});

/** A form post to `path` over real HTTP (Origin set, as a browser does), answered with status and body. */
function postForm(base: string, path: string, form: Record<string, string>): Promise<{ status: number; type: string; body: string }> {
  return new Promise((done, fail) => {
    const payload = new URLSearchParams(form).toString();
    const req = httpRequest(`${base}${path}`, {
      method: 'POST',
      agent: false,
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'content-length': Buffer.byteLength(payload), origin: base, accept: 'text/html' },
    });
    req.once('response', (res) => {
      let body = '';
      res.on('data', (c: Buffer) => (body += c.toString('utf8')));
      res.once('end', () => done({ status: res.statusCode ?? 0, type: String(res.headers['content-type'] ?? ''), body }));
    });
    req.once('error', fail);
    req.end(payload);
  });
}

describe('the settings', () => {
  it('default to 10 s for headers, 30 s for a whole request and 64 connections per address; headers may not outlast the request', () => {
    expect(loadConfig({})).toMatchObject({ TOOLMARK_HEADERS_TIMEOUT_MS: 10_000, TOOLMARK_REQUEST_TIMEOUT_MS: 30_000, TOOLMARK_MAX_CONNECTIONS_PER_ADDRESS: 64 });
    expect(loadConfig({ TOOLMARK_MAX_CONNECTIONS_PER_ADDRESS: '0' }).TOOLMARK_MAX_CONNECTIONS_PER_ADDRESS).toBe(0);
    expect(() => loadConfig({ TOOLMARK_HEADERS_TIMEOUT_MS: '20000', TOOLMARK_REQUEST_TIMEOUT_MS: '15000' })).toThrow(/TOOLMARK_HEADERS_TIMEOUT_MS: must not be longer than TOOLMARK_REQUEST_TIMEOUT_MS/);
    expect(() => loadConfig({ TOOLMARK_REQUEST_TIMEOUT_MS: '50' })).toThrow(/TOOLMARK_REQUEST_TIMEOUT_MS/);
  });
});

describe("the site's form posts", () => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await createTestDatabase(5);
  });
  afterAll(async () => t?.drop());

  it('count against the visitor address: past the anonymous limit they get a 429 page before the site sees them', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'toolmark-site-'));
    const handlerPath = join(dir, 'handler.js');
    writeFileSync(handlerPath, `export const handler = (req, res) => { req.resume(); req.on('end', () => { res.writeHead(200, { 'content-type': 'text/html' }); res.end('<p>done</p>'); }); };`);
    const config = loadConfig({ TOOLMARK_LOG_LEVEL: 'silent', PORT: '0', TOOLMARK_ANON_RATE_LIMIT: '3' });
    const app = await buildApp({ database: t, jobs, config, logger: false, site: siteMount({ config, stateDir: dir, log: { error: () => undefined } as never, handlerPath }) });
    const base = await app.listen({ host: '127.0.0.1', port: 0 });
    try {
      for (let i = 0; i < 3; i++) expect((await postForm(base, '/signin', { key: 'x' })).status).toBe(200);
      for (const path of ['/signin', '/submit', '/account?/create']) {
        const res = await postForm(base, path, { key: 'x' });
        expect(res.status).toBe(429);
        expect(res.type).toContain('text/html');
        expect(res.body).toContain('Too many requests');
      }
      // Pages are still served (their API calls have their own limit).
      expect((await fetch(`${base}/`)).status).toBe(200);
    } finally {
      await app.close();
    }
  });

  it('sign-in answers 429, not 500, when the API refuses the key because this address sent too many wrong ones', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'toolmark-site-'));
    const config = loadConfig({ TOOLMARK_LOG_LEVEL: 'silent', PORT: '0', TOOLMARK_ANON_RATE_LIMIT: '3' });
    const app = await buildApp({ database: t, jobs, config, logger: false, site: siteMount({ config, stateDir: dir, log: { error: () => undefined } as never, handlerPath: DEFAULT_SITE_HANDLER }) });
    const base = await app.listen({ host: '127.0.0.1', port: 0 });
    try {
      // Wrong keys straight at the API from this address use up its budget of failed authentications.
      for (let i = 0; i < 3; i++) expect((await fetch(`${base}/v1/me`, { headers: bearer(`tm_ci_${String(i).padStart(32, 'y')}`) })).status).toBe(401);
      const res = await postForm(base, '/signin', { key: `tm_ci_${'z'.repeat(32)}` });
      expect(res.status).toBe(429);
      expect(res.type).toContain('text/html');
    } finally {
      await app.close();
    }
  });
});
