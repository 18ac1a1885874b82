// The API routes the public site needs (rules catalogue, badge, version diff), the site mount in the
// Fastify process, and per-visitor rate limits for the site's loopback calls — on a real database.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FINDING_CODES_V1, LATEST_RULES, lintSurface, parseSurfaceValue, ruleSets } from '@toolmark/benchmarks';
import { storeLintResult } from '@toolmark/db';
import { buildApp } from '../../src/app.js';
import { loadConfig } from '../../src/config.js';
import { isApiPath, siteMount } from '../../src/site.js';
import { SITE_TOKEN } from '../../src/site-token.js';
import { bearer, startTestApp, tool, type TestApp } from './helpers.js';

let h: TestApp;
beforeAll(async () => {
  // A tiny anonymous limit, to see whose budget the site's calls spend; other calls here use keys or unlimited routes.
  h = await startTestApp({ TOOLMARK_ANON_RATE_LIMIT: '3' });
});
afterAll(async () => h?.close());

async function upload(name: string, tools: unknown[], publicServer = true): Promise<{ id: string; versionId: string }> {
  const res = await h.app.inject({ method: 'POST', url: '/v1/servers', headers: bearer(h.keys.script), payload: { name, public: publicServer, source: { kind: 'upload', tools: { tools } } } });
  expect(res.statusCode, res.body).toBe(202);
  const { server } = res.json();
  await storeLintResult(h.t.db, server.latestVersionId, await lintSurface(parseSurfaceValue({ tools })));
  return { id: server.id, versionId: server.latestVersionId };
}

describe('GET /v1/rules/{id}', () => {
  it('explains every finding code of v1 exactly once, with the contract severities, in both languages', async () => {
    const res = await h.app.inject({ method: 'GET', url: '/v1/rules/v1' });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.hash).toBe(ruleSets.v1.hash);
    expect(body.findings.map((f: { code: string }) => f.code).sort()).toEqual([...FINDING_CODES_V1].sort());
    const findings = ruleSets.v1.findings;
    for (const f of findings) for (const k of ['title', 'trigger', 'fix'] as const) expect(f[k].en.length * f[k].ja.length, `${f.code}.${k}`).toBeGreaterThan(0);
    expect(findings.find((f) => f.code === 'param_no_description')!.severities).toEqual(['required', 'minor']);
    expect(findings.find((f) => f.code === 'no_description')!.severities).toEqual(['critical']);
    expect(body.categories.map((c: { max: number }) => c.max).reduce((a: number, b: number) => a + b)).toBe(100);
    expect(body.changelog).toContain('first published version');
    expect((await h.app.inject({ method: 'GET', url: '/v1/rules/v9' })).statusCode).toBe(404);
  });

  it('answers each version with its own facts: v1 and v2 differ in codes, severities, security; v3 is the latest, also as `latest`', async () => {
    const [v1, v2, v3, latest] = await Promise.all(['v1', 'v2', 'v3', 'latest'].map(async (id) => (await h.app.inject({ method: 'GET', url: `/v1/rules/${id}` })).json()));
    type Doc = { code: string; severities: string[]; security: boolean };
    const byCode = (body: { findings: Doc[] }) => new Map(body.findings.map((f) => [f.code, f]));
    const [d1, d2] = [byCode(v1), byCode(v2)];
    expect(LATEST_RULES).toBe('v3');
    expect([v1.latest, v2.latest, v3.latest]).toEqual([false, false, true]);
    expect(latest).toEqual(v3);
    expect(v3.changelog).toContain('Rules v3 changelog');
    expect(v3.changelog).toContain('## Tools moved on the corpus');
    expect(v1.hash).not.toBe(v2.hash);
    // v2's new codes exist only in v2.
    for (const code of ['security_risk', 'malformed_input_schema', 'annotation_not_boolean', 'destructive_hint_on_read']) {
      expect(d1.has(code), code).toBe(false);
      expect(d2.has(code), code).toBe(true);
    }
    expect(d2.get('security_risk')).toMatchObject({ severities: ['critical'], security: true });
    // What changed between the versions, as each one scores it.
    expect([d1.get('tool_shadowing')!.severities, d2.get('tool_shadowing')!.severities]).toEqual([['required'], ['critical']]);
    expect([d1.get('too_short')!.severities, d2.get('too_short')!.severities]).toEqual([['required'], ['required', 'minor']]);
    expect(v1.changelog).not.toBe(v2.changelog);
    expect(v2.changelog).toContain('Rules v2 changelog');
    // The facts served are the rule set's own, whole.
    expect(v2).toMatchObject({ bands: ruleSets.v2.bands, categories: ruleSets.v2.categories, findings: ruleSets.v2.findings });
  });
});

