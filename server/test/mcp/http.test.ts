// The service's /mcp endpoint driven by the official SDK client (StreamableHTTPClientTransport) against the
// real app listening on 127.0.0.1:0, on a fresh database: the tools offered over http, their answers next
// to the REST routes' for the same data, refusals in the uniform error shape, keys both ways, no private
// server for anyone else, and the REST API's body parser, size limit and rate limit in front of it.
import type { AddressInfo } from 'node:net';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lintSurface, parseSurfaceValue } from '@toolmark/benchmarks';
import { storeLintResult } from '@toolmark/db';
import { compactLint } from '../../src/mcp/compact.js';
import { bearer, startTestApp, tool, type TestApp } from '../api/helpers.js';

let h: TestApp;
let base: URL;
let otherCi: string;
const slugs = { open: '', hidden: '' };
const ids = { open: '', hidden: '' };
const surface = {
  tools: [
    tool('search_notes', 'Search the notes index for entries matching a query. Use this before creating a note. Returns up to 20 notes with id and title.'),
    tool('create_note', 'Create a note with a title and body. Use it only when search_notes found nothing. Returns the new note id.', { title: { type: 'string', description: 'The title.' } }),
  ],
};

async function connect(key?: string): Promise<Client> {
  const client = new Client({ name: 'toolmark-test', version: '1.0.0' });
  await client.connect(new StreamableHTTPClientTransport(base, key ? { requestInit: { headers: bearer(key) } } : {}));
  return client;
}

const call = async (client: Client, name: string, args: Record<string, unknown>) => {
  const res = await client.callTool({ name, arguments: args });
  const text = (res.content as { type: string; text: string }[])[0]!.text;
  const body = JSON.parse(text);
  return { isError: res.isError === true, body };
};

/** A refusal of /mcp is a JSON-RPC error message (id null); toolmark's code and detail are in its data. */
const errorOf = async (res: Response) => {
  const body = (await res.json()) as { jsonrpc: string; id: unknown; error: { code: number; message: string; data: { code: string; status: number; detail?: Record<string, unknown> } } };
  expect(body).toMatchObject({ jsonrpc: '2.0', id: null, error: { code: expect.any(Number), data: { status: res.status } } });
  return { code: body.error.data.code, message: body.error.message, detail: body.error.data.detail ?? {} };
};

beforeAll(async () => {
  h = await startTestApp();
  for (const [name, isPublic] of [['open', true], ['hidden', false]] as const) {
    const res = await h.app.inject({ method: 'POST', url: '/v1/servers', headers: bearer(h.keys.script), payload: { name: `Notes ${name}`, public: isPublic, source: { kind: 'upload', tools: surface } } });
    expect(res.statusCode, res.body).toBe(202);
    const { server } = res.json();
    await storeLintResult(h.t.db, server.latestVersionId, await lintSurface(parseSurfaceValue(surface)));
    slugs[name] = server.slug;
    ids[name] = server.id;
  }
  const other = await h.app.inject({ method: 'POST', url: '/v1/organisations', headers: bearer(h.keys.admin), payload: { name: 'Others', slug: 'others' } });
  otherCi = (await h.app.inject({ method: 'POST', url: '/v1/keys', headers: bearer(other.json().key), payload: { purpose: 'ci', name: 'their CI' } })).json().key;
  await h.app.listen({ port: 0, host: '127.0.0.1' });
  base = new URL(`http://127.0.0.1:${(h.app.server.address() as AddressInfo).port}/mcp`);
});
afterAll(async () => h?.close());

