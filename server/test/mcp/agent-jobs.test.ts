// The agent tools that read what the service's workers made, on real PostgreSQL with real queues and
// workers in this process (the evaluation service of test/evaluations), through the official SDK client on
// loopback:
// - get_model_results over seeded evaluation runs (the lexical baseline and a fake OpenAI model run over
//   the models suite): the models board's rows and a model's per-server rows are the REST boards' rows;
// - lint_server through to a score: a real MCP server (the official SDK's McpServer over stateless
//   Streamable HTTP, the transcript script's notes server) on 127.0.0.1, allowed by the operator's TOOLMARK_ALLOW_PRIVATE_URLS, is captured and
//   linted by the workers while the agent polls get_job until it is scored, with the score and band of the
//   stored lint;
// - the agent transcript script (server/scripts/agent-transcript.mjs, which writes docs/agents.md) still
//   records a whole session against this service.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import type { Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AddressInfo } from 'node:net';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BASELINE_MODEL_ID, MODELS_SUITE } from '@toolmark/benchmarks';
import { seedDatabase } from '../../src/pipelines/seed.js';
import { httpTools } from '../../src/mcp/tools/index.js';
// The two-tool notes server the transcript lints (one definition, the script's).
import { startNotesServer } from '../../scripts/agent-transcript.mjs';
import { startFake, wordMatchScript, type FakeServer } from '../fakes/llm-servers.mjs';
import { bearer, get, post, startEvalService, waitForEvaluation, type EvalService } from '../evaluations/helpers.js';

let s: EvalService;
let fake: FakeServer;
let notes: Server;
let notesUrl: string;

let base: URL;

async function connect(key?: string): Promise<Client> {
  const client = new Client({ name: 'toolmark-agent-jobs-test', version: '1.0.0' });
  await client.connect(new StreamableHTTPClientTransport(base, key ? { requestInit: { headers: bearer(key) } } : {}));
  return client;
}

/** A successful call's structuredContent, checked against the tool's outputSchema (the SDK client checks it too). */
async function call(client: Client, name: string, args: Record<string, unknown>): Promise<Record<string, unknown>> {
  const res = await client.callTool({ name, arguments: args });
  const text = (res.content as { type: string; text: string }[])[0]!.text;
  expect(res.isError ?? false, text).toBe(false);
  expect(httpTools.find((t) => t.name === name)!.outputSchema.safeParse(res.structuredContent).error?.issues ?? []).toEqual([]);
  return res.structuredContent as Record<string, unknown>;
}

const rounded = (r: { value: number | null; ci95: [number, number] | null }) => ({ value: r.value === null ? null : Math.round(r.value * 1000) / 1000, ci95: r.ci95 });

beforeAll(async () => {
  fake = await startFake('openai', { script: wordMatchScript });
  const model = { id: 'openai/router', provider: 'openai-chat', model: 'fake', baseUrl: fake.baseURL, unitPrice: 0, concurrency: 4, retries: 0 };
  s = await startEvalService({ models: [model] }, { OPENAI_API_KEY: 'test-key' }, { config: { TOOLMARK_ALLOW_PRIVATE_URLS: '1' } });
  await s.app.listen({ port: 0, host: '127.0.0.1' });
  base = new URL(`http://127.0.0.1:${(s.app.server.address() as AddressInfo).port}/mcp`);
  ({ server: notes, url: notesUrl } = await startNotesServer());
}, 120_000);
afterAll(async () => {
  notes?.closeAllConnections();
  if (notes) await new Promise((resolve) => notes.close(resolve));
  await s?.close();
  await fake?.close();
});

