// Every other endpoint through app.inject on a real database: keys, me, organisations, servers, versions,
// leaderboard, rules, OpenAPI, docs, health, rate limit and quota.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { LATEST_RULES, lintSurface, parseSurfaceValue, ruleSets } from '@toolmark/benchmarks';
import { grantCredits, schema, storeLintResult } from '@toolmark/db';
import { bearer, startTestApp, tool, type TestApp } from './helpers.js';

let h: TestApp;
beforeAll(async () => {
  h = await startTestApp();
});
afterAll(async () => h?.close());

const get = (url: string, key?: string) => h.app.inject({ method: 'GET', url, headers: key ? bearer(key) : {} });

async function uploadAndLint(name: string, tools: unknown[], publicServer = true): Promise<{ id: string; versionId: string }> {
  const res = await h.app.inject({ method: 'POST', url: '/v1/servers', headers: bearer(h.keys.script), payload: { name, public: publicServer, source: { kind: 'upload', tools: { tools } } } });
  expect(res.statusCode, res.body).toBe(202);
  const { server } = res.json();
  // What the lint-version job does (tested with pg-boss in test/jobs): lint the stored tools and store the result.
  await storeLintResult(h.t.db, server.latestVersionId, await lintSurface(parseSurfaceValue({ tools })));
  return { id: server.id, versionId: server.latestVersionId };
}

