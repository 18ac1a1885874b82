// Maintainers manage their servers (edit, hide, delete, re-capture) and read their usage; the public board
// ranks only servers with tools and a score, says which servers have identical tools, and where each
// server's tools came from. Real PostgreSQL (its own database), the app through inject.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { grantCredits, storeLintResult } from '@toolmark/db';
import { lintSurface, parseSurfaceValue } from '@toolmark/benchmarks';
import { bearer, startTestApp, tool, type TestApp } from './helpers.js';

let h: TestApp;
let otherAdmin: string;
let otherCi: string;

const tools = (name: string) => [tool(name, `Search the ${name} of the workspace by keyword. Returns up to 20 matches with id and title; use it before creating one.`)];

/** Register by upload and lint it as the lint-version job would; the server's id. */
async function upload(name: string, list: unknown[], options: { public?: boolean; key?: string } = {}): Promise<string> {
  const res = await h.app.inject({ method: 'POST', url: '/v1/servers', headers: bearer(options.key ?? h.keys.admin), payload: { name, public: options.public ?? true, source: { kind: 'upload', tools: { tools: list } } } });
  expect(res.statusCode, res.body).toBe(202);
  const { server } = res.json();
  await storeLintResult(h.t.db, server.latestVersionId, await lintSurface(parseSurfaceValue({ tools: list })));
  return server.id as string;
}

const board = async (q = '') => (await h.app.inject({ method: 'GET', url: `/v1/leaderboards/lint?limit=100${q}` })).json() as { total: number; items: { id: string; name: string; source: string; sameSurfaceAs: { id: string; name: string } | null }[] };

beforeAll(async () => {
  h = await startTestApp({ TOOLMARK_ALLOW_PRIVATE_URLS: '1' });
  const other = await h.app.inject({ method: 'POST', url: '/v1/organisations', headers: bearer(h.keys.admin), payload: { name: 'Other', slug: 'other-org' } });
  otherAdmin = other.json().key;
  otherCi = (await h.app.inject({ method: 'POST', url: '/v1/keys', headers: bearer(otherAdmin), payload: { purpose: 'ci', name: 'ci' } })).json().key;
});
afterAll(async () => h?.close());

describe('the public board', () => {
  it("does not rank the README's registration example (no tools): the server is still reachable, unranked", async () => {
    const res = await h.app.inject({ method: 'POST', url: '/v1/servers', headers: bearer(h.keys.admin), payload: { name: 'My server', source: { kind: 'upload', tools: { tools: [] } } } });
    expect(res.statusCode).toBe(202);
    const { server } = res.json();
    await storeLintResult(h.t.db, server.latestVersionId, await lintSurface(parseSurfaceValue({ tools: [] })));
    await upload('Ranked one', tools('notes'));
    const b = await board();
    expect(b.items.map((i) => i.name)).toContain('Ranked one');
    expect(b.items.map((i) => i.name)).not.toContain('My server');
    expect(b.total).toBe(b.items.length);
    const page = await h.app.inject({ method: 'GET', url: `/v1/servers/${server.id}` });
    expect(page.statusCode).toBe(200);
    expect(page.json().versions[0]).toMatchObject({ toolCount: 0 });
  });

  it('names the other public server with identical tools, and where each row’s tools came from', async () => {
    const original = await upload('Original tools', tools('issues'));
    const copy = await upload('Copied tools', tools('issues'));
    const privateCopy = await upload('Private copy', tools('issues'), { public: false });
    const rows = (await board('&q=tools')).items;
    const row = (name: string) => rows.find((r) => r.name === name)!;
    expect(row('Copied tools').sameSurfaceAs).toMatchObject({ id: original, name: 'Original tools' });
    expect(row('Original tools').sameSurfaceAs).toMatchObject({ id: copy });
    expect(row('Original tools').source).toBe('upload');
    const detail = (await h.app.inject({ method: 'GET', url: `/v1/servers/${copy}` })).json();
    // Only public servers count: the private copy is not named to anyone.
    expect(detail.sameSurface).toEqual({ total: 1, items: [{ id: original, slug: 'original-tools', name: 'Original tools' }] });
    const own = (await h.app.inject({ method: 'GET', url: `/v1/servers/${privateCopy}`, headers: bearer(h.keys.ci) })).json();
    expect(own.sameSurface.total).toBe(2);
  });
});

