// CPU-heavy requests on a real app (real PostgreSQL, real HTTP on loopback, the CPU pool's real threads):
// a heavy lint does not hold /health up, a full pool answers 503 with Retry-After (REST) or a tool error
// (MCP), and a batch that asks for more than its budget gets the rest refused.
import { afterEach, describe, expect, it } from 'vitest';
import type { AddressInfo } from 'node:net';
import { lintSurface, parseSurfaceText } from '@toolmark/benchmarks';
import { syntheticSurface } from '../../src/bench/synthetic.js';
import { nodeSha256Hex } from '../../src/native-hash.js';
import { bearer, startTestApp, tool, type TestApp } from './helpers.js';

let h: TestApp | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

/** 200 tools renamed by `tag`: new tools each time, so no cache answers for them. */
const heavyTools = (tag: string) => syntheticSurface(200, 30, 3).tools.map((t) => ({ ...t, name: `${tag}_${String(t.name)}` }));

const batch = (tags: string[]) =>
  JSON.stringify(tags.map((tag, id) => ({ jsonrpc: '2.0', id, method: 'tools/call', params: { name: 'lint_surface', arguments: { tools: heavyTools(tag) } } })));

const MCP_HEADERS = { 'content-type': 'application/json', accept: 'application/json, text/event-stream', 'mcp-protocol-version': '2025-06-18' };