describe('keys', () => {
  it('GET /v1/me names the organisation and purpose; agent keys cannot call the REST API', async () => {
    const me = await get('/v1/me', h.keys.ci);
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({ organisation: { id: h.orgId, slug: 'operators' }, key: { purpose: 'ci' } });
    expect(me.json().key.prefix).toMatch(/^tm_ci_.{6}$/);
    expect((await get('/v1/me', h.keys.agent)).statusCode).toBe(403);
    expect((await get('/v1/me')).statusCode).toBe(401);
    expect((await h.app.inject({ method: 'GET', url: '/v1/me', headers: { authorization: 'Basic abc' } })).statusCode).toBe(401);
  });

  it('an admin key creates, lists and revokes keys; the key is shown once and only its hash is stored', async () => {
    const created = await h.app.inject({ method: 'POST', url: '/v1/keys', headers: bearer(h.keys.admin), payload: { purpose: 'ci', name: 'GitHub Actions' } });
    expect(created.statusCode).toBe(201);
    expect(created.headers['cache-control']).toBe('no-store');
    const { key, record } = created.json();
    expect(key).toMatch(/^tm_ci_[A-Za-z0-9_-]{32}$/);
    const rows = await h.t.db.select().from(schema.apiKeys).where(eq(schema.apiKeys.id, record.id));
    expect(rows[0]!.hash).not.toContain(key);
    expect(JSON.stringify(rows)).not.toContain(key.slice(6));
    expect((await get('/v1/me', key)).statusCode).toBe(200);

    const list = await get('/v1/keys', h.keys.admin);
    expect(list.json().items.map((k: { id: string }) => k.id)).toContain(record.id);
    expect(list.body).not.toContain('hash');
    expect((await get('/v1/keys', h.keys.ci)).statusCode).toBe(403);
    expect((await get('/v1/keys', h.keys.script)).json().error.code).toBe('wrong_purpose');

    const revoked = await h.app.inject({ method: 'DELETE', url: `/v1/keys/${record.id}`, headers: bearer(h.keys.admin) });
    expect(revoked.statusCode).toBe(200);
    expect(revoked.json().revokedAt).not.toBeNull();
    expect((await get('/v1/me', key)).statusCode).toBe(401);
    const missing = await h.app.inject({ method: 'DELETE', url: '/v1/keys/00000000-0000-4000-8000-000000000000', headers: bearer(h.keys.admin) });
    expect(missing.statusCode).toBe(404);
    const bad = await h.app.inject({ method: 'POST', url: '/v1/keys', headers: bearer(h.keys.admin), payload: { purpose: 'root', name: '' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toMatchObject({ code: 'invalid_request', detail: { path: 'body.purpose' } });
  });

  it('only the operator organisation creates organisations; slugs are unique', async () => {
    const made = await h.app.inject({ method: 'POST', url: '/v1/organisations', headers: bearer(h.keys.admin), payload: { name: 'Team', slug: 'team' } });
    expect(made.statusCode).toBe(201);
    const theirs = made.json().key;
    expect((await h.app.inject({ method: 'POST', url: '/v1/organisations', headers: bearer(theirs), payload: { name: 'X', slug: 'x-org' } })).statusCode).toBe(403);
    const taken = await h.app.inject({ method: 'POST', url: '/v1/organisations', headers: bearer(h.keys.admin), payload: { name: 'Team', slug: 'team' } });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().error.detail).toEqual({ key: 'slug' });
  });
});

describe('servers', () => {
  it('registers by upload (422 names the place of a bad surface), by URL (a capture job), refuses npm when disabled', async () => {
    const up = await h.app.inject({ method: 'POST', url: '/v1/servers', headers: bearer(h.keys.admin), payload: { name: 'Notes Server!', source: { kind: 'upload', tools: [tool('a', 'A.')] } } });
    expect(up.statusCode).toBe(202);
    expect(up.headers.location).toBe(`/v1/servers/${up.json().server.id}`);
    expect(up.json().server).toMatchObject({ slug: 'notes-server', source: 'upload', captureStatus: 'captured' });
    expect(h.sent.at(-1)).toMatchObject({ queue: 'lint-version', payload: { versionId: up.json().server.latestVersionId } });

    // A slug derived from a taken name moves on to the next free one; a slug asked for is taken or not.
    const same = await h.app.inject({ method: 'POST', url: '/v1/servers', headers: bearer(h.keys.admin), payload: { name: 'Notes Server', source: { kind: 'upload', tools: [] } } });
    expect(same.statusCode).toBe(202);
    expect(same.json().server.slug).toBe('notes-server-2');
    const again = await h.app.inject({ method: 'POST', url: '/v1/servers', headers: bearer(h.keys.admin), payload: { name: 'notes server', source: { kind: 'upload', tools: [] } } });
    expect(again.json().server.slug).toBe('notes-server-3');
    const dup = await h.app.inject({ method: 'POST', url: '/v1/servers', headers: bearer(h.keys.admin), payload: { name: 'Notes', slug: 'notes-server', source: { kind: 'upload', tools: [] } } });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().error.detail).toMatchObject({ key: 'slug' });
    const uuidSlug = await h.app.inject({ method: 'POST', url: '/v1/servers', headers: bearer(h.keys.admin), payload: { name: 'U', slug: '0b7c5c1e-8a4f-4c1e-9d2a-3f6b8e9a1c2d', source: { kind: 'upload', tools: [] } } });
    expect(uuidSlug.statusCode).toBe(400);
    expect(uuidSlug.body).toMatch(/form of a UUID/);

    const bad = await h.app.inject({ method: 'POST', url: '/v1/servers', headers: bearer(h.keys.admin), payload: { name: 'Bad', source: { kind: 'upload', tools: { tools: [{ name: 1 }] } } } });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().error.detail).toMatchObject({ field: 'body.source.tools' });
    expect(bad.json().error.message).toMatch(/^source\.tools: /);

    const byUrl = await h.app.inject({ method: 'POST', url: '/v1/servers', headers: bearer(h.keys.script), payload: { name: 'Remote', source: { kind: 'url', url: 'https://mcp.example.com/mcp' } } });
    expect(byUrl.statusCode).toBe(202);
    expect(byUrl.json().server).toMatchObject({ source: 'url', sourceUrl: 'https://mcp.example.com/mcp', captureStatus: 'queued', latestVersionId: null });
    expect(h.sent.at(-1)).toEqual({ queue: 'capture-server', payload: { serverId: byUrl.json().server.id, reason: 'registered' }, singletonKey: `capture:${byUrl.json().server.id}` });

    const ftp = await h.app.inject({ method: 'POST', url: '/v1/servers', headers: bearer(h.keys.script), payload: { name: 'F', source: { kind: 'url', url: 'ftp://x/y' } } });
    expect(ftp.statusCode).toBe(400);
    expect(ftp.json().error.detail.path).toBe('body.source.url');

    const npm = await h.app.inject({ method: 'POST', url: '/v1/servers', headers: bearer(h.keys.script), payload: { name: 'N', source: { kind: 'npm', package: '@modelcontextprotocol/server-memory' } } });
    expect(npm.statusCode).toBe(403);
    expect(npm.json().error.code).toBe('npm_capture_disabled');
    expect(npm.json().error.message).toContain('TOOLMARK_ALLOW_NPM_CAPTURE');
    expect((await h.app.inject({ method: 'POST', url: '/v1/servers', headers: bearer(h.keys.ci), payload: { name: 'C', source: { kind: 'url', url: 'https://a.example/mcp' } } })).statusCode).toBe(403);
    const tooBig = await h.app.inject({ method: 'POST', url: '/v1/servers', headers: { ...bearer(h.keys.admin), 'content-type': 'application/json' }, payload: JSON.stringify({ name: 'Big', source: { kind: 'upload', tools: [tool('x', 'y'.repeat(1_200_000))] } }) });
    expect(tooBig.statusCode).toBe(413);
  });

  it('lists public servers with search and paging, shows a server with versions and scores, and a version', async () => {
    const a = await uploadAndLint('Zeta Files', [tool('read_file', 'Read a file from disk and return its text.')]);
    await uploadAndLint('Zeta Hidden', [tool('x', 'Hidden.')], false);
    const list = await get('/v1/servers?q=zeta&limit=10');
    expect(list.statusCode).toBe(200);
    expect(list.json().items.map((s: { name: string }) => s.name)).toEqual(['Zeta Files']);
    expect((await get('/v1/servers?q=zeta&mine=true', h.keys.ci)).json().total).toBe(2);
    expect((await get('/v1/servers?q=%25')).json().total).toBe(0); // % is matched literally
    const page = await get('/v1/servers?limit=1&offset=1');
    expect(page.json()).toMatchObject({ limit: 1, offset: 1 });
    expect(page.json().items).toHaveLength(1);
    expect((await get('/v1/servers?limit=0')).statusCode).toBe(400);

    const detail = await get(`/v1/servers/${a.id}`);
    expect(detail.statusCode).toBe(200);
    expect(detail.json().versions).toHaveLength(1);
    expect(detail.json().versions[0].scores[0]).toMatchObject({ rulesId: LATEST_RULES, rulesHash: ruleSets[LATEST_RULES].hash, security: { status: 'clean', findings: 0, codes: [], tools: 0 } });
    const version = await get(`/v1/versions/${a.versionId}`);
    expect(version.json().tools.tools[0].name).toBe('read_file');
    const lint = await get(`/v1/versions/${a.versionId}/lint?rules=${LATEST_RULES}`);
    expect(lint.json()).toMatchObject({ rules: { id: LATEST_RULES }, version: { id: a.versionId, seq: 1 }, security: { status: 'clean' } });
    expect((await get(`/v1/versions/${a.versionId}/lint?rules=v9`)).json().error.code).toBe('unknown_rules');
    expect((await get(`/v1/servers/00000000-0000-4000-8000-000000000000`)).statusCode).toBe(404);
  });

  it('ranks the leaderboard by score under one rules version, with filters, sorting, paging and the comparability key', async () => {
    const good = await uploadAndLint('Board Good', [
      tool('search_issues', 'Search the issue tracker for issues matching a query. Use this to find existing bugs before filing one. Returns up to 20 issues with id, title and state. Example: query "crash on start".', {
        query: { type: 'string', description: 'Words to match in titles and bodies, e.g. "login timeout".', maxLength: 200 },
      }),
    ]);
    const poor = await uploadAndLint('Board Poor', [tool('x', 'x')]);
    // With a query the default order is relevance (board-relevance.test.ts); this test is about the score order.
    const board = await get('/v1/leaderboards/lint?q=board&sort=score');
    expect(board.statusCode).toBe(200);
    const json = board.json();
    expect(json.rules).toEqual({ id: LATEST_RULES, hash: ruleSets[LATEST_RULES].hash });
    expect(json.comparabilityKey).toBe(`${LATEST_RULES}@${ruleSets[LATEST_RULES].hash}`);
    expect(json.items.map((i: { id: string }) => i.id)).toEqual([good.id, poor.id]);
    expect(json.items[0]).toMatchObject({ rank: 1, toolCount: 1 });
    expect(json.items[0].score).toBeGreaterThan(json.items[1].score);
    const asc = await get('/v1/leaderboards/lint?q=board&sort=score&order=asc');
    expect(asc.json().items.map((i: { id: string }) => i.id)).toEqual([poor.id, good.id]);
    // The rank is the place on the whole board, not in the search: the same as in the unfiltered list.
    const second = await get('/v1/leaderboards/lint?q=board&sort=score&limit=1&offset=1');
    const all = (await get('/v1/leaderboards/lint?limit=100')).json().items as { id: string; rank: number }[];
    expect(second.json().items[0]).toMatchObject({ rank: all.find((i) => i.id === poor.id)!.rank, id: poor.id });
    expect((await get(`/v1/leaderboards/lint?q=board&band=${json.items[1].band}`)).json().items.map((i: { id: string }) => i.id)).toContain(poor.id);
    expect((await get('/v1/leaderboards/lint?q=board&security=true')).json().total).toBe(0);
    // Another hash is another board: nothing was scored under it.
    expect((await get('/v1/leaderboards/lint?hash=00000000')).json().total).toBe(0);
    expect((await get('/v1/leaderboards/lint?rules=v0')).statusCode).toBe(404);
    expect((await get('/v1/leaderboards/lint?sort=evil')).statusCode).toBe(400);

    const rules = await get('/v1/rules');
    expect(rules.json().latest).toBe(LATEST_RULES);
    const latest = rules.json().items.find((r: { id: string }) => r.id === LATEST_RULES);
    expect(latest).toMatchObject({ id: LATEST_RULES, hash: ruleSets[LATEST_RULES].hash, active: true });
    expect(latest.results).toBeGreaterThanOrEqual(2);
  });
});