describe('PATCH /v1/servers/{id}', () => {
  it('edits name, description, links and visibility for its organisation’s admins; the board follows', async () => {
    const id = await upload('Editable', tools('files'));
    const res = await h.app.inject({
      method: 'PATCH',
      url: `/v1/servers/${id}`,
      headers: bearer(h.keys.admin),
      payload: { name: 'Edited name', description: 'Line one.\nLine two.', homepage: 'https://example.com/', repository: 'https://github.com/example/edited' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ id, name: 'Edited name', description: 'Line one.\nLine two.', homepage: 'https://example.com/', repository: 'https://github.com/example/edited', public: true });
    expect((await board()).items.find((i) => i.id === id)?.name).toBe('Edited name');
    // The slug is the server's link: a rename keeps it, and the server is found by it as by its id.
    expect(res.json().slug).toBe('editable');
    const bySlug = await h.app.inject({ method: 'GET', url: '/v1/servers/editable' });
    expect(bySlug.statusCode).toBe(200);
    expect(bySlug.json().server).toMatchObject({ id, name: 'Edited name', slug: 'editable' });
    // Clearing a link, hiding the server: off the board and the public list, still there for its organisation.
    const hidden = await h.app.inject({ method: 'PATCH', url: `/v1/servers/${id}`, headers: bearer(h.keys.admin), payload: { homepage: null, public: false } });
    expect(hidden.json()).toMatchObject({ homepage: null, public: false });
    expect((await board()).items.some((i) => i.id === id)).toBe(false);
    expect((await h.app.inject({ method: 'GET', url: `/v1/servers/${id}` })).statusCode).toBe(404);
    expect((await h.app.inject({ method: 'GET', url: '/v1/servers/editable' })).statusCode).toBe(404);
    expect((await h.app.inject({ method: 'GET', url: `/v1/servers/${id}`, headers: bearer(h.keys.ci) })).statusCode).toBe(200);
    await h.app.inject({ method: 'PATCH', url: `/v1/servers/${id}`, headers: bearer(h.keys.admin), payload: { public: true } });
    expect((await board()).items.some((i) => i.id === id)).toBe(true);
  });

  it('refuses non-admins (403), another organisation (403 public, 404 private), no key (401) and bad bodies (400 naming the field)', async () => {
    const id = await upload('Guarded', tools('tasks'));
    const hidden = await upload('Guarded private', tools('docs'), { public: false });
    const patch = (server: string, payload: unknown, key?: string) => h.app.inject({ method: 'PATCH', url: `/v1/servers/${server}`, headers: key ? bearer(key) : {}, payload: payload as object });
    expect((await patch(id, { name: 'x' }, h.keys.ci)).json().error).toMatchObject({ code: 'wrong_purpose', detail: { allowed: ['admin'] } });
    expect((await patch(id, { name: 'x' }, h.keys.script)).statusCode).toBe(403);
    const theirs = await patch(id, { name: 'x' }, otherAdmin);
    expect(theirs.statusCode).toBe(403);
    expect(theirs.json().error.code).toBe('forbidden');
    expect((await patch(hidden, { name: 'x' }, otherAdmin)).statusCode).toBe(404);
    expect((await patch(id, { name: 'x' })).statusCode).toBe(401);
    const empty = await patch(id, {}, h.keys.admin);
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error.message).toContain('at least one field');
    const badUrl = await patch(id, { homepage: 'javascript:alert(1)' }, h.keys.admin);
    expect(badUrl.statusCode).toBe(400);
    expect(badUrl.json().error.detail).toMatchObject({ path: 'body.homepage' });
    expect((await patch(id, { slug: 'new-slug' }, h.keys.admin)).statusCode).toBe(400);
    expect((await h.app.inject({ method: 'GET', url: `/v1/servers/${id}` })).json().server.name).toBe('Guarded');
  });
});

describe('DELETE /v1/servers/{id}', () => {
  it('soft-deletes: off the board, lists and routes; stored versions and results stay readable by id; saves refused', async () => {
    const id = await upload('Deletable', tools('labels'));
    const versionId = (await h.app.inject({ method: 'GET', url: `/v1/servers/${id}` })).json().server.latestVersionId as string;
    // A CI save first, so the save path's memo knows the owner.
    const body = JSON.stringify({ tools: tools('labels') });
    expect((await h.app.inject({ method: 'POST', url: `/v1/servers/${id}/lint`, headers: bearer(h.keys.ci), payload: body })).statusCode).toBe(200);
    expect((await h.app.inject({ method: 'DELETE', url: `/v1/servers/${id}`, headers: bearer(h.keys.ci) })).statusCode).toBe(403);
    expect((await h.app.inject({ method: 'DELETE', url: `/v1/servers/${id}`, headers: bearer(otherAdmin) })).statusCode).toBe(403);
    const res = await h.app.inject({ method: 'DELETE', url: `/v1/servers/${id}`, headers: bearer(h.keys.admin) });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ id, deletedAt: expect.stringMatching(/^\d{4}-/) });
    expect((await board()).items.some((i) => i.id === id)).toBe(false);
    expect((await h.app.inject({ method: 'GET', url: `/v1/servers/${id}`, headers: bearer(h.keys.ci) })).statusCode).toBe(404);
    expect((await h.app.inject({ method: 'GET', url: '/v1/servers?mine=true&limit=100', headers: bearer(h.keys.ci) })).json().items.some((s: { id: string }) => s.id === id)).toBe(false);
    expect((await h.app.inject({ method: 'GET', url: `/v1/versions/${versionId}/lint` })).statusCode).toBe(200);
    expect((await h.app.inject({ method: 'GET', url: `/v1/servers/${id}/badge.svg` })).statusCode).toBe(404);
    // The same bytes again (the one-statement path) and new tools (the other two paths): all refused, nothing saved.
    expect((await h.app.inject({ method: 'POST', url: `/v1/servers/${id}/lint`, headers: bearer(h.keys.ci), payload: body })).statusCode).toBe(404);
    expect((await h.app.inject({ method: 'POST', url: `/v1/servers/${id}/lint`, headers: bearer(h.keys.ci), payload: JSON.stringify({ tools: tools('other') }) })).statusCode).toBe(404);
    const [saves] = await h.t.sql<{ n: number }[]>`SELECT count(*)::int AS n FROM lint_saves WHERE server_id = ${id}`;
    expect(saves?.n).toBe(1);
    expect((await h.app.inject({ method: 'DELETE', url: `/v1/servers/${id}`, headers: bearer(h.keys.admin) })).statusCode).toBe(404);
  });
});