describe('get_model_results over seeded evaluation runs', () => {
  beforeAll(async () => {
    // The seeded servers, then the models suite's runs without distractors for the baseline and the fake
    // model: real evaluations through the queue, their trials and metrics stored.
    await seedDatabase(s.t);
    const res = await post(s, '/v1/leaderboards/models/runs', s.keys.admin, { models: [BASELINE_MODEL_ID, 'openai/router'], distractors: [] });
    expect(res.statusCode, res.body).toBe(202);
    const started = (res.json().evaluations as { evaluationId: string | null }[]).filter((e) => e.evaluationId !== null);
    // One evaluation per suite server, each with a run of both models.
    expect(started).toHaveLength(MODELS_SUITE.servers.length);
    for (const e of started) await waitForEvaluation(s, e.evaluationId!, (x) => x.status === 'done', 180_000);
  }, 400_000);

  it('without a model: the models board, each row the REST board\'s (rank, pooled accuracy and false calls, baseline marked)', async () => {
    const rest = (await get(s, '/v1/leaderboards/models')).json() as { items: { rank: number | null; model: { id: string; baseline: boolean }; servers: number; selectionAcc: { value: number | null; ci95: [number, number] | null }; falseCallRate: { value: number | null; ci95: [number, number] | null }; complete: boolean }[] };
    expect(rest.items.map((i) => i.model.id).sort()).toEqual([BASELINE_MODEL_ID, 'openai/router'].sort());
    const client = await connect();
    const answer = await call(client, 'get_model_results', {});
    await client.close();
    expect(answer).toMatchObject({ board: 'models', model: null, total: 2 });
    expect(answer.rows).toEqual(
      rest.items.map((i) => ({ rank: i.rank, name: i.model.id, baseline: i.model.baseline, servers: MODELS_SUITE.servers.length, selectionAcc: rounded(i.selectionAcc), falseCallRate: rounded(i.falseCallRate), complete: i.complete })),
    );
    const rows = answer.rows as { name: string; baseline: boolean; selectionAcc: { value: number | null }; rank: number | null }[];
    expect(rows.find((r) => r.name === BASELINE_MODEL_ID)!.baseline).toBe(true);
    expect(rows.find((r) => r.name === 'openai/router')!.baseline).toBe(false);
    for (const r of rows) expect(r.selectionAcc.value, r.name).toBeGreaterThan(0);
  });

  it('with a model: its per-server rows on the suite servers, the REST model board\'s; limit cuts the rows, not the total', async () => {
    const rest = (await get(s, '/v1/leaderboards/evaluations?model=openai/router')).json() as { comparabilityKey: string; total: number; items: { rank: number; server: { slug: string }; selectionAcc: { value: number | null; ci95: [number, number] | null }; falseCallRate: { value: number | null; ci95: [number, number] | null }; complete: boolean }[] };
    expect(rest.items.map((i) => i.server.slug).sort()).toEqual([...MODELS_SUITE.servers].sort());
    const client = await connect();
    const answer = await call(client, 'get_model_results', { model: 'openai/router' });
    expect(answer).toMatchObject({ board: 'model', model: 'openai/router', comparabilityKey: rest.comparabilityKey, total: MODELS_SUITE.servers.length });
    expect(answer.rows).toEqual(rest.items.map((i) => ({ rank: i.rank, name: i.server.slug, baseline: false, selectionAcc: rounded(i.selectionAcc), falseCallRate: rounded(i.falseCallRate), complete: i.complete })));
    const one = await call(client, 'get_model_results', { model: 'openai/router', limit: 1 });
    expect(one).toMatchObject({ total: MODELS_SUITE.servers.length, rows: [{ name: rest.items[0]!.server.slug }] });
    // A model without runs has an empty board, not an error; the baseline reads as a model id too.
    expect(await call(client, 'get_model_results', { model: BASELINE_MODEL_ID })).toMatchObject({ board: 'model', rows: expect.arrayContaining([expect.objectContaining({ baseline: true })]) });
    await client.close();
  });
});