describe('registration by npm package, when the operator allows it', () => {
  it('refuses a spec npm would read as a URL, path or flag (400, where), and queues a capture for a good one', async () => {
    const npm = await startTestApp({ TOOLMARK_ALLOW_NPM_CAPTURE: 'true' });
    try {
      for (const spec of ['git+https://example.com/x.git', '../local', '--registry=http://evil', 'file:..']) {
        const res = await npm.app.inject({ method: 'POST', url: '/v1/servers', headers: bearer(npm.keys.script), payload: { name: `Bad ${spec}`, source: { kind: 'npm', package: spec } } });
        expect(res.statusCode, spec).toBe(400);
        expect(res.json().error).toMatchObject({ code: 'invalid_package_spec', detail: { path: 'body.source.package' } });
      }
      expect(npm.sent).toHaveLength(0);
      const ok = await npm.app.inject({ method: 'POST', url: '/v1/servers', headers: bearer(npm.keys.script), payload: { name: 'Memory', source: { kind: 'npm', package: '@modelcontextprotocol/server-memory@2026.8.31' } } });
      expect(ok.statusCode).toBe(202);
      expect(ok.json().server).toMatchObject({ source: 'npm', sourcePackage: '@modelcontextprotocol/server-memory@2026.8.31', captureStatus: 'queued' });
      expect(npm.sent).toEqual([{ queue: 'capture-server', payload: { serverId: ok.json().server.id, reason: 'registered' }, singletonKey: `capture:${ok.json().server.id}` }]);
    } finally {
      await npm.close();
    }
  });
});

