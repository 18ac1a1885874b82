// /mcp's refusals as a JSON-RPC client reads them, over HTTP on loopback against the real app: a batch is
// refused whatever the protocol version (and cannot fan out past the rate limit), every error is a JSON-RPC
// error message with the REST API's status, and a refused key says so in WWW-Authenticate (not OAuth).
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MCP_BODY_LIMIT } from '../../src/api/routes/mcp.js';
import { bearer, startTestApp, type TestApp } from '../api/helpers.js';

let h: TestApp;
let base: URL;
const headers = { 'content-type': 'application/json', accept: 'application/json, text/event-stream' };
const post = (body: string, extra: Record<string, string> = {}) => fetch(base, { method: 'POST', headers: { ...headers, ...extra }, body });
const rpc = (id: number, method: string, params: Record<string, unknown> = {}) => ({ jsonrpc: '2.0', id, method, params });

beforeAll(async () => {
  h = await startTestApp();
  await h.app.listen({ port: 0, host: '127.0.0.1' });
  base = new URL(`http://127.0.0.1:${(h.app.server.address() as AddressInfo).port}/mcp`);
});
afterAll(async () => h?.close());

describe('batches', () => {
  for (const protocol of ['2025-03-26', '2025-06-18', '2025-11-25']) {
    it(`a batch is refused with 400 and one JSON-RPC error, no call of it runs (mcp-protocol-version ${protocol})`, async () => {
      const batch = [rpc(1, 'tools/list'), rpc(2, 'tools/call', { name: 'search_leaderboard', arguments: {} })];
      const res = await post(JSON.stringify(batch), { 'mcp-protocol-version': protocol });
      expect(res.status).toBe(400);
      expect(res.headers.get('content-type')).toMatch(/^application\/json/);
      expect(await res.json()).toEqual({
        jsonrpc: '2.0',
        id: null,
        error: {
          code: -32600,
          message: 'JSON-RPC batches are not supported (MCP dropped them in protocol 2025-06-18): send one message per request',
          data: { code: 'batch_not_supported', status: 400, detail: { messages: 2 } },
        },
      });
    });
  }

  it('every call counts against the rate limit: a refused batch is one unit and runs nothing, then single calls until 429', async () => {
    const limited = await startTestApp({ TOOLMARK_ANON_RATE_LIMIT: '3' });
    try {
      const send = (payload: unknown) => limited.app.inject({ method: 'POST', url: '/mcp', headers, payload: JSON.stringify(payload) });
      const batch = await send(Array.from({ length: 100 }, (_, i) => rpc(i, 'ping')));
      expect(batch.statusCode).toBe(400);
      expect(batch.headers['x-ratelimit-remaining']).toBe('2');
      expect((await send(rpc(1, 'ping'))).statusCode).toBe(200);
      expect((await send(rpc(2, 'ping'))).statusCode).toBe(200);
      const over = await send(rpc(3, 'ping'));
      expect(over.statusCode).toBe(429);
      expect(over.json()).toMatchObject({ jsonrpc: '2.0', id: null, error: { code: -32000, message: expect.stringMatching(/^too many requests: the limit is 3 per minute/), data: { code: 'rate_limited', status: 429 } } });
    } finally {
      await limited.close();
    }
  });
});

describe('every error is JSON-RPC', () => {
  it('invalid JSON: 400 with a -32700 parse error saying where', async () => {
    const res = await post('{"jsonrpc":"2.0","id":1,');
    expect(res.status).toBe(400);
    const body = await res.json();
    expect(body).toMatchObject({ jsonrpc: '2.0', id: null, error: { code: -32700, message: expect.stringMatching(/^the body is not valid JSON/), data: { code: 'invalid_json', status: 400 } } });
  });

  it('an empty body and a key twice in one object: 400, -32700', async () => {
    const empty = await post('');
    expect(empty.status).toBe(400);
    expect(((await empty.json()) as { error: unknown }).error).toMatchObject({ code: -32700, data: { code: 'invalid_json' } });
    const dup = await post('{"jsonrpc":"2.0","id":1,"id":2,"method":"ping"}');
    expect(dup.status).toBe(400);
    expect(await dup.json()).toEqual({
      jsonrpc: '2.0',
      id: null,
      error: { code: -32700, message: 'the key "id" appears twice in one object (at body.id); send it once', data: { code: 'duplicate_key', status: 400, detail: { path: 'body.id', key: 'id', position: expect.any(Number) } } },
    });
  });

  it('a body over the limit: 413, -32600, with the limit', async () => {
    const res = await post(JSON.stringify(rpc(1, 'tools/call', { name: 'lint_surface', arguments: { tools: [{ name: 'x', description: 'y'.repeat(MCP_BODY_LIMIT) }] } })));
    expect(res.status).toBe(413);
    expect(await res.json()).toEqual({
      jsonrpc: '2.0',
      id: null,
      error: { code: -32600, message: 'the request body is over the size limit', data: { code: 'payload_too_large', status: 413, detail: { limit: MCP_BODY_LIMIT } } },
    });
  });

  it('an unknown key: 401, WWW-Authenticate Bearer invalid_token, and the text says toolmark keys, not OAuth', async () => {
    const res = await post(JSON.stringify(rpc(1, 'ping')), bearer('tm_agent_' + 'x'.repeat(32)));
    expect(res.status).toBe(401);
    const challenge = res.headers.get('www-authenticate')!;
    expect(challenge).toMatch(/^Bearer realm="toolmark", error="invalid_token", error_description="[^"]+"$/);
    expect(challenge).toContain('not OAuth');
    const body = (await res.json()) as { error: { message: string } };
    expect(body).toMatchObject({ jsonrpc: '2.0', id: null, error: { code: -32000, data: { code: 'unauthorized', status: 401 } } });
    expect(body.error.message).toMatch(/this endpoint takes toolmark API keys as "Authorization: Bearer <key>" \(an agent key from POST \/v1\/keys\), not OAuth/);
  });

  it('a media type that is not JSON (415, from the body parser or from the SDK transport) and GET (405) are JSON-RPC errors too', async () => {
    const xml = await fetch(base, { method: 'POST', headers: { 'content-type': 'application/xml', accept: headers.accept }, body: '<ping/>' });
    expect(xml.status).toBe(415);
    expect(await xml.json()).toMatchObject({ jsonrpc: '2.0', id: null, error: { code: -32600, data: { code: 'unsupported_media_type', status: 415 } } });
    // text/plain passes Fastify's own parser and reaches the SDK's transport, which answers in JSON-RPC itself.
    const text = await fetch(base, { method: 'POST', headers: { 'content-type': 'text/plain', accept: headers.accept }, body: 'ping' });
    expect(text.status).toBe(415);
    expect(await text.json()).toMatchObject({ jsonrpc: '2.0', id: null, error: { code: -32000, message: expect.stringMatching(/Content-Type/) } });
    const get = await fetch(base, { headers: { accept: 'text/event-stream' } });
    expect(get.status).toBe(405);
    expect(await get.json()).toEqual({ jsonrpc: '2.0', id: null, error: { code: -32600, message: 'this MCP endpoint is stateless: send JSON-RPC messages with POST', data: { code: 'method_not_allowed', status: 405, detail: { allowed: ['POST'] } } } });
  });

  it('a single message still works: ping answers 200 with its id', async () => {
    const res = await post(JSON.stringify(rpc(7, 'ping')));
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ jsonrpc: '2.0', id: 7, result: {} });
  });
});