describe('POST /v1/servers/{id}/capture', () => {
  it('queues a capture of a URL server for its admins; uploads are 409 not_capturable; others refused', async () => {
    const reg = await h.app.inject({ method: 'POST', url: '/v1/servers', headers: bearer(h.keys.admin), payload: { name: 'Remote one', source: { kind: 'url', url: 'http://127.0.0.1:9/mcp' } } });
    const id = reg.json().server.id as string;
    const before = h.sent.length;
    const res = await h.app.inject({ method: 'POST', url: `/v1/servers/${id}/capture`, headers: bearer(h.keys.admin) });
    expect(res.statusCode, res.body).toBe(202);
    expect(res.json().server).toMatchObject({ id, captureStatus: 'queued' });
    expect(h.sent.slice(before)).toEqual([{ queue: 'capture-server', payload: { serverId: id, reason: 'requested' }, singletonKey: `capture:${id}` }]);
    expect((await h.app.inject({ method: 'POST', url: `/v1/servers/${id}/capture`, headers: bearer(h.keys.script) })).statusCode).toBe(403);
    expect((await h.app.inject({ method: 'POST', url: `/v1/servers/${id}/capture`, headers: bearer(otherAdmin) })).statusCode).toBe(403);
    const uploaded = await upload('Uploaded once', tools('boards'));
    const refused = await h.app.inject({ method: 'POST', url: `/v1/servers/${uploaded}/capture`, headers: bearer(h.keys.admin) });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toMatchObject({ code: 'not_capturable', detail: { source: 'upload' } });
  });
});

describe('GET /v1/me/usage', () => {
  it("shows this month's units per purpose and unexpired credits, oldest-expiring first", async () => {
    const id = await upload('Usage server', tools('sprints'));
    await h.app.inject({ method: 'POST', url: `/v1/servers/${id}/lint`, headers: bearer(h.keys.ci), payload: JSON.stringify({ tools: tools('sprints') }) });
    const soon = new Date(Date.now() + 7 * 86_400_000);
    await grantCredits(h.t.db, { organisationId: h.orgId, amount: 50, reason: 'refund', expiresAt: new Date(Date.now() + 180 * 86_400_000) });
    await grantCredits(h.t.db, { organisationId: h.orgId, amount: 5, reason: 'trial', expiresAt: soon });
    await grantCredits(h.t.db, { organisationId: h.orgId, amount: 9, reason: 'expired', expiresAt: new Date(Date.now() - 1000) });
    const res = await h.app.inject({ method: 'GET', url: '/v1/me/usage', headers: bearer(h.keys.ci) });
    expect(res.statusCode, res.body).toBe(200);
    const u = res.json();
    expect(u.month).toBe(new Date().toISOString().slice(0, 7));
    expect(u.purposes.ci.used).toBeGreaterThanOrEqual(1);
    expect(u.purposes.ci.remaining).toBe(u.purposes.ci.allowance - u.purposes.ci.used);
    expect(u.purposes.script).toMatchObject({ allowance: 1000, fromCredits: 0 });
    expect(u.credits.remaining).toBe(55);
    expect(u.credits.items.map((c: { reason: string }) => c.reason)).toEqual(['trial', 'refund']);
    expect(u.credits.items[0].expiresAt).toBe(soon.toISOString());
    // Each organisation sees its own.
    expect((await h.app.inject({ method: 'GET', url: '/v1/me/usage', headers: bearer(otherCi) })).json().credits.remaining).toBe(0);
    expect((await h.app.inject({ method: 'GET', url: '/v1/me/usage' })).statusCode).toBe(401);
  });
});