describe('POST /mcp over the SDK client', () => {
  it('offers the http tools only (no evaluation of a configured target, no local files)', async () => {
    const client = await connect();
    const names = (await client.listTools()).tools.map((t) => t.name);
    expect(names).toEqual(expect.arrayContaining(['lint_surface', 'validate_tasks', 'get_server_score', 'search_leaderboard']));
    for (const stdioOnly of ['estimate_evaluation', 'run_evaluation', 'diff_results']) expect(names).not.toContain(stdioOnly);
    expect(client.getServerCapabilities()?.tools).toBeDefined();
    await client.close();
  });

  it('lint_surface answers the compact view of the core\'s lint result, and the whole result with detail', async () => {
    const client = await connect();
    const expected = await lintSurface(parseSurfaceValue(surface));
    expect((await call(client, 'lint_surface', { tools: surface.tools })).body).toEqual(compactLint(expected));
    expect((await call(client, 'lint_surface', { tools: surface.tools, detail: true })).body).toEqual(expected);
    await client.close();
  });

  it('refusals are tool results in the uniform error shape: bad arguments, an unparseable surface', async () => {
    const client = await connect();
    const bad = await call(client, 'lint_surface', { tools: surface.tools, colour: 'red' });
    expect(bad.isError).toBe(true);
    expect(bad.body.error).toMatchObject({ code: 'invalid_arguments', detail: { path: 'arguments' } });
    expect(bad.body.error.message).toContain('"colour"');
    const dup = await call(client, 'lint_surface', { tools: [surface.tools[0], surface.tools[0]] });
    expect(dup).toMatchObject({ isError: true, body: { error: { code: 'duplicate_tool_name' } } });
    await client.close();
  });

  it('get_server_score: a public server by slug, with the same score as GET /v1/servers/{id}/lint/latest', async () => {
    const client = await connect();
    const latest = await h.app.inject({ method: "GET", url: `/v1/servers/${ids.open}/lint/latest` });
    expect(latest.statusCode, latest.body).toBe(200);
    const rest = latest.json();
    const { isError, body } = await call(client, 'get_server_score', { server: slugs.open });
    expect(isError).toBe(false);
    expect(body).toMatchObject({ server: { slug: slugs.open, public: true }, score: rest.score, band: rest.band, surfaceHash: rest.surface.hash });
    expect(body.confusablePairs.total).toBe(rest.confusablePairs.total);
    await client.close();
  });

  it('no private server reaches an anonymous caller or another organisation: the not_found of a slug that does not exist', async () => {
    for (const key of [undefined, otherCi]) {
      const client = await connect(key);
      const hidden = await call(client, 'get_server_score', { server: slugs.hidden });
      const absent = await call(client, 'get_server_score', { server: 'no-such-server' });
      // Hostile text never reaches a query: the REST API's id-or-slug and search rules, as invalid_arguments.
      expect((await call(client, 'get_server_score', { server: 'x\u0000y' })).body.error).toMatchObject({ code: 'invalid_arguments', detail: { path: 'arguments.server' } });
      expect((await call(client, 'search_leaderboard', { query: 'a\u0000' })).body.error).toMatchObject({ code: 'invalid_arguments', detail: { path: 'arguments.query' } });
      expect(hidden.isError).toBe(true);
      expect(hidden.body.error.code).toBe('not_found');
      expect(JSON.stringify(hidden.body).replaceAll(slugs.hidden, 'no-such-server')).toBe(JSON.stringify(absent.body));
      const board = await call(client, 'search_leaderboard', { query: 'notes' });
      expect(board.body.items.map((i: { slug: string }) => i.slug)).toEqual([slugs.open]);
      await client.close();
    }
  });

  it('search_leaderboard ranks what GET /v1/leaderboards/lint ranks', async () => {
    const client = await connect();
    const rest = (await h.app.inject({ method: 'GET', url: '/v1/leaderboards/lint?q=notes' })).json();
    const { body } = await call(client, 'search_leaderboard', { query: 'notes' });
    expect(body.total).toBe(rest.total);
    expect(body.items).toEqual(rest.items.map((i: { rank: number; slug: string; score: number; band: string; toolCount: number }) => expect.objectContaining({ rank: i.rank, slug: i.slug, score: i.score, band: i.band, tools: i.toolCount })));
    await client.close();
  });

  it('validate_tasks over http takes the task set and the tools inline, and never a file', async () => {
    const client = await connect();
    const tasks = ['version: 1', 'tasks:', '  - id: a', '    prompt: "find my note about rust"', '    expected: search_notes', '  - id: b', '    prompt: "what time is it"', '    expected: null'].join('\n');
    const ok = await call(client, 'validate_tasks', { tasks, tools: surface.tools, minCasesPerTool: 1 });
    expect(ok.isError).toBe(false);
    expect(ok.body.counts.tasks).toBe(2);
    const file = await call(client, 'validate_tasks', { tasksFile: '../../etc/passwd', tools: surface.tools });
    expect(file).toMatchObject({ isError: true, body: { error: { code: 'invalid_arguments', detail: { path: 'arguments.tasksFile' } } } });
    await client.close();
  });
});

