// Record what an agent sees on toolmark's /mcp, with the official MCP SDK client, and write it as Markdown
// (docs/agents.md is this script's output): the handshake, tools/list anonymous and with an agent key and
// their token cost on the wire, find_servers for "read and click through web pages" and
// "ブラウザを操作したい", get_server_score of the first server found, lint_server of a small MCP server this
// script serves on 127.0.0.1 polled with get_job until scored, and the answers to a JSON-RPC batch and to
// a body over the size limit.
//
//   node server/scripts/agent-transcript.mjs --database-url postgres://postgres@127.0.0.1:5432/<new db> [--port 4310] [--out docs/agents.md]
//     starts the real service (`server/dist/start.js`, build first) on a database this script creates and
//     drops, with TOOLMARK_ALLOW_PRIVATE_URLS=1 so lint_server may reach the loopback server; the agent key
//     is made with the first admin key the service writes on its first start.
//   node server/scripts/agent-transcript.mjs --url http://127.0.0.1:3000 --key <agent key> [--out <file>]
//     records against a service already running (it must allow private URLs for the lint step to score).
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import process from 'node:process';
import { setTimeout, clearTimeout } from 'node:timers';
import { fileURLToPath, URL } from 'node:url';
import { parseArgs } from 'node:util';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { loadTokenCounter } from '@toolmark/benchmarks';
import postgres from 'postgres';
import { z } from 'zod';

// Node's own fetch (the eslint config for scripts lists no browser globals).
const { fetch } = globalThis;

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const QUERIES = ['read and click through web pages', 'ブラウザを操作したい'];

/** The command line (read when run, not when imported). */
const readOptions = () =>
  parseArgs({
    options: {
      url: { type: 'string' },
      key: { type: 'string' },
      'database-url': { type: 'string' },
      port: { type: 'string', default: '4310' },
      out: { type: 'string', default: join(ROOT, 'docs', 'agents.md') },
      'lint-timeout': { type: 'string', default: '180' },
    },
  }).values;

/** @param {number} ms */
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** A small notes server on a loopback port: the official SDK's McpServer over stateless Streamable HTTP. */
export async function startNotesServer() {
  const server = createServer((req, res) => {
    const mcp = new McpServer({ name: 'notes', version: '1.0.0' });
    mcp.registerTool('search_notes', { description: 'Search the notes for a word or phrase. Use it when you do not know the note id. Returns up to 20 notes with id and title.', inputSchema: { query: z.string().describe('Words to find, e.g. "budget"') } }, () => ({ content: [{ type: 'text', text: '[]' }] }));
    mcp.registerTool('get_note', { description: 'Get one note by its id. Use it after search_notes. Returns the title and the body.', inputSchema: { id: z.string().describe('The note id, e.g. "n_12"') } }, () => ({ content: [{ type: 'text', text: '{}' }] }));
    const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
    res.on('close', () => void transport.close());
    void mcp.connect(transport).then(() => transport.handleRequest(req, res));
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(undefined)));
  const address = /** @type {import('node:net').AddressInfo} */ (server.address());
  return { server, url: `http://127.0.0.1:${address.port}/mcp` };
}

/**
 * Start the real service on a database this script creates; answer its base URL, an agent key and a stop.
 * @param {string} databaseUrl
 * @param {number} port
 */