describe('lint_server through to a score', () => {
  it('an agent lints a server on loopback by URL, polls get_job until scored, and gets the score and band of the stored lint', async () => {
    const agent = await connect(s.keys.agent);
    const queued = await call(agent, 'lint_server', { url: notesUrl });
    expect(queued).toMatchObject({ status: 'queued', lint: null, reused: false, next: expect.stringContaining('get_job') });
    const job = queued.job as string;
    let answer = queued;
    const polls: string[] = [];
    const deadline = Date.now() + 120_000;
    while (answer.status !== 'scored' && answer.status !== 'failed' && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 250));
      answer = await call(agent, 'get_job', { job });
      polls.push(answer.status as string);
    }
    expect(answer.status, JSON.stringify(answer)).toBe('scored');
    expect(answer.error).toBeNull();
    expect(answer.next).toBeUndefined();
    const lint = answer.lint as { score: number; band: string; tools: number };
    expect(lint.score).toBeGreaterThan(0);
    expect(['sunny', 'cloudy', 'rain']).toContain(lint.band);
    // The same numbers as the lint the workers stored for the server's latest version under these rules.
    const server = answer.server as { id: string; slug: string };
    const rules = (answer.lint as { rules: string }).rules;
    const stored = await s.t.sql<{ score: number; band: string }[]>`
      SELECT lr.score, lr.band FROM lint_results lr JOIN servers sv ON sv.latest_version_id = lr.server_version_id
      WHERE sv.id = ${server.id} AND lr.rules_id = ${rules}`;
    expect(stored).toHaveLength(1);
    expect(Number(stored[0]!.score)).toBeCloseTo(lint.score, 3);
    expect(stored[0]!.band).toBe(lint.band);
    // The detail answer is the whole lint result; asking lint_server again answers the same job, scored.
    expect(await call(agent, 'get_job', { job, detail: true })).toMatchObject({ status: 'scored', lint: { schemaVersion: 1, score: lint.score } });
    expect(await call(agent, 'lint_server', { url: notesUrl })).toMatchObject({ job, reused: true, status: 'scored' });
    await agent.close();
    console.log(`lint_server ${notesUrl}: ${polls.length} get_job polls (${[...new Set(polls)].join(' → ')}), score ${lint.score} ${lint.band}`);
  }, 180_000);
});

describe('the agent transcript script', () => {
  it('records the session against the running service: both searches find playwright, the lint is scored, the batch and the over-size body are refused', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'toolmark-transcript-test-'));
    try {
      const out = join(dir, 'agents.md');
      const script = fileURLToPath(new URL('../../scripts/agent-transcript.mjs', import.meta.url));
      const origin = `http://127.0.0.1:${base.port}`;
      const { code, output } = await new Promise<{ code: number | null; output: string }>((resolve, reject) => {
        const child = spawn(process.execPath, [script, '--url', origin, '--key', s.keys.agent, '--out', out], { stdio: ['ignore', 'pipe', 'pipe'] });
        let text = '';
        child.stdout.on('data', (d: Buffer) => (text += d.toString()));
        child.stderr.on('data', (d: Buffer) => (text += d.toString()));
        child.on('error', reject);
        child.on('close', (exit) => resolve({ code: exit, output: text }));
      });
      expect(code, output).toBe(0);
      const md = readFileSync(out, 'utf8');
      const tokens = [...md.matchAll(/^\| (anonymous|agent key) \| (\d+): .* \| (\d+) \|$/gm)].map((m) => ({ caller: m[1], tools: Number(m[2]), tokens: Number(m[3]) }));
      expect(tokens).toEqual([
        { caller: 'anonymous', tools: httpTools.filter((t) => t.needs === undefined).length, tokens: expect.any(Number) },
        { caller: 'agent key', tools: httpTools.length, tokens: expect.any(Number) },
      ]);
      expect(tokens[1]!.tokens).toBeGreaterThan(tokens[0]!.tokens);
      for (const query of ['read and click through web pages', 'ブラウザを操作したい']) expect(md).toMatch(new RegExp(`Found for ${JSON.stringify(query)} \\(terms [^)]*\\): .*\\*\\*playwright\\*\\* \\d`));
      expect(md).toMatch(/the job is \*\*scored\*\*: score \d+(\.\d+)?, band (sunny|cloudy|rain)/);
      expect(md).toContain('is refused with HTTP 400');
      expect(md).toContain('is refused with HTTP 413');
      expect(md).toContain('"code": "payload_too_large"');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 240_000);
});