describe('leaderboard read cache', () => {
  it('serves identical board reads from a short cache and refreshes after its time-to-live', async () => {
    let t = 1_000_000;
    const cached = await startTestApp({ TOOLMARK_READ_CACHE_MS: '2000' }, () => new Date(t));
    try {
      const read = async () => (await cached.app.inject({ method: 'GET', url: '/v1/leaderboards/lint' })).json().total as number;
      expect(await read()).toBe(0);
      const reg = await cached.app.inject({ method: 'POST', url: '/v1/servers', headers: bearer(cached.keys.admin), payload: { name: 'Cached', source: { kind: 'upload', tools: [tool('a', 'A thing.')] } } });
      await storeLintResult(cached.t.db, reg.json().server.latestVersionId, await lintSurface(parseSurfaceValue({ tools: [tool('a', 'A thing.')] })));
      expect(await read()).toBe(0); // still the cached page
      const res = await cached.app.inject({ method: 'GET', url: '/v1/leaderboards/lint' });
      expect(res.headers['cache-control']).toBe('public, max-age=2');
      t += 2_001;
      expect(await read()).toBe(1);
      expect((await cached.app.inject({ method: 'GET', url: '/v1/leaderboards/lint?limit=5' })).json().total).toBe(1); // another query, another entry
    } finally {
      await cached.close();
    }
  });
});