describe('keys and the REST plugins in front of /mcp', () => {
  it('an agent key works on /mcp and still cannot call the REST API (403 wrong_purpose)', async () => {
    const client = await connect(h.keys.agent);
    expect((await client.listTools()).tools.length).toBeGreaterThan(0);
    await client.close();
    const me = await h.app.inject({ method: 'GET', url: '/v1/me', headers: bearer(h.keys.agent) });
    expect(me.statusCode).toBe(403);
    expect(me.json().error).toMatchObject({ code: 'wrong_purpose', detail: { purpose: 'agent' } });
  });

  it('an unknown key is a 401 (a JSON-RPC error), never anonymous', async () => {
    const res = await fetch(base, { method: 'POST', headers: { ...bearer('tm_agent_' + 'x'.repeat(32)), 'content-type': 'application/json', accept: 'application/json, text/event-stream' }, body: '{}' });
    expect(res.status).toBe(401);
    expect((await errorOf(res)).code).toBe('unauthorized');
  });

  it('the REST body parser and size limit: duplicate keys 400, a body over the limit 413; GET and DELETE 405', async () => {
    const headers = { 'content-type': 'application/json', accept: 'application/json, text/event-stream' };
    const dup = await fetch(base, { method: 'POST', headers, body: '{"jsonrpc":"2.0","jsonrpc":"2.0","id":1,"method":"tools/list"}' });
    expect(dup.status).toBe(400);
    expect((await errorOf(dup)).code).toBe('duplicate_key');
    const big = await fetch(base, { method: 'POST', headers, body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'lint_surface', arguments: { tools: [{ name: 'x', description: 'y'.repeat(1_200_000) }] } } }) });
    expect(big.status).toBe(413);
    expect((await errorOf(big)).code).toBeTypeOf('string');
    for (const method of ['GET', 'DELETE']) {
      const res = await fetch(base, { method, headers: { accept: 'text/event-stream' } });
      expect(res.status).toBe(405);
      expect(res.headers.get('allow')).toBe('POST');
      expect((await errorOf(res)).code).toBe('method_not_allowed');
    }
  });
});

describe('DNS rebinding', () => {
  it('a page of another origin is refused (403 origin_refused); no Origin (an MCP client) and a loopback page on loopback are not', async () => {
    const post = (origin?: string) =>
      fetch(base, { method: 'POST', headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', ...(origin ? { origin } : {}) }, body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'ping' }) });
    const evil = await post('http://evil.example.com');
    expect(evil.status).toBe(403);
    expect((await errorOf(evil))).toMatchObject({ code: 'origin_refused', detail: { origin: 'http://evil.example.com' } });
    expect((await post('null')).status).toBe(403);
    expect((await post()).status).toBe(200);
    expect((await post(`http://localhost:${base.port}`)).status).toBe(200);
  });
});

describe('rate limit', () => {
  it('anonymous calls past the anonymous limit get 429 with Retry-After, as on the REST API', async () => {
    const limited = await startTestApp({ TOOLMARK_ANON_RATE_LIMIT: '3' });
    try {
      const post = () =>
        limited.app.inject({ method: 'POST', url: '/mcp', headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' }, payload: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'ping' }) });
      const answers = [];
      for (let i = 0; i < 4; i++) answers.push(await post());
      expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200, 429]);
      // An answered call says what is left, as a REST answer does (the MCP transport writes the response
      // itself, after the plugins' headers were set on the reply).
      expect(answers.slice(0, 3).map((a) => [a.headers['x-ratelimit-limit'], a.headers['x-ratelimit-remaining']])).toEqual([
        ['3', '2'],
        ['3', '1'],
        ['3', '0'],
      ]);
      const last = await post();
      expect(last.headers['retry-after']).toBeDefined();
      expect(last.json().error).toMatchObject({ code: -32000, data: { code: 'rate_limited', status: 429 } });
    } finally {
      await limited.close();
    }
  });
});
