// Importing from an MCP Registry: a fake registry on 127.0.0.1 that answers `/v0.1/servers` as the
// registry's OpenAPI document (version 2025-12-01) describes it — ServerList with ServerResponse items,
// `metadata.nextCursor`, `limit` — and the app through inject on a fresh real database.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, startTestApp, type TestApp } from '../api/helpers.js';

const entry = (name: string, extra: Record<string, unknown>) => ({
  server: { $schema: 'https://static.modelcontextprotocol.io/schemas/2025-12-11/server.schema.json', name, description: `The ${name} server`, version: '1.0.0', ...extra },
  _meta: { 'io.modelcontextprotocol.registry/official': { status: 'active', isLatest: true, publishedAt: '2025-11-01T00:00:00Z', updatedAt: '2025-11-01T00:00:00Z' } },
});
const ENTRIES = [
  entry('io.github.example/memory', { title: 'Memory', packages: [{ registryType: 'npm', registryBaseUrl: 'https://registry.npmjs.org', identifier: '@modelcontextprotocol/server-memory', version: '2026.8.31', transport: { type: 'stdio' } }] }),
  entry('com.example/weather', { repository: { url: 'https://github.com/example/weather', source: 'github' }, remotes: [{ type: 'streamable-http', url: 'https://mcp.weather.example.com/mcp' }] }),
  entry('io.github.example/pyonly', { packages: [{ registryType: 'pypi', identifier: 'example-mcp', version: '0.1.0', transport: { type: 'stdio' } }] }),
  entry('com.example/templated', { remotes: [{ type: 'sse', url: 'https://{tenant}.example.com/sse' }] }),
];

let registry: Server;
let base = '';
const requests: string[] = [];
let h: TestApp;
let closed: TestApp;

beforeAll(async () => {
  registry = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    requests.push(`${url.pathname}${url.search}`);
    if (url.pathname !== '/v0.1/servers') {
      res.writeHead(404, { 'content-type': 'application/json' }).end('{"error":"not found"}');
      return;
    }
    const start = Number(url.searchParams.get('cursor') ?? '0');
    const limit = Math.min(2, Number(url.searchParams.get('limit') ?? '30'));
    const servers = ENTRIES.slice(start, start + limit);
    const next = start + limit < ENTRIES.length ? String(start + limit) : undefined;
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ servers, metadata: { count: servers.length, ...(next ? { nextCursor: next } : {}) } }));
  });
  await new Promise<void>((resolve) => registry.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(registry.address() as AddressInfo).port}`;
  h = await startTestApp({ TOOLMARK_ALLOW_PRIVATE_URLS: 'true', TOOLMARK_ALLOW_NPM_CAPTURE: 'on' });
  closed = await startTestApp({ TOOLMARK_ALLOW_PRIVATE_URLS: 'false' });
}, 120_000);
afterAll(async () => {
  await h?.close();
  await closed?.close();
  await new Promise((resolve) => registry?.close(resolve));
});

describe('POST /v1/registry/imports', () => {
  it('reads every page by cursor and registers the npm and URL entries, each with a capture job', async () => {
    const res = await h.app.inject({ method: 'POST', url: '/v1/registry/imports', headers: bearer(h.keys.admin), payload: { url: base } });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.read).toBe(4);
    expect(requests.filter((r) => r.startsWith('/v0.1/servers')).length).toBe(2);
    expect(body.registered.map((r: { name: string; source: string }) => [r.name, r.source])).toEqual([
      ['io.github.example/memory', 'npm'],
      ['com.example/weather', 'url'],
    ]);
    expect(body.skipped.map((s: { name: string }) => s.name)).toEqual(['io.github.example/pyonly', 'com.example/templated']);
    expect(h.sent.filter((j) => j.queue === 'capture-server').length).toBe(2);
    const server = await h.app.inject({ method: 'GET', url: `/v1/servers/${body.registered[0].slug}`, headers: bearer(h.keys.admin) });
    expect(server.json().server).toMatchObject({ source: 'npm', sourcePackage: '@modelcontextprotocol/server-memory@2026.8.31' });
    // A second import registers nothing twice.
    const again = (await h.app.inject({ method: 'POST', url: '/v1/registry/imports', headers: bearer(h.keys.admin), payload: { url: base } })).json();
    expect(again.registered).toEqual([]);
    expect(again.skipped.filter((s: { reason: string }) => s.reason.startsWith('conflict')).length).toBe(2);
  });

  it('imports one server.json, and refuses a bad one naming the field', async () => {
    const one = await h.app.inject({ method: 'POST', url: '/v1/registry/imports', headers: bearer(h.keys.admin), payload: { serverJson: { ...entry('io.github.example/other', { remotes: [{ type: 'streamable-http', url: 'https://other.example.com/mcp' }] }).server } } });
    expect(one.statusCode, one.body).toBe(200);
    expect(one.json().registered).toHaveLength(1);
    const bad = await h.app.inject({ method: 'POST', url: '/v1/registry/imports', headers: bearer(h.keys.admin), payload: { serverJson: { name: 'x/y', version: '1' } } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.message).toMatch(/description/);
  });

  it('reads no private address unless the operator allows it, and only admin keys import', async () => {
    const res = await closed.app.inject({ method: 'POST', url: '/v1/registry/imports', headers: bearer(closed.keys.admin), payload: { url: base } });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('address_refused');
    const script = await h.app.inject({ method: 'POST', url: '/v1/registry/imports', headers: bearer(h.keys.script), payload: { url: base } });
    expect(script.statusCode).toBe(403);
  });
});
