// NUL and lone surrogates anywhere in a surface (issue 23 §5), on a real database: refused at the door with
// a located 400 on every route that takes a surface — registration by upload, lint saves, /mcp's
// lint_surface — never a 500 (PostgreSQL 22P05) and never a stored version whose lint fails on every retry.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, startTestApp, type TestApp } from './helpers.js';

let h: TestApp;
let serverId: string;
beforeAll(async () => {
  h = await startTestApp();
  const res = await h.app.inject({ method: 'POST', url: '/v1/servers', headers: bearer(h.keys.admin), payload: { name: 'Target', source: { kind: 'upload', tools: { tools: [] } } } });
  serverId = res.json().server.id as string;
});
afterAll(async () => h?.close());

const schema = { type: 'object', properties: { path: { type: 'string', enum: ['a', 'b'], description: 'Where to read.' }, 'odd key': { type: 'number' } }, required: ['path'] };
const tools = [
  { name: 'read_file', description: 'Reads a file and returns its text.', inputSchema: schema },
  { name: 'write_file', title: 'Write', description: 'Writes a file.', inputSchema: { type: 'object' }, annotations: { destructiveHint: true } },
];

/** A small seeded generator (no fast-check in the API tests' hot loop: every case is one request). */
function rng(seed: number): () => number {
  let s = seed >>> 0;
  return () => ((s = (s * 1664525 + 1013904223) >>> 0) / 2 ** 32);
}

/** A copy of `tools` with `bad` put into one key or string, chosen by `pick`; and the JSON path of it. */
function spoil(value: unknown, bad: string, pick: () => number): { tools: unknown; path: string } {
  const spots: { path: string; apply: () => unknown }[] = [];
  const walk = (node: unknown, path: string, rebuild: (v: unknown) => unknown): void => {
    const seg = (key: string) => (/^[A-Za-z_$][\w$]*$/.test(key) ? `.${key}` : `[${JSON.stringify(key)}]`);
    if (typeof node === 'string') spots.push({ path, apply: () => rebuild(`${node.slice(0, 1)}${bad}${node.slice(1)}`) });
    else if (Array.isArray(node)) node.forEach((x, i) => walk(x, `${path}[${i}]`, (v) => rebuild(node.map((y, j) => (j === i ? v : y)))));
    else if (typeof node === 'object' && node !== null) {
      for (const [key, x] of Object.entries(node)) {
        const renamed = `${key.slice(0, 1)}${bad}${key.slice(1)}`;
        spots.push({ path: path + seg(renamed), apply: () => rebuild(Object.fromEntries(Object.entries(node).map(([k, y]) => [k === key ? renamed : k, y]))) });
        walk(x, path + seg(key), (v) => rebuild({ ...node, [key]: v }));
      }
    }
  };
  walk(value, '$.tools', (v) => v);
  const spot = spots[Math.floor(pick() * spots.length)]!;
  return { tools: spot.apply(), path: spot.path };
}

const counts = async () => (await h.t.sql`SELECT (SELECT count(*)::int FROM server_versions) AS versions, (SELECT count(*)::int FROM servers) AS servers`)[0] as { versions: number; servers: number };

describe('invalid text in a surface', () => {
  it('a NUL in a tool name or a schema key: 400 nul_character on the lint route (was a 500), nothing stored', async () => {
    const before = await counts();
    for (const [body, path] of [
      [{ tools: [{ ...tools[0], name: 'read\u0000file' }] }, '$.tools[0].name'],
      [{ tools: [{ ...tools[0], inputSchema: { type: 'object', properties: { 'pa\u0000th': { type: 'string' } } } }] }, '$.tools[0].inputSchema.properties["pa\\u0000th"]'],
    ] as const) {
      const res = await h.app.inject({ method: 'POST', url: `/v1/servers/${serverId}/lint`, headers: { ...bearer(h.keys.ci), 'content-type': 'application/json' }, payload: JSON.stringify(body) });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().error).toMatchObject({ code: 'nul_character', detail: { path } });
      expect(res.json().error.message).toContain(`text at ${path} contains a NUL character`);
    }
    expect(await counts()).toEqual(before);
  });

  it('fuzz-like: NUL or a lone surrogate in a random key or string, 60 cases per route, always the located 400, never stored', async () => {
    const pick = rng(23);
    const before = await counts();
    for (let i = 0; i < 60; i++) {
      const [bad, code] = pick() < 0.5 ? ['\u0000', 'nul_character'] : [pick() < 0.5 ? '\ud800' : '\udfff', 'unpaired_surrogate'];
      const { tools: spoilt, path } = spoil(tools, bad, pick);
      const lint = await h.app.inject({ method: 'POST', url: `/v1/servers/${serverId}/lint`, headers: { ...bearer(h.keys.ci), 'content-type': 'application/json' }, payload: JSON.stringify({ tools: spoilt }) });
      expect(lint.statusCode, `${path}: ${lint.body}`).toBe(400);
      expect(lint.json().error, path).toMatchObject({ code, detail: { path } });
      const upload = await h.app.inject({ method: 'POST', url: '/v1/servers', headers: { ...bearer(h.keys.admin), 'content-type': 'application/json' }, payload: JSON.stringify({ name: `Fuzz ${i}`, source: { kind: 'upload', tools: { tools: spoilt } } }) });
      expect(upload.statusCode, `${path}: ${upload.body}`).toBe(400);
      // The body parser finds a lone surrogate first (a body path); the registration a NUL (the surface's path).
      const error = upload.json().error as { code: string; detail: { path: string; field?: string } };
      expect(error.code).toBe(code);
      if (code === 'nul_character') expect(error.detail).toMatchObject({ path, field: 'body.source.tools' });
      else expect(error.detail.path).toBe(path.replace('$.tools', 'body.source.tools.tools'));
    }
    expect(await counts()).toEqual(before);
  });

  it('/mcp lint_surface answers a located tool error, not a 500', async () => {
    const address = await h.app.listen({ host: '127.0.0.1', port: 0 });
    const res = await fetch(`${address}/mcp`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'lint_surface', arguments: { tools: [{ ...tools[0], description: 'Reads\u0000.' }] } } }),
    });
    expect(res.status).toBe(200);
    const { result } = (await res.json()) as { result: { isError: boolean; content: { text: string }[] } };
    expect(result.isError).toBe(true);
    expect(JSON.parse(result.content[0]!.text)).toMatchObject({ error: { code: 'nul_character', detail: { path: '$.tools[0].description' } } });
  });
});