async function listen(app: TestApp['app']): Promise<string> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  return `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
}

/** Wait (bounded by the test's timeout) until `ready()` holds or `stop()` does. */
async function until(ready: () => boolean, stop: () => boolean): Promise<void> {
  while (!ready() && !stop()) await new Promise((r) => setTimeout(r, 5));
}

interface RpcAnswer {
  id: number;
  result: { isError?: boolean; structuredContent: { error?: { code: string; message: string; detail: Record<string, unknown> }; score?: number } };
}

describe('CPU-heavy requests off the event loop', () => {
  it('answers /health while a batch of 200-tool lints is still being worked on', async () => {
    h = await startTestApp({ TOOLMARK_CPU_THREADS: '1', TOOLMARK_CPU_BUDGET_MS: '600000' });
    const base = await listen(h.app);
    let heavyDone = false;
    const heavy = fetch(`${base}/mcp`, { method: 'POST', headers: MCP_HEADERS, body: batch(['h1', 'h2', 'h3', 'h4']) }).then(async (r) => {
      const answers = (await r.json()) as RpcAnswer[];
      heavyDone = true;
      return answers;
    });
    // The batch's lint is on the pool now; the event loop must still answer.
    await until(() => h!.app.cpu.inFlight > 0, () => heavyDone);
    expect(heavyDone).toBe(false);
    const health = await fetch(`${base}/health`);
    const answeredWhileHeavy = !heavyDone;
    expect(health.status).toBe(200);
    expect(answeredWhileHeavy).toBe(true);
    const answers = await heavy;
    expect(answers.map((a) => a.result.isError ?? false)).toEqual([false, false, false, false]);
    expect(answers.every((a) => typeof a.result.structuredContent.score === 'number')).toBe(true);
  });

  it('a lint save linted on the pool answers the bytes of the in-loop lint', async () => {
    h = await startTestApp({ TOOLMARK_CPU_THREADS: '1' });
    const reg = await h.app.inject({
      method: 'POST',
      url: '/v1/servers',
      headers: bearer(h.keys.admin),
      payload: { name: 'same', slug: 'same', source: { kind: 'upload', tools: { tools: [tool('seed_tool', 'Seeds a thing.')] } } },
    });
    const id = reg.json().server.id as string;
    const body = JSON.stringify({ tools: syntheticSurface(40).tools });
    const saved = await h.app.inject({ method: 'POST', url: `/v1/servers/${id}/lint`, headers: { ...bearer(h.keys.ci), 'content-type': 'application/json' }, payload: body });
    expect(saved.statusCode, saved.body).toBe(200);
    const inLoop = JSON.stringify(await lintSurface(parseSurfaceText(body), 'v2', { sha256Hex: nodeSha256Hex }));
    // The answer is the result's JSON text with version, changes and security appended (savedLintJson).
    expect(saved.body.startsWith(`${inLoop.slice(0, -1)},"version":`)).toBe(true);
    // And what was stored is that result too.
    const latest = await h.app.inject({ method: 'GET', url: `/v1/servers/${id}/lint/latest`, headers: bearer(h.keys.ci) });
    const { version: _v, security: _s, ...stored } = latest.json();
    expect(stored).toEqual(JSON.parse(inLoop));
  });

  it('a lint save while the pool is full: 503 cpu_busy with Retry-After in the uniform shape, nothing saved or charged', async () => {
    h = await startTestApp({ TOOLMARK_CPU_THREADS: '1', TOOLMARK_CPU_QUEUE: '0' });
    const reg = await h.app.inject({
      method: 'POST',
      url: '/v1/servers',
      headers: bearer(h.keys.admin),
      payload: { name: 'busy', slug: 'busy', source: { kind: 'upload', tools: { tools: [tool('seed_tool', 'Seeds a thing.')] } } },
    });
    expect(reg.statusCode, reg.body).toBe(202);
    const id = reg.json().server.id as string;
    const save = (tag: string, tools = heavyTools(tag)) =>
      h!.app.inject({ method: 'POST', url: `/v1/servers/${id}/lint`, headers: { ...bearer(h!.keys.ci), 'content-type': 'application/json' }, payload: JSON.stringify({ tools }) });
    const [usedBefore] = await h.t.sql<{ units: number }[]>`SELECT COALESCE(sum(units), 0)::int AS units FROM usage`;
    let firstDone = false;
    // The largest surface (~0.9 MB, about a second of CPU): it holds the one thread while the second arrives.
    const largest = syntheticSurface(200).tools.map((t) => ({ ...t, name: `first_${String(t.name)}` }));
    const first = save('first', largest).then((r) => ((firstDone = true), r));
    await until(() => h!.app.cpu.inFlight > 0, () => firstDone);
    expect(firstDone).toBe(false);
    const refused = await save('second');
    expect(refused.statusCode, refused.body).toBe(503);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect(refused.json()).toEqual({ error: { code: 'cpu_busy', message: expect.stringContaining('retry after'), detail: expect.objectContaining({ retryAfterSeconds: Number(refused.headers['retry-after']) }) } });
    expect((await first).statusCode).toBe(200);
    const [usedAfter] = await h.t.sql<{ units: number }[]>`SELECT COALESCE(sum(units), 0)::int AS units FROM usage`;
    expect(usedAfter!.units - usedBefore!.units).toBe(1);
    // Once the pool is free the same save is taken.
    expect((await save('second')).statusCode).toBe(200);
  });

  it('an MCP call while the pool is full is a tool error cpu_busy, and the answer carries Retry-After', async () => {
    h = await startTestApp({ TOOLMARK_CPU_THREADS: '1', TOOLMARK_CPU_QUEUE: '0' });
    const base = await listen(h.app);
    let firstDone = false;
    const first = fetch(`${base}/mcp`, { method: 'POST', headers: MCP_HEADERS, body: batch(['m1', 'm2']) }).then(async (r) => ((firstDone = true), (await r.json()) as RpcAnswer[]));
    await until(() => h!.app.cpu.inFlight > 0, () => firstDone);
    expect(firstDone).toBe(false);
    const res = await fetch(`${base}/mcp`, { method: 'POST', headers: MCP_HEADERS, body: batch(['m3']) });
    expect(res.status).toBe(200);
    // A batch of one is answered with one message (the SDK's transport).
    const answer = (await res.json()) as RpcAnswer;
    expect(answer!.result.isError).toBe(true);
    expect(answer!.result.structuredContent.error).toMatchObject({ code: 'cpu_busy', detail: { retryAfterSeconds: expect.any(Number) } });
    expect(Number(res.headers.get('retry-after'))).toBe(answer!.result.structuredContent.error!.detail.retryAfterSeconds);
    expect((await first).every((a) => !a.result.isError)).toBe(true);
  });

  it('a batch over its CPU budget: the first lints answered, the rest tool errors cpu_budget_exceeded with Retry-After', async () => {
    h = await startTestApp({ TOOLMARK_CPU_THREADS: '1', TOOLMARK_CPU_BUDGET_MS: '1' });
    const base = await listen(h.app);
    const res = await fetch(`${base}/mcp`, { method: 'POST', headers: MCP_HEADERS, body: batch(['b1', 'b2', 'b3']) });
    expect(res.status).toBe(200);
    expect(res.headers.get('retry-after')).toBe('1');
    const answers = ((await res.json()) as RpcAnswer[]).sort((a, b) => a.id - b.id);
    expect(answers[0]!.result.isError ?? false).toBe(false);
    for (const a of answers.slice(1)) {
      expect(a.result.isError).toBe(true);
      expect(a.result.structuredContent.error).toMatchObject({ code: 'cpu_budget_exceeded', detail: { retryAfterSeconds: 1, budgetMs: 1 } });
    }
  });
});
