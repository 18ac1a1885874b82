// CPU-heavy requests on a real app (real PostgreSQL, real HTTP on loopback, the CPU pool's real threads):
// a heavy lint does not hold /health up, a full pool answers 503 with Retry-After (REST) or a tool error
// (MCP), and /mcp, which refuses batches, gives each call its own request and so its own budget (the budget
// within one request is test/cpu/pool.test.ts's).
import { afterEach, describe, expect, it } from 'vitest';
import type { AddressInfo } from 'node:net';
import { LATEST_RULES, lintSurface, parseSurfaceText } from '@toolmark/benchmarks';
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

const lintCall = (tag: string, id = 1, tools = heavyTools(tag)) => ({ jsonrpc: '2.0', id, method: 'tools/call', params: { name: 'lint_surface', arguments: { tools } } });
const one = (tag: string, tools?: unknown[]) => JSON.stringify(lintCall(tag, 1, tools as never));
const batch = (tags: string[]) => JSON.stringify(tags.map((tag, id) => lintCall(tag, id)));
/** The largest surface /mcp takes (~0.9 MB, about a second of CPU). */
const largest = (tag: string) => syntheticSurface(200).tools.map((t) => ({ ...t, name: `${tag}_${String(t.name)}` }));

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
  result: { isError?: boolean; content: { type: string; text: string }[]; structuredContent: { score?: number } };
}

describe('CPU-heavy requests off the event loop', () => {
  it('answers /health while a 200-tool lint over /mcp is still being worked on', async () => {
    h = await startTestApp({ TOOLMARK_CPU_THREADS: '1', TOOLMARK_CPU_BUDGET_MS: '600000' });
    const base = await listen(h.app);
    let heavyDone = false;
    const heavy = fetch(`${base}/mcp`, { method: 'POST', headers: MCP_HEADERS, body: one('h1', largest('h1')) }).then(async (r) => {
      const answer = (await r.json()) as RpcAnswer;
      heavyDone = true;
      return [answer];
    });
    // The lint is on the pool now; the event loop must still answer.
    await until(() => h!.app.cpu.inFlight > 0, () => heavyDone);
    expect(heavyDone).toBe(false);
    const health = await fetch(`${base}/health`);
    const answeredWhileHeavy = !heavyDone;
    expect(health.status).toBe(200);
    expect(answeredWhileHeavy).toBe(true);
    const answers = await heavy;
    expect(answers.map((a) => a.result.isError ?? false)).toEqual([false]);
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
    const inLoop = JSON.stringify(await lintSurface(parseSurfaceText(body), LATEST_RULES, { sha256Hex: nodeSha256Hex }));
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
    const first = fetch(`${base}/mcp`, { method: 'POST', headers: MCP_HEADERS, body: one('m1', largest('m1')) }).then(async (r) => ((firstDone = true), (await r.json()) as RpcAnswer));
    await until(() => h!.app.cpu.inFlight > 0, () => firstDone);
    expect(firstDone).toBe(false);
    const res = await fetch(`${base}/mcp`, { method: 'POST', headers: MCP_HEADERS, body: one('m3') });
    expect(res.status).toBe(200);
    const answer = (await res.json()) as RpcAnswer;
    expect(answer!.result.isError).toBe(true);
    // A refusal is text only (structuredContent is what the outputSchema describes): the uniform error shape.
    const { error } = JSON.parse(answer!.result.content[0]!.text) as { error: { code: string; detail: { retryAfterSeconds: number } } };
    expect(error).toMatchObject({ code: 'cpu_busy', detail: { retryAfterSeconds: expect.any(Number) } });
    expect(Number(res.headers.get('retry-after'))).toBe(error.detail.retryAfterSeconds);
    expect((await first).result.isError ?? false).toBe(false);
  });

  it('a batch of lints is refused before any runs (400); each single call is its own request, within its own budget', async () => {
    h = await startTestApp({ TOOLMARK_CPU_THREADS: '1', TOOLMARK_CPU_BUDGET_MS: '1' });
    const base = await listen(h.app);
    const refused = await fetch(`${base}/mcp`, { method: 'POST', headers: MCP_HEADERS, body: batch(['b1', 'b2', 'b3']) });
    expect(refused.status).toBe(400);
    expect(((await refused.json()) as { error: { data: { code: string } } }).error.data.code).toBe('batch_not_supported');
    for (const tag of ['b1', 'b2', 'b3']) {
      const res = await fetch(`${base}/mcp`, { method: 'POST', headers: MCP_HEADERS, body: one(tag) });
      expect(res.status).toBe(200);
      const answer = (await res.json()) as RpcAnswer;
      expect(answer.result.isError ?? false).toBe(false);
      expect(typeof answer.result.structuredContent.score).toBe('number');
    }
  });
});
