// The agent's question over the real /mcp endpoint with the official SDK client, on a database seeded with
// toolmark's frozen captures of public servers (playwright, firecrawl, memory, filesystem, …): tools/list
// anonymous shows only what an anonymous caller can call and with an agent key all of it, each with an
// outputSchema that real results satisfy (the SDK client validates structuredContent against it, and so
// does the zod schema here); find_servers finds the browser servers by what they do in English and in
// Japanese; lint_server goes through the registration path (its npm and SSRF policies) and get_job polls it;
// get_model_results reads the models board; query_failures pages and answers in one language; instructions
// per transport. The tokens of tools/list on the wire are printed for the README.
import type { AddressInfo } from 'node:net';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { loadTokenCounter } from '@toolmark/benchmarks';
import { seedDatabase } from '../../src/pipelines/seed.js';
import { INSTRUCTIONS } from '../../src/mcp/register.js';
import { httpTools } from '../../src/mcp/tools/index.js';
import { bearer, startTestApp, type TestApp } from '../api/helpers.js';

let h: TestApp;
let base: URL;

async function connect(key?: string): Promise<Client> {
  const client = new Client({ name: 'toolmark-agent-test', version: '1.0.0' });
  await client.connect(new StreamableHTTPClientTransport(base, key ? { requestInit: { headers: bearer(key) } } : {}));
  return client;
}

/** A tool's answer: its structuredContent, or the refusal's uniform error shape. */
type Answer = { isError: boolean; body: Record<string, unknown> & { error: { code: string; message: string; detail: Record<string, unknown> } } };

/** A call through the SDK client (which checks structuredContent against the listed outputSchema), checked again with the def's zod schema. */
async function call(client: Client, name: string, args: Record<string, unknown>): Promise<Answer> {
  const res = await client.callTool({ name, arguments: args });
  const text = (res.content as { type: string; text: string }[])[0]!.text;
  if (res.isError === true) return { isError: true, body: JSON.parse(text) as Answer['body'] };
  const def = httpTools.find((t) => t.name === name)!;
  expect(def.outputSchema.safeParse(res.structuredContent).error?.issues ?? [], `${name} structuredContent`).toEqual([]);
  expect(JSON.parse(text)).toEqual(res.structuredContent);
  return { isError: false, body: res.structuredContent as Answer['body'] };
}

beforeAll(async () => {
  h = await startTestApp();
  await seedDatabase(h.t);
  await h.app.listen({ port: 0, host: '127.0.0.1' });
  base = new URL(`http://127.0.0.1:${(h.app.server.address() as AddressInfo).port}/mcp`);
}, 120_000);
afterAll(async () => h?.close());

describe('tools/list', () => {
  it('anonymous: only the tools an anonymous caller can call; an agent key: all of them; every tool with an outputSchema; the http instructions', async () => {
    const anonymous = await connect();
    const open = (await anonymous.listTools()).tools;
    expect(anonymous.getInstructions()).toBe(INSTRUCTIONS.http);
    await anonymous.close();
    const agent = await connect(h.keys.agent);
    const all = (await agent.listTools()).tools;
    await agent.close();
    const needsKey = httpTools.filter((t) => t.needs === 'agent-key').map((t) => t.name);
    expect(needsKey.sort()).toEqual(['get_job', 'lint_server', 'query_failures', 'report_failure']);
    expect(open.map((t) => t.name)).toEqual(httpTools.filter((t) => t.needs === undefined).map((t) => t.name));
    expect(all.map((t) => t.name)).toEqual(httpTools.map((t) => t.name));
    for (const t of all) expect(t.outputSchema, t.name).toMatchObject({ type: 'object' });
    // What an agent's context pays for the list: the JSON of tools/list's result as sent, in o200k_base tokens.
    const counter = await loadTokenCounter();
    const wire = (tools: unknown[]) => counter.count(JSON.stringify({ tools }));
    console.log(`tools/list on the wire (o200k_base): anonymous ${open.length} tools ${wire(open)} tokens; agent key ${all.length} tools ${wire(all)} tokens`);
  });
});

describe('find_servers', () => {
  it('"read and click through web pages" and "ブラウザを操作したい" find the browser servers with scores, security, matching tools and an install snippet', async () => {
    const client = await connect();
    for (const query of ['read and click through web pages', 'ブラウザを操作したい']) {
      const res = await call(client, 'find_servers', { query });
      expect(res.isError, JSON.stringify(res.body)).toBe(false);
      const servers = res.body.servers as { slug: string; score: number; band: string; security: string; matchingTools: string[]; install: { command: string; args: string[] } | null; page: string }[];
      console.log(`find_servers ${JSON.stringify(query)} → terms ${JSON.stringify(res.body.terms)}: ${servers.map((s) => `${s.slug} ${s.score} ${s.band} ${s.security} [${s.matchingTools.join(', ')}]`).join('; ')}`);
      // playwright drives a browser and firecrawl scrapes pages: the two web servers among the seeded
      // captures, found by their tools' text (neither name says "web" or "page"); memory and filesystem,
      // which only "read", are left out.
      const playwright = servers.find((s) => s.slug === 'playwright');
      expect(playwright, query).toBeDefined();
      expect(servers.indexOf(playwright!), query).toBeLessThan(2);
      expect(playwright!.matchingTools.some((t) => t.startsWith('browser_'))).toBe(true);
      expect(playwright!.install).toEqual({ command: 'npx', args: ['-y', expect.stringMatching(/^@playwright\/mcp@/)] });
      expect(playwright!.page).toMatch(/\/servers\/playwright$/);
      expect(servers.map((s) => s.slug)).not.toContain('memory');
      expect(servers.map((s) => s.slug)).not.toContain('filesystem');
      if (query.startsWith('read')) expect(servers.map((s) => s.slug).slice(0, 2).sort()).toEqual(['firecrawl', 'playwright']);
    }
    // A query of no content words finds nothing rather than everything; hostile text is only text.
    expect((await call(client, 'find_servers', { query: 'the and of' })).body).toEqual({ terms: [], servers: [] });
    expect((await call(client, 'find_servers', { query: "'; DROP TABLE servers; -- & | ! :*" })).isError).toBe(false);
    expect((await call(client, 'find_servers', { query: 'knowledge graph memory' })).body.servers).toEqual(expect.arrayContaining([expect.objectContaining({ slug: 'memory' })]));
    await client.close();
  });
});