describe('operations', () => {
  it('serves the OpenAPI document from the route schemas, a docs page, and health', async () => {
    const doc = (await get('/v1/openapi.json')).json();
    expect(doc.openapi).toBe('3.1.0');
    for (const path of ['/v1/me', '/v1/keys', '/v1/keys/{id}', '/v1/servers', '/v1/servers/{id}', '/v1/servers/{id}/lint', '/v1/servers/{id}/lint/latest', '/v1/leaderboards/lint', '/v1/rules', '/v1/versions/{id}/lint']) {
      expect(doc.paths, path).toHaveProperty([path]);
    }
    const lint = doc.paths['/v1/servers/{id}/lint'].post;
    expect(Object.keys(lint.responses)).toEqual(expect.arrayContaining(['200', '400', '401', '402', '403', '404', '413', '422', '429']));
    expect(lint.parameters.find((p: { name: string }) => p.name === 'label').schema.maxLength).toBe(50);
    const docs = await get('/v1/docs');
    expect(docs.headers['content-type']).toContain('text/html');
    expect(docs.body).toContain('POST /v1/servers/{id}/lint');
    expect(docs.body).not.toContain('<script');
    const health = await get('/health');
    expect(health.json()).toEqual({ status: 'ok', database: 'ok', process: { unhandledRejections: 0, uncaughtExceptions: 0, logWriteErrors: 0, logLinesDropped: 0 } });
    const unknown = await get('/v1/nothing-here');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error.code).toBe('not_found');
  });

  it('answers 500 without internals when the database fails', async () => {
    const broken = await startTestApp();
    try {
      await broken.t.sql.unsafe('DROP TABLE board_entries CASCADE');
      const res = await broken.app.inject({ method: 'GET', url: '/v1/leaderboards/lint' });
      expect(res.statusCode).toBe(500);
      expect(res.json().error.code).toBe('internal');
      expect(res.body).not.toMatch(/board_entries|relation|SELECT|at .*\.js/);
    } finally {
      await broken.close();
    }
  });
});

describe('limits', () => {
  it('429 with Retry-After over the per-key limit; other keys are not affected', async () => {
    const limited = await startTestApp();
    try {
      await limited.t.db.update(schema.organisations).set({ rateLimitPerMinute: 3 });
      // (The key lookup is cached for 5 s; a new app sees the limit at once.)
      const codes = [];
      for (let i = 0; i < 4; i++) codes.push((await limited.app.inject({ method: 'GET', url: '/v1/me', headers: bearer(limited.keys.ci) })).statusCode);
      expect(codes).toEqual([200, 200, 200, 429]);
      const over = await limited.app.inject({ method: 'GET', url: '/v1/me', headers: bearer(limited.keys.ci) });
      expect(over.statusCode).toBe(429);
      expect(Number(over.headers['retry-after'])).toBeGreaterThan(0);
      expect(over.json().error.code).toBe('rate_limited');
      expect((await limited.app.inject({ method: 'GET', url: '/v1/me', headers: bearer(limited.keys.script) })).statusCode).toBe(200);
    } finally {
      await limited.close();
    }
  });

  it('402 when the month’s units and credits are used up: nothing saved; credits spent oldest-expiring first', async () => {
    let now = new Date('2026-11-20T10:00:00Z');
    const q = await startTestApp({}, () => now);
    try {
      await q.t.db.update(schema.organisations).set({ monthlyUnitsCi: 1 });
      await grantCredits(q.t.db, { organisationId: q.orgId, amount: 1, reason: 'later', expiresAt: new Date('2027-04-01T00:00:00Z') });
      await grantCredits(q.t.db, { organisationId: q.orgId, amount: 1, reason: 'sooner', expiresAt: new Date('2026-12-15T00:00:00Z') });
      const reg = await q.app.inject({ method: 'POST', url: '/v1/servers', headers: bearer(q.keys.admin), payload: { name: 'Quota', source: { kind: 'upload', tools: [tool('a', 'A.')] } } });
      const id = reg.json().server.id;
      const body = JSON.stringify({ tools: [tool('a', 'A thing.')] });
      const post = () => q.app.inject({ method: 'POST', url: `/v1/servers/${id}/lint`, headers: { ...bearer(q.keys.ci), 'content-type': 'application/json' }, payload: body });
      expect((await post()).statusCode).toBe(200); // allowance
      expect((await post()).statusCode).toBe(200); // credit "sooner"
      const left = await q.t.db.select().from(schema.credits);
      expect(Object.fromEntries(left.map((c) => [c.reason, c.remaining]))).toEqual({ sooner: 0, later: 1 });
      now = new Date('2026-12-20T10:00:00Z'); // a new month: the allowance is back
      expect((await post()).statusCode).toBe(200);
      expect((await post()).statusCode).toBe(200); // credit "later"
      const refused = await post();
      expect(refused.statusCode).toBe(402);
      expect(refused.json().error).toMatchObject({ code: 'quota_exhausted', detail: { purpose: 'ci', month: '2026-12' } });
      const saves = await q.t.db.select().from(schema.lintSaves);
      expect(saves).toHaveLength(4);
      const usage = await q.t.db.select().from(schema.usage);
      expect(usage.map((u) => [u.month, u.purpose, u.units, u.creditUnits]).sort()).toEqual([
        ['2026-11-01', 'ci', 1, 1],
        ['2026-12-01', 'ci', 1, 1],
      ]);
    } finally {
      await q.close();
    }
  });
});