async function startService(databaseUrl, port) {
  const target = new URL(databaseUrl);
  const name = target.pathname.slice(1);
  if (!/^[a-z0-9_]+$/.test(name)) throw new Error(`--database-url: name a new database (lower-case letters, digits, _), not ${JSON.stringify(name)}`);
  const admin = postgres({ ...pgOptions(target), database: 'postgres', max: 1, onnotice: () => {} });
  await admin.unsafe(`CREATE DATABASE ${name}`);
  const state = mkdtempSync(join(tmpdir(), 'toolmark-transcript-'));
  const child = spawn(process.execPath, [join(ROOT, 'server', 'dist', 'start.js')], {
    env: { PATH: process.env.PATH ?? '', HOME: state, DATABASE_URL: databaseUrl, HOST: '127.0.0.1', PORT: String(port), TOOLMARK_DATA_DIR: state, TOOLMARK_ALLOW_PRIVATE_URLS: '1', TOOLMARK_ALLOW_NPM_CAPTURE: 'off', TOOLMARK_LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const base = `http://127.0.0.1:${port}`;
  const stop = async () => {
    // A graceful stop waits for the start-up seeds and the workers' jobs; past 60 s the process is killed.
    const exited = new Promise((resolve) => (child.exitCode !== null || child.signalCode !== null ? resolve(undefined) : child.once('exit', () => resolve(undefined))));
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), 60_000);
    await exited;
    clearTimeout(timer);
    await admin.unsafe(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
    rmSync(state, { recursive: true, force: true });
  };
  try {
    const deadline = Date.now() + 300_000;
    for (;;) {
      if (child.exitCode !== null) throw new Error(`the service exited with ${child.exitCode}`);
      const ok = await fetch(`${base}/health`).then((r) => r.ok, () => false);
      if (ok) break;
      if (Date.now() > deadline) throw new Error('the service did not answer /health within 300 s');
      await sleep(500);
    }
    // The catalogue (catalogue/servers/, 200+ servers) is seeded in the background after /health answers:
    // the transcript is recorded once the board ranks every catalogue entry with tools, or stops growing
    // for 15 s after that many (at most 900 s). Waiting only for "unchanged for 15 s" recorded a board of
    // 8 under load: the seed registers every entry before it lints any, and the board stays at 8 meanwhile.
    const { loadCatalogue } = await import('../dist/npm-catalogue/load.js');
    const expected = loadCatalogue().filter((e) => (e.surface?.tools.length ?? 0) > 0).length;
    let total = -1;
    let since = Date.now();
    const seedDeadline = Date.now() + 900_000;
    while ((total < expected || Date.now() - since < 15_000) && Date.now() < seedDeadline) {
      const now = await fetch(`${base}/v1/leaderboards/lint?limit=1`).then((r) => r.json(), () => ({ total: total })).then((b) => /** @type {{ total: number }} */ (b).total);
      if (now !== total) {
        total = now;
        since = Date.now();
      }
      await sleep(2_000);
    }
    process.stderr.write(`agent transcript: the board ranks ${total} servers (the catalogue has ${expected} with tools)\n`);
    const adminKey = readFileSync(join(state, 'first-admin-key'), 'utf8').trim();
    const res = await fetch(`${base}/v1/keys`, { method: 'POST', headers: { authorization: `Bearer ${adminKey}`, 'content-type': 'application/json' }, body: JSON.stringify({ purpose: 'agent', name: 'agent transcript' }) });
    if (res.status !== 201 && res.status !== 200) throw new Error(`POST /v1/keys answered ${res.status}: ${await res.text()}`);
    const key = /** @type {{ key: string }} */ (await res.json()).key;
    return { base, key, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

/** @param {URL} url */
function pgOptions(url) {
  return { host: url.hostname, port: Number(url.port || 5432), username: decodeURIComponent(url.username || 'postgres'), password: url.password ? decodeURIComponent(url.password) : undefined };
}

/**
 * Record the transcript against `base` (the service's origin) with `key` (an agent key); answer Markdown.
 * @param {string} base
 * @param {string} key
 * @param {{ lintTimeoutS: number, lintUrl: string }} options
 */
export async function recordTranscript(base, key, options) {
  const mcp = new URL('/mcp', base);
  const counter = await loadTokenCounter();
  /** @type {string[]} */
  const md = [];
  /** @param {string} title @param {unknown} request @param {unknown} answer */
  const exchange = (title, request, answer) => {
    md.push(`### ${title}`, '', 'Request:', '', '```json', JSON.stringify(request, null, 2), '```', '', 'Answer:', '', '```json', JSON.stringify(answer, null, 2), '```', '');
  };
  /** @param {string | undefined} bearer */
  const connect = async (bearer) => {
    const client = new Client({ name: 'toolmark-agent-transcript', version: '1.0.0' });
    await client.connect(new StreamableHTTPClientTransport(mcp, bearer ? { requestInit: { headers: { authorization: `Bearer ${bearer}` } } } : {}));
    return client;
  };
  /** @param {Client} client @param {string} name @param {Record<string, unknown>} args */
  const call = async (client, name, args) => {
    const res = await client.callTool({ name, arguments: args });
    const request = { method: 'tools/call', params: { name, arguments: args } };
    const answer = res.isError ? { isError: true, content: res.content } : { structuredContent: res.structuredContent };
    return { request, answer, data: /** @type {Record<string, any>} */ (res.structuredContent ?? {}) };
  };

  md.push(
    '# toolmark for agents: a recorded session',
    '',
    '<!-- Generated by `node server/scripts/agent-transcript.mjs` (see server/README.md, "Agent transcript"); do not edit by hand. -->',
    '',
    `An MCP client (the official TypeScript SDK, \`@modelcontextprotocol/sdk\`) talks to toolmark's \`/mcp\` endpoint on 127.0.0.1, as an agent would: first without a key, then with an agent key (\`Authorization: Bearer <key>\`, made with \`POST /v1/keys\` and \`purpose: "agent"\`). Every request and answer below is as sent and received; token counts are o200k_base tokens of the JSON of \`tools/list\`'s result, what an agent's context pays for the list.`,
    '',
  );

  // The handshake and tools/list, anonymous and with a key.
  const anonymous = await connect(undefined);
  const server = anonymous.getServerVersion();
  md.push('## Handshake', '', `Server \`${server?.name}\` ${server?.version}; instructions for this transport:`, '', ...(anonymous.getInstructions() ?? '').split('\n').map((l) => `> ${l}`), '');
  const open = (await anonymous.listTools()).tools;
  const agent = await connect(key);
  const all = (await agent.listTools()).tools;
  /** @param {unknown[]} tools */
  const wire = (tools) => counter.count(JSON.stringify({ tools }));
  md.push(
    '## tools/list: what the list costs',
    '',
    '| caller | tools | tokens on the wire |',
    '|---|---|---|',
    `| anonymous | ${open.length}: ${open.map((t) => `\`${t.name}\``).join(', ')} | ${wire(open)} |`,
    `| agent key | ${all.length}: ${all.map((t) => `\`${t.name}\``).join(', ')} | ${wire(all)} |`,
    '',
    'An anonymous caller is only shown what it can call; the key adds `lint_server`, `get_job` and the failure knowledge base.',
    '',
  );

  // "Which server should I install?"
  md.push('## Which server should I install?', '');
  /** @type {string | undefined} */
  let first;
  for (const query of QUERIES) {
    const { request, answer, data } = await call(anonymous, 'find_servers', { query });
    const servers = /** @type {{ slug: string, score: number, band: string, security: string, matchingTools: string[] }[]} */ (data.servers ?? []);
    first ??= servers[0]?.slug;
    md.push(`Found for ${JSON.stringify(query)} (terms ${JSON.stringify(data.terms)}): ${servers.map((s) => `**${s.slug}** ${s.score} ${s.band}, security ${s.security}`).join('; ') || 'nothing'}.`, '');
    exchange(`find_servers ${JSON.stringify(query)}`, request, answer);
  }
  if (first) {
    const { request, answer } = await call(anonymous, 'get_server_score', { server: first });
    exchange(`get_server_score of ${first}`, request, answer);
  }
  await anonymous.close();

  // lint_server through to a score.
  md.push('## Lint a server by URL', '', `A small MCP server (two tools) served by the script on 127.0.0.1; the service allows private URLs (\`TOOLMARK_ALLOW_PRIVATE_URLS=1\`), so its SSRF policy lets the capture reach it.`, '');
  const queued = await call(agent, 'lint_server', { url: options.lintUrl });
  exchange('lint_server', queued.request, queued.answer);
  let job = queued.data;
  let polls = 0;
  const deadline = Date.now() + options.lintTimeoutS * 1000;
  while ((job.status === 'queued' || job.status === 'running') && Date.now() < deadline) {
    await sleep(500);
    job = (await call(agent, 'get_job', { job: queued.data.job })).data;
    polls++;
  }
  const last = await call(agent, 'get_job', { job: queued.data.job });
  md.push(`After ${polls} polls of \`get_job\` the job is **${last.data.status}**${last.data.lint ? `: score ${last.data.lint.score}, band ${last.data.lint.band}` : ''}.`, '');
  exchange('get_job', last.request, last.answer);
  await agent.close();

  // What the endpoint refuses.
  md.push('## Refusals', '');
  const batch = [
    { jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'get_server_score', arguments: { server: first ?? 'playwright' } } },
    { jsonrpc: '2.0', id: 2, method: 'tools/call', params: { name: 'get_server_score', arguments: { server: first ?? 'playwright' } } },
  ];
  const headers = { 'content-type': 'application/json', accept: 'application/json, text/event-stream', 'mcp-protocol-version': '2025-11-25' };
  const batchRes = await fetch(mcp, { method: 'POST', headers, body: JSON.stringify(batch) });
  md.push(`A JSON-RPC batch (two \`get_server_score\` calls in one POST) is refused with HTTP ${batchRes.status}:`, '');
  exchange('a batch', batch, await batchRes.json());
  const big = { jsonrpc: '2.0', id: 3, method: 'tools/call', params: { name: 'lint_surface', arguments: { tools: [{ name: 'x', description: 'y'.repeat(1_200_000) }] } } };
  const bigRes = await fetch(mcp, { method: 'POST', headers, body: JSON.stringify(big) });
  md.push(`A body over the size limit (${JSON.stringify(big).length} bytes: one \`lint_surface\` call with a 1.2 MB description) is refused with HTTP ${bigRes.status}:`, '');
  exchange('a body over the limit', { ...big, params: { ...big.params, arguments: { tools: [{ name: 'x', description: `"y" × 1 200 000` }] } } }, await bigRes.json());
  return md.join('\n');
}

async function main() {
  const opts = readOptions();
  const notes = await startNotesServer();
  /** @type {{ base: string, key: string, stop: () => Promise<void> } | undefined} */
  let service;
  try {
    if (opts.url && opts.key) service = { base: opts.url, key: opts.key, stop: async () => {} };
    else if (opts['database-url']) service = await startService(opts['database-url'], Number(opts.port));
    else throw new Error('give --url and --key of a running service, or --database-url of a new database to start one on');
    const markdown = await recordTranscript(service.base, service.key, { lintTimeoutS: Number(opts['lint-timeout']), lintUrl: notes.url });
    writeFileSync(opts.out, `${markdown}\n`);
    process.stdout.write(`wrote ${opts.out}\n`);
  } finally {
    await service?.stop();
    await new Promise((resolve) => notes.server.close(() => resolve(undefined)));
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  main().catch((error) => {
    process.stderr.write(`agent-transcript: ${error instanceof Error ? error.stack : String(error)}\n`);
    process.exitCode = 1;
  });
}