describe('the other read tools satisfy their outputSchema with real results', () => {
  it('lint_surface (compact and detail), get_server_score, search_leaderboard, get_model_results, validate_tasks', async () => {
    const client = await connect();
    const tools = [{ name: 'get_note', description: 'Get one note by id. Use it when you know the id. Returns the title and body.', inputSchema: { type: 'object', properties: { id: { type: 'string', description: 'The note id, e.g. n_1.' } }, required: ['id'] } }];
    expect((await call(client, 'lint_surface', { tools })).isError).toBe(false);
    expect((await call(client, 'lint_surface', { tools, detail: true })).body).toMatchObject({ schemaVersion: 1 });
    expect((await call(client, 'get_server_score', { server: 'playwright' })).body).toMatchObject({ server: { slug: 'playwright' } });
    expect((await call(client, 'get_server_score', { server: 'memory', detail: true })).body).toMatchObject({ result: { schemaVersion: 1 } });
    expect(((await call(client, 'search_leaderboard', { limit: 3 })).body.items as unknown[]).length).toBe(3);
    expect((await call(client, 'get_model_results', {})).body).toMatchObject({ board: 'models', model: null });
    expect((await call(client, 'get_model_results', { model: 'lexical/baseline' })).isError).toBe(false);
    const tasks = 'version: 1\ntasks:\n  - id: a\n    prompt: show note n_1\n    expected: get_note\n';
    expect((await call(client, 'validate_tasks', { tasks, tools })).body).toMatchObject({ ok: false });
    await client.close();
    // The first lint starts the CPU pool's threads (the tokenizer loads in each): slow on a loaded machine.
  }, 180_000);
});

describe('lint_server and get_job (agent key)', () => {
  it('refuses anonymous callers; a private URL is refused by the SSRF policy, an npm package while npm capture is off; a public URL is queued and polled', async () => {
    const anonymous = await connect();
    expect((await call(anonymous, 'lint_server', { url: 'https://example.com/mcp' })).body.error.code).toBe('unauthorized');
    await anonymous.close();
    const agent = await connect(h.keys.agent);
    expect((await call(agent, 'lint_server', {})).body.error).toMatchObject({ code: 'invalid_arguments' });
    const privateUrl = await call(agent, 'lint_server', { url: 'http://127.0.0.1:9/mcp' });
    expect(privateUrl.isError).toBe(true);
    expect(privateUrl.body.error.detail).toMatchObject({ path: 'arguments.url' });
    expect((await call(agent, 'lint_server', { package: '@modelcontextprotocol/server-memory' })).body.error.code).toBe('npm_capture_disabled');
    const jobsBefore = h.sent.length;
    const queued = await call(agent, 'lint_server', { url: 'https://mcp.example.com/mcp' });
    expect(queued.body).toMatchObject({ status: 'queued', reused: false, lint: null });
    expect(h.sent.slice(jobsBefore).map((j) => j.queue)).toEqual(['capture-server']);
    const job = queued.body.job as string;
    expect((await call(agent, 'lint_server', { url: 'https://mcp.example.com/mcp' })).body).toMatchObject({ job, reused: true });
    expect((await call(agent, 'get_job', { job })).body).toMatchObject({ job, status: 'queued' });
    // Another organisation's job is not found, as its private server is.
    const other = await h.app.inject({ method: 'POST', url: '/v1/organisations', headers: bearer(h.keys.admin), payload: { name: 'Other', slug: 'other-agents' } });
    const otherAgent = (await h.app.inject({ method: 'POST', url: '/v1/keys', headers: bearer(other.json().key), payload: { purpose: 'agent', name: 'a' } })).json().key;
    const stranger = await connect(otherAgent);
    expect((await call(stranger, 'get_job', { job })).body.error.code).toBe('not_found');
    await stranger.close();
    // The server is private to the agent's organisation: not on the board, not found by anyone else.
    const anon = await connect();
    expect((await call(anon, 'get_server_score', { server: job })).body.error.code).toBe('not_found');
    await anon.close();
    await agent.close();
  });
});

describe('query_failures pages', () => {
  it('limit and offset page the confusions; each fix in the one language asked for', async () => {
    const schema = z.strictObject(httpTools.find((t) => t.name === 'query_failures')!.inputSchema);
    expect(schema.parse({ server: 'memory' })).toMatchObject({ limit: 10, offset: 0, language: 'en' });
    expect(schema.safeParse({ server: 'memory', limit: 51 }).success).toBe(false);
    const agent = await connect(h.keys.agent);
    const res = await call(agent, 'query_failures', { server: 'memory', language: 'ja', limit: 1 });
    expect(res.body).toMatchObject({ total: 0, offset: 0, language: 'ja', confusions: [] });
    await agent.close();
  });
});