describe('badge', () => {
  it('is an SVG with the rules version and the band + score, cached with an ETag; private servers have none', async () => {
    const { id } = await upload('Badge server', [tool('search_docs', 'Searches the documentation and returns matching pages. Use it when the user asks how to do something.')]);
    const res = await h.app.inject({ method: 'GET', url: `/v1/servers/${id}/badge.svg` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('image/svg+xml');
    expect(res.headers['cache-control']).toBe('public, max-age=300');
    expect(res.body).toMatch(/^<svg [^>]*role="img"/);
    expect(res.body).toContain(`toolmark ${LATEST_RULES}`);
    expect(res.body).toMatch(/<text[^>]*>[☀☁☂] \d+\.\d<\/text>/);
    const again = await h.app.inject({ method: 'GET', url: `/v1/servers/${id}/badge.svg`, headers: { 'if-none-match': res.headers.etag as string } });
    expect(again.statusCode).toBe(304);
    const hidden = await upload('Private badge', [tool('a_tool', 'Does a thing for the tests here.')], false);
    expect((await h.app.inject({ method: 'GET', url: `/v1/servers/${hidden.id}/badge.svg` })).statusCode).toBe(404);
  });

  it('escapes nothing it does not own: the badge holds only the rules id and numbers', async () => {
    const { id } = await upload('<script>alert(1)</script>', [tool('x_tool', 'Does x for the badge escaping test.')]);
    const res = await h.app.inject({ method: 'GET', url: `/v1/servers/${id}/badge.svg` });
    expect(res.body).not.toContain('<script>');
  });
});

describe('GET /v1/versions/{id}/diff', () => {
  it('lists tools added, removed and changed with score deltas between two versions of one server', async () => {
    const first = [tool('search_issues', 'Search issues.'), tool('close_issue', 'Closes an issue by its number in the project tracker.')];
    const { id, versionId: v1 } = await upload('Diff server', first);
    const second = [tool('search_issues', 'Searches the issues by keyword and returns the best matches. Use it when the user asks about bugs.'), tool('create_issue', 'Creates an issue with a title; returns its number.')];
    const saved = await h.app.inject({ method: 'POST', url: `/v1/servers/${id}/lint`, headers: { ...bearer(h.keys.ci), 'content-type': 'application/json' }, payload: JSON.stringify({ tools: second }) });
    expect(saved.statusCode, saved.body).toBe(200);
    const v2 = saved.json().version.id;
    const res = await h.app.inject({ method: 'GET', url: `/v1/versions/${v2}/diff?base=${v1}` });
    expect(res.statusCode, res.body).toBe(200);
    const { changes, base, target } = res.json();
    expect(base.seq).toBe(1);
    expect(target.seq).toBe(2);
    expect(changes.toolsAdded.map((t: { name: string }) => t.name)).toEqual(['create_issue']);
    expect(changes.toolsRemoved.map((t: { name: string }) => t.name)).toEqual(['close_issue']);
    expect(changes.toolsChanged).toHaveLength(1);
    expect(changes.toolsChanged[0].delta).toBeGreaterThan(0);
    const withHash = await h.app.inject({ method: 'GET', url: `/v1/versions/${v2}/diff?base=${v1}&hash=${encodeURIComponent(ruleSets[LATEST_RULES].hash)}` });
    expect(withHash.statusCode).toBe(200);
    const other = await upload('Other server', [tool('other_tool', 'Does another thing entirely for this test.')]);
    expect((await h.app.inject({ method: 'GET', url: `/v1/versions/${v2}/diff?base=${other.versionId}` })).statusCode).toBe(404);
  });

  it('the leaderboard accepts the rules hash as GET /v1/rules names it (sha256:…)', async () => {
    const res = await h.app.inject({ method: 'GET', url: `/v1/leaderboards/lint?hash=${encodeURIComponent(ruleSets[LATEST_RULES].hash)}`, headers: bearer(h.keys.ci) });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().rules.hash).toBe(ruleSets[LATEST_RULES].hash);
  });

  it('counts security findings (invisible characters) so the leaderboard filter finds them', async () => {
    await upload('Sneaky server', [tool('sneaky_tool', 'Reads notes\u202E from the workspace and returns them.')]);
    const res = await h.app.inject({ method: 'GET', url: '/v1/leaderboards/lint?security=true', headers: bearer(h.keys.ci) });
    expect(res.json().items.map((i: { name: string }) => i.name)).toContain('Sneaky server');
  });
});

describe('rate limit for the site', () => {
  it('limits site calls by the forwarded visitor address only with the right token', async () => {
    const board = (headers: Record<string, string>) => h.app.inject({ method: 'GET', url: '/v1/leaderboards/lint', headers });
    const visitor = (ip: string) => ({ 'x-toolmark-site': SITE_TOKEN, 'x-toolmark-client': ip });
    for (let i = 0; i < 3; i++) expect((await board(visitor('203.0.113.1'))).statusCode).toBe(200);
    expect((await board(visitor('203.0.113.1'))).statusCode).toBe(429);
    // Another visitor through the same site has their own budget.
    expect((await board(visitor('203.0.113.2'))).statusCode).toBe(200);
    // A forged token does not pick an address: the caller's own (127.0.0.1 here) is limited, whatever it claims.
    for (let i = 0; i < 3; i++) await board({});
    expect((await board({})).statusCode).toBe(429);
    expect((await board({ 'x-toolmark-site': 'forged', 'x-toolmark-client': '203.0.113.3' })).statusCode).toBe(429);
    expect((await board({ 'x-toolmark-client': '203.0.113.3' })).statusCode).toBe(429);
  });
});

describe('site mount', () => {
  it('sends every path but /v1/* and /health to the site handler; JSON posts to the API still work', async () => {
    expect(['/v1/rules', '/v1', '/health', '/health?x=1', '/v1/servers?x', '/cli/toolmark.tgz', '/mcp', '/mcp?x=1', '/v0/servers', '/v0.1/servers?limit=2'].every(isApiPath)).toBe(true);
    expect(['/', '/v1x', '/servers/1', '/healthz', '/findings#x', '/mcpx', '/mcp/x'].some(isApiPath)).toBe(false);
    const dir = mkdtempSync(join(tmpdir(), 'toolmark-site-'));
    const handlerPath = join(dir, 'handler.js');
    writeFileSync(handlerPath, `export const handler = (req, res, next) => { if (req.url === '/pass') return next(); res.writeHead(200, { 'content-type': 'text/html' }); res.end('<p>site ' + req.method + ' ' + req.url + ' ' + process.env.TOOLMARK_API_URL + '</p>'); };`);
    const config = loadConfig({ TOOLMARK_LOG_LEVEL: 'silent', PORT: '0' });
    const app = await buildApp({ database: h.t, jobs: { send: async () => 'job' }, config, logger: false, site: siteMount({ config, stateDir: dir, log: { error: () => undefined } as never, handlerPath }) });
    const address = await app.listen({ host: '127.0.0.1', port: 0 });
    try {
      const page = await fetch(`${address}/servers/abc?x=1`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"a":1}' });
      expect(page.status).toBe(200);
      expect(await page.text()).toBe(`<p>site POST /servers/abc?x=1 ${address}</p>`);
      expect((await fetch(`${address}/pass`)).status).toBe(404);
      const api = await fetch(`${address}/v1/servers`, { method: 'POST', headers: { ...bearer(h.keys.script), 'content-type': 'application/json' }, body: JSON.stringify({ name: 'Via mount', source: { kind: 'upload', tools: [tool('a_b', 'Does a and b for the mount test.')] } }) });
      expect(api.status).toBe(202);
      expect((await fetch(`${address}/health`)).status).toBe(200);
      // The session secret is kept (0600) for the next start.
      expect(process.env.TOOLMARK_SITE_SESSION_SECRET?.length).toBeGreaterThanOrEqual(32);
    } finally {
      await app.close();
    }
  });
});
