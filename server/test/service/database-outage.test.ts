// The service while its database is away (issue 10 §1): the real `npm start` process on DATABASE_URL, behind
// a TCP proxy the test cuts, blackholes and restores. Requests answer 503 with Retry-After in the uniform
// shape within 2 s, /health says why, and the service serves again by itself within 5 s of the database's
// return; the process never dies. Before the fix these requests answered 500 or hung for up to 23 s.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiKey, createOrganisation } from '@toolmark/db';
import { createTestDatabase, type TestDatabase } from '@toolmark/db/testing';
import { startServiceProcess, type ServiceProcess } from './service-process.js';
import { TcpProxy } from './tcp-proxy.js';

let t: TestDatabase;
let proxy: TcpProxy;
let service: ServiceProcess;
const state = mkdtempSync(join(tmpdir(), 'toolmark-outage-'));
const keys: { admin: string; ci: string } = { admin: '', ci: '' };
let serverId = '';

const tools = (n: number) => ({ tools: [{ name: `search_${n}`, description: `Searches the notes for a keyword (${n}). Returns matching titles.`, inputSchema: { type: 'object', properties: {} } }] });

beforeAll(async () => {
  t = await createTestDatabase(2);
  const org = await createOrganisation(t.db, { name: 'Outage', slug: 'outage' });
  keys.admin = (await createApiKey(t.db, { organisationId: org.id, purpose: 'admin', name: 'admin' })).key;
  keys.ci = (await createApiKey(t.db, { organisationId: org.id, purpose: 'ci', name: 'ci' })).key;
  const target = new URL(t.url);
  proxy = new TcpProxy(target.hostname, Number(target.port));
  const url = new URL(t.url);
  url.port = String(await proxy.start());
  service = await startServiceProcess({
    DATABASE_URL: url.toString(),
    TOOLMARK_DATA_DIR: state,
    TOOLMARK_SEED: '0',
    TOOLMARK_READ_CACHE_MS: '0',
  });
  const registered = await fetch(`${service.url}/v1/servers`, {
    method: 'POST',
    headers: { authorization: `Bearer ${keys.admin}`, 'content-type': 'application/json' },
    body: JSON.stringify({ name: 'Outage server', source: { kind: 'upload', tools: tools(0) } }),
  });
  expect(registered.status).toBe(202);
  serverId = ((await registered.json()) as { server: { id: string } }).server.id;
});

afterAll(async () => {
  await service?.stop();
  await proxy?.close();
  await t?.drop();
  rmSync(state, { recursive: true, force: true });
});

interface Answer {
  status: number;
  ms: number;
  retryAfter: string | null;
  body: unknown;
}

let saves = 0;
/** `slug-save`: a save naming the server by its slug (one more query before the save); `models`: the models leaderboard. */
async function request(kind: 'read' | 'save' | 'health' | 'slug-save' | 'models'): Promise<Answer> {
  const started = performance.now();
  const res =
    kind === 'read'
      ? await fetch(`${service.url}/v1/leaderboards/lint`)
      : kind === 'models'
        ? await fetch(`${service.url}/v1/leaderboards/models`)
        : kind === 'health'
          ? await fetch(`${service.url}/health`)
          : await fetch(`${service.url}/v1/servers/${kind === 'slug-save' ? 'outage-server' : serverId}/lint`, {
              method: 'POST',
              headers: { authorization: `Bearer ${keys.ci}`, 'content-type': 'application/json' },
              body: JSON.stringify(tools(++saves)),
            });
  const text = await res.text();
  return { status: res.status, ms: performance.now() - started, retryAfter: res.headers.get('retry-after'), body: JSON.parse(text) as unknown };
}

/** Every answer is a 503 in the uniform shape with Retry-After, within 2 s. */
function expectUnavailable(answers: Answer[]) {
  for (const a of answers) {
    expect(a.status, JSON.stringify(a.body)).toBe(503);
    expect(a.retryAfter).toMatch(/^\d+$/);
    expect(a.ms).toBeLessThan(2_000);
  }
  for (const a of answers.filter((x) => !('status' in (x.body as object)))) {
    expect(a.body).toMatchObject({ error: { code: 'database_unavailable', message: expect.any(String), detail: { reason: expect.any(String) } } });
  }
}

/** Time until a read and a save both succeed again, polling every 100 ms (at most 15 s). */
async function recovery(): Promise<number> {
  const started = performance.now();
  while (performance.now() - started < 15_000) {
    const [read, save] = await Promise.all([request('read'), request('save')]);
    if (read.status === 200 && save.status === 200) return performance.now() - started;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('the service did not recover within 15 s');
}

describe('the service while its database is away', () => {
  it('serves normally first', async () => {
    expect((await request('read')).status).toBe(200);
    expect((await request('save')).status).toBe(200);
    expect((await request('slug-save')).status).toBe(200);
    expect((await request('models')).status).toBe(200);
    expect(await request('health')).toMatchObject({ status: 200, body: { status: 'ok', database: 'ok' } });
  });

  it('refused connections: 503 with Retry-After within 2 s, /health says why, back within 5 s of the database', async () => {
    await proxy.cut();
    const during = await Promise.all([request('read'), request('save'), request('read'), request('save')]);
    const later = await Promise.all([request('read'), request('save')]);
    expectUnavailable([...during, ...later]);
    const health = await request('health');
    expect(health.status).toBe(503);
    expect(health.body).toMatchObject({ status: 'unavailable', database: 'unreachable', reason: expect.stringMatching(/refused|closed/) });
    expect(JSON.stringify(health.body)).not.toContain(String(proxy.port)); // no address, user or password
    // The site's pages read the API: a 503 page that says the database is away, not a 502.
    const page = await fetch(`${service.url}/`);
    expect(page.status).toBe(503);
    expect(await page.text()).toContain('cannot reach its database');
    await proxy.restore();
    expect(await recovery()).toBeLessThan(5_000);
    expect(service.alive()).toBe(true);
  });

  it('a database that accepts and never answers: 503 within 2 s, not a hang', async () => {
    await proxy.blackhole();
    const during = await Promise.all([request('read'), request('save'), request('read'), request('slug-save'), request('models')]);
    expectUnavailable(during);
    expect((await request('health')).status).toBe(503);
    await proxy.restore();
    expect(await recovery()).toBeLessThan(5_000);
    expect(service.alive()).toBe(true);
  });

  it('answers 200 or 503 only while every backend is terminated under load, and keeps running', async () => {
    const statuses = new Map<number, number>();
    let stop = false;
    const client = async (i: number) => {
      while (!stop) {
        const a = await request((['save', 'read', 'health', 'slug-save', 'models'] as const)[i % 5]!);
        statuses.set(a.status, (statuses.get(a.status) ?? 0) + 1);
        if (a.status === 503) expect(a.retryAfter).toMatch(/^\d+$/);
        expect(a.ms).toBeLessThan(5_000);
      }
    };
    const clients = Array.from({ length: 10 }, (_, i) => client(i));
    for (let round = 0; round < 6; round++) {
      await new Promise((r) => setTimeout(r, 400));
      await t.sql`SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = ${t.name} AND pid <> pg_backend_pid()`;
    }
    await new Promise((r) => setTimeout(r, 400));
    stop = true;
    await Promise.all(clients);
    expect([...statuses.keys()].filter((s) => s !== 200 && s !== 503)).toEqual([]);
    expect(statuses.get(200)).toBeGreaterThan(0);
    expect(await recovery()).toBeLessThan(5_000);
    expect(service.alive()).toBe(true);
  });
});
