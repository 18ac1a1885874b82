// Slow and abusive clients (issue 10 §4), over real sockets on 127.0.0.1 and a real database: request and
// header timeouts and the per-address connection limit.
import { connect, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.js';
import { SITE_TOKEN } from '../../src/site-token.js';
import { startTestApp, type TestApp } from './helpers.js';

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

describe('the settings', () => {
  it('default to 10 s for headers, 30 s for a whole request and 64 connections per address; headers may not outlast the request', () => {
    expect(loadConfig({})).toMatchObject({ TOOLMARK_HEADERS_TIMEOUT_MS: 10_000, TOOLMARK_REQUEST_TIMEOUT_MS: 30_000, TOOLMARK_MAX_CONNECTIONS_PER_ADDRESS: 64 });
    expect(loadConfig({ TOOLMARK_MAX_CONNECTIONS_PER_ADDRESS: '0' }).TOOLMARK_MAX_CONNECTIONS_PER_ADDRESS).toBe(0);
    expect(() => loadConfig({ TOOLMARK_HEADERS_TIMEOUT_MS: '20000', TOOLMARK_REQUEST_TIMEOUT_MS: '15000' })).toThrow(/TOOLMARK_HEADERS_TIMEOUT_MS: must not be longer than TOOLMARK_REQUEST_TIMEOUT_MS/);
    expect(() => loadConfig({ TOOLMARK_REQUEST_TIMEOUT_MS: '50' })).toThrow(/TOOLMARK_REQUEST_TIMEOUT_MS/);
  });
});
