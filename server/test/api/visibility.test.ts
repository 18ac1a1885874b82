// Who may see a server, through every route that reads one (canSee via visibleServerOr404 / visibleVersionOr404,
// the badge, save-lint), and the one answer for an unknown rules version on every route that takes one.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lintSurface, parseSurfaceValue, ruleSets } from '@toolmark/benchmarks';
import { storeLintResult } from '@toolmark/db';
import { bearer, startTestApp, tool, type TestApp } from './helpers.js';

let h: TestApp;
let otherCi: string;
const servers: Record<'open' | 'hidden', { id: string; versionId: string; second: string }> = {} as never;
const UNKNOWN = '00000000-0000-4000-8000-000000000000';
const tools = (n: number) => ({ tools: Array.from({ length: n }, (_, i) => tool(`tool_${i}`, `Reads entry ${i} of the index and returns its text.`)) });

beforeAll(async () => {
  h = await startTestApp();
  for (const [name, isPublic] of [['open', true], ['hidden', false]] as const) {
    const res = await h.app.inject({ method: 'POST', url: '/v1/servers', headers: bearer(h.keys.script), payload: { name: `Visibility ${name}`, public: isPublic, source: { kind: 'upload', tools: tools(1) } } });
    expect(res.statusCode, res.body).toBe(202);
    const { server } = res.json();
    await storeLintResult(h.t.db, server.latestVersionId, await lintSurface(parseSurfaceValue(tools(1))));
    const saved = await h.app.inject({ method: 'POST', url: `/v1/servers/${server.id}/lint`, headers: bearer(h.keys.ci), payload: JSON.stringify(tools(2)) });
    expect(saved.statusCode, saved.body).toBe(200);
    servers[name] = { id: server.id, versionId: server.latestVersionId, second: saved.json().version.id };
  }
  const other = await h.app.inject({ method: 'POST', url: '/v1/organisations', headers: bearer(h.keys.admin), payload: { name: 'Others', slug: 'others' } });
  const created = await h.app.inject({ method: 'POST', url: '/v1/keys', headers: bearer(other.json().key), payload: { purpose: 'ci', name: 'their CI' } });
  otherCi = created.json().key;
});
afterAll(async () => h?.close());

/** Every read of a server or one of its versions, for a server `s`. */
const reads = (s: { id: string; versionId: string; second: string }) => ({
  server: `/v1/servers/${s.id}`,
  latest: `/v1/servers/${s.id}/lint/latest`,
  version: `/v1/versions/${s.versionId}`,
  versionLint: `/v1/versions/${s.versionId}/lint`,
  diff: `/v1/versions/${s.second}/diff?base=${s.versionId}`,
});
const get = (url: string, key?: string) => h.app.inject({ method: 'GET', url, headers: key ? bearer(key) : {} });

describe('who may see a server', () => {
  it('a public server: every read answers 200 without a key, with its own key and with another organisation’s', async () => {
    for (const [what, url] of Object.entries(reads(servers.open))) {
      for (const key of [undefined, h.keys.ci, otherCi]) expect((await get(url, key)).statusCode, `${what} ${key ? 'with a key' : 'without'}`).toBe(200);
    }
    expect((await get(`/v1/servers/${servers.open.id}/badge.svg`)).statusCode).toBe(200);
  });

  it('a private server: 200 with its organisation’s key; without a key or with another organisation’s, the 404 of an id that does not exist (never 403)', async () => {
    const absent = reads({ id: UNKNOWN, versionId: UNKNOWN, second: UNKNOWN });
    for (const [what, url] of Object.entries(reads(servers.hidden))) {
      expect((await get(url, h.keys.ci)).statusCode, `${what} with its own key`).toBe(200);
      const missing = await get(absent[what as keyof typeof absent], otherCi);
      for (const key of [undefined, otherCi]) {
        const res = await get(url, key);
        expect(res.statusCode, `${what} ${key ? 'with another key' : 'without a key'}`).toBe(404);
        expect(res.json().error.code).toBe('not_found');
        // The same answer as for nothing at all, but for the id it names.
        expect(res.body.replaceAll(servers.hidden.id, UNKNOWN).replaceAll(servers.hidden.versionId, UNKNOWN).replaceAll(servers.hidden.second, UNKNOWN)).toBe(missing.body);
      }
    }
  });

  it('a private server has no badge, even for its own key (a badge is read by everyone who sees the README)', async () => {
    for (const key of [undefined, h.keys.ci, otherCi]) {
      const res = await get(`/v1/servers/${servers.hidden.id}/badge.svg`, key);
      expect(res.statusCode).toBe(404);
      expect(res.json().error.code).toBe('not_found');
    }
  });

  it('saving a score: 404 for another organisation’s private server, 403 for its public one, 200 for one’s own', async () => {
    const save = (id: string, key: string) => h.app.inject({ method: 'POST', url: `/v1/servers/${id}/lint`, headers: bearer(key), payload: JSON.stringify(tools(2)) });
    const hidden = await save(servers.hidden.id, otherCi);
    expect(hidden.statusCode).toBe(404);
    expect(hidden.json().error.code).toBe('not_found');
    const open = await save(servers.open.id, otherCi);
    expect(open.statusCode).toBe(403);
    expect(open.json().error.code).toBe('forbidden');
    expect((await save(servers.hidden.id, h.keys.ci)).statusCode).toBe(200);
  });
});

describe('an unknown rules version', () => {
  it('is the same 404 unknown_rules on every route that takes a rules id, naming the parameter and the known ids, before any lookup', async () => {
    const s = servers.open;
    const urls: [string, 'rules' | 'id'][] = [
      ['/v1/leaderboards/lint?rules=v9', 'rules'],
      [`/v1/versions/${s.versionId}/lint?rules=v9`, 'rules'],
      [`/v1/versions/${s.second}/diff?base=${s.versionId}&rules=v9`, 'rules'],
      [`/v1/servers/${s.id}/badge.svg?rules=v9`, 'rules'],
      ['/v1/rules/v9', 'id'],
      // Checked first: an unknown rules id for a version that does not exist is still about the rules.
      [`/v1/versions/${UNKNOWN}/lint?rules=v9`, 'rules'],
      [`/v1/versions/${UNKNOWN}/diff?base=${UNKNOWN}&rules=v9`, 'rules'],
    ];
    for (const [url, key] of urls) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.json(), url).toEqual({
        error: { code: 'unknown_rules', message: `no rules version v9; this build knows ${Object.keys(ruleSets).join(', ')} and latest (GET /v1/rules)`, detail: { key, rules: 'v9', known: Object.keys(ruleSets) } },
      });
    }
  });

  it('GET /v1/rules/{id} explains the requested version from its own rule set', async () => {
    for (const id of Object.keys(ruleSets) as (keyof typeof ruleSets)[]) {
      const body = (await get(`/v1/rules/${id}`)).json();
      expect(body).toMatchObject({ id, hash: ruleSets[id].hash, bands: ruleSets[id].bands });
      expect(body.findings).toEqual(ruleSets[id].findings);
      expect(body.categories).toEqual(ruleSets[id].categories);
    }
  });
});
