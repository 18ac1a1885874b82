// POST /v1/servers/{id}/lint and GET …/lint/latest through app.inject on a real database.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { grantCredits, schema } from '@toolmark/db';
import { bearer, startTestApp, tool, type TestApp } from './helpers.js';

let h: TestApp;
beforeAll(async () => {
  h = await startTestApp();
});
afterAll(async () => h?.close());

async function register(slug: string, publicServer = true): Promise<string> {
  const res = await h.app.inject({
    method: 'POST',
    url: '/v1/servers',
    headers: bearer(h.keys.admin),
    payload: { name: slug, slug, public: publicServer, source: { kind: 'upload', tools: { tools: [tool('seed_tool', 'Seeds a thing.')] } } },
  });
  expect(res.statusCode, res.body).toBe(202);
  return res.json().server.id;
}

const save = (id: string, body: unknown, key = h.keys.ci, query = '', contentType = 'application/json') =>
  h.app.inject({
    method: 'POST',
    url: `/v1/servers/${id}/lint${query}`,
    headers: { ...bearer(key), 'content-type': contentType },
    payload: typeof body === 'string' ? body : JSON.stringify(body),
  });

describe('POST /v1/servers/{id}/lint', () => {
  it('saves a score; same tools twice → one version, two scores; changed tools → a new version with a correct diff', async () => {
    const id = await register('versioning');
    const first = { tools: [tool('search_notes', 'Search the notes by keyword. Returns matching note titles.'), tool('delete_note', 'Delete one note by id.')] };
    const a = await save(id, first, h.keys.ci, '?label=v1.0.0');
    expect(a.statusCode, a.body).toBe(200);
    // The answer is sent as prepared JSON text (savedLintJson): still typed as JSON for clients.
    expect(a.headers['content-type']).toBe('application/json; charset=utf-8');
    const body = a.json();
    expect(body.schemaVersion).toBe(1);
    expect(body.rules.id).toBe('v3');
    expect(body.security).toEqual({ status: 'clean', findings: 0, codes: [], tools: 0 });
    expect(body.tools).toHaveLength(2);
    expect(body.version).toMatchObject({ seq: 2, label: 'v1.0.0', created: true });
    // The registration's upload was linted by a job (not run here), so there is no previous scored version yet.
    expect(body.changes).toBeNull();

    const again = await save(id, first, h.keys.script, '?label=rerun');
    // The same tools under a new label: no new version, and the answer (and lint/latest) carry the new label.
    expect(again.json().version).toMatchObject({ id: body.version.id, created: false, label: 'rerun' });
    expect(again.json().changes).toBeNull();
    expect((await h.app.inject({ method: 'GET', url: `/v1/servers/${id}/lint/latest` })).json().version).toMatchObject({ id: body.version.id, label: 'rerun' });
    // Saved again without a label: the version's own label.
    expect((await save(id, first, h.keys.ci)).json().version).toMatchObject({ id: body.version.id, label: 'v1.0.0' });

    // Reordering tools and keys is not a change.
    const reordered = { tools: [...first.tools].reverse().map((t) => ({ inputSchema: t.inputSchema, description: t.description, name: t.name })) };
    expect((await save(id, reordered)).json().version.created).toBe(false);

    const second = {
      tools: [
        tool('search_notes', 'Search the notes by keyword and tag. Returns matching note titles with their ids, newest first. Use get_note to read one.'),
        tool('get_note', 'Read one note by id.'),
      ],
    };
    const b = await save(id, second, h.keys.ci, '?label=v1.1.0');
    const changed = b.json();
    expect(changed.version).toMatchObject({ seq: 3, created: true, label: 'v1.1.0' });
    const before = new Map(body.tools.map((t: { name: string; score: number }) => [t.name, t.score]));
    const after = new Map(changed.tools.map((t: { name: string; score: number }) => [t.name, t.score]));
    expect(changed.changes).toEqual({
      previous: { versionId: body.version.id, label: 'v1.0.0', surfaceHash: body.surface.hash },
      toolsAdded: [{ name: 'get_note', score: after.get('get_note') }],
      toolsRemoved: [{ name: 'delete_note', score: before.get('delete_note') }],
      toolsChanged: [
        {
          name: 'search_notes',
          scoreBefore: before.get('search_notes'),
          scoreAfter: after.get('search_notes'),
          delta: (after.get('search_notes') as number) - (before.get('search_notes') as number),
        },
      ],
      scoreBefore: body.score,
      scoreAfter: changed.score,
      delta: Math.round((changed.score - body.score) * 10) / 10,
    });

    // The one-statement save stored what was sent and answered: JSON objects (not JSON strings) that read back equal.
    const [stored] = await h.t.sql<{ tools: string; result: string; doc: unknown }[]>`
      SELECT json_typeof(v.tools) AS tools, json_typeof(lr.result) AS result, lr.result AS doc
      FROM server_versions v JOIN lint_results lr ON lr.server_version_id = v.id WHERE v.id = ${changed.version.id}`;
    expect(stored).toMatchObject({ tools: 'object', result: 'object' });
    const { version: _version, changes: _changes, security: _security, ...resultOnly } = changed;
    expect(stored!.doc).toEqual(resultOnly);
    const version = await h.app.inject({ method: 'GET', url: `/v1/versions/${changed.version.id}` });
    expect(version.json().tools).toEqual(second);

    const versions = await h.t.db.select().from(schema.serverVersions).where(eq(schema.serverVersions.serverId, id));
    expect(versions).toHaveLength(3);
    const saves = await h.t.db.select().from(schema.lintSaves).where(eq(schema.lintSaves.serverId, id));
    expect(saves).toHaveLength(5);

    const latest = await h.app.inject({ method: 'GET', url: `/v1/servers/${id}/lint/latest` });
    expect(latest.statusCode).toBe(200);
    expect(latest.json()).toMatchObject({ score: changed.score, version: { id: changed.version.id, seq: 3, label: 'v1.1.0' } });
  });

  it('answers a repeated body (the one-statement path) exactly as the full path did, and still checks ownership', async () => {
    const id = await register('repeat-path');
    const a = { tools: [tool('find_docs', 'Find documents by keyword.')] };
    const b = { tools: [tool('find_docs', 'Find documents by keyword. Returns titles and ids, newest first.')] };
    await save(id, a);
    const full = (await save(id, b, h.keys.ci, '?label=first')).json();
    const repeated = await save(id, b, h.keys.ci, '?label=second');
    expect(repeated.statusCode).toBe(200);
    expect(repeated.json()).toEqual({ ...full, version: { ...full.version, created: false, label: 'second' } });
    const saves = await h.t.db.select().from(schema.lintSaves).where(eq(schema.lintSaves.serverId, id));
    expect(saves.map((s) => String(s.label)).sort()).toEqual(['first', 'null', 'second']);
    // The same bytes to a server of another organisation: refused, nothing saved there.
    const other = await h.app.inject({ method: 'POST', url: '/v1/organisations', headers: bearer(h.keys.admin), payload: { name: 'Third', slug: 'third-org' } });
    const theirCi = (await h.app.inject({ method: 'POST', url: '/v1/keys', headers: bearer(other.json().key), payload: { purpose: 'ci', name: 'ci' } })).json().key;
    expect((await save(id, b, theirCi)).statusCode).toBe(403);
    expect((await h.t.db.select().from(schema.lintSaves).where(eq(schema.lintSaves.serverId, id))).length).toBe(3);
  });

  it('new tools with the allowance used up: paid from credits by the full path, or refused with nothing stored', async () => {
    const q = await startTestApp();
    try {
      await q.t.db.update(schema.organisations).set({ monthlyUnitsCi: 0 });
      await grantCredits(q.t.db, { organisationId: q.orgId, amount: 1, reason: 'one', expiresAt: new Date(Date.now() + 86_400_000) });
      const reg = await q.app.inject({ method: 'POST', url: '/v1/servers', headers: bearer(q.keys.admin), payload: { name: 'Credits', source: { kind: 'upload', tools: [tool('a', 'A.')] } } });
      const id = reg.json().server.id;
      const post = (tools: unknown[]) =>
        q.app.inject({ method: 'POST', url: `/v1/servers/${id}/lint`, headers: { ...bearer(q.keys.ci), 'content-type': 'application/json' }, payload: JSON.stringify({ tools }) });
      // New tools: the short transaction cannot charge the allowance, rolls back, and the full one spends the credit.
      const paid = await post([tool('a', 'A changed.')]);
      expect(paid.statusCode, paid.body).toBe(200);
      expect(paid.json().version).toMatchObject({ seq: 2, created: true });
      expect((await q.t.db.select().from(schema.credits))[0]!.remaining).toBe(0);
      // Newer tools again, nothing left: 402, and neither the version nor its result was kept.
      const refused = await post([tool('a', 'A changed twice.')]);
      expect(refused.statusCode).toBe(402);
      const versions = await q.t.db.select().from(schema.serverVersions).where(eq(schema.serverVersions.serverId, id));
      expect(versions.map((v) => v.seq).sort()).toEqual([1, 2]);
      expect(await q.t.db.select().from(schema.lintResults)).toHaveLength(1); // version 2's; the upload's is a job's
      expect(await q.t.db.select().from(schema.lintSaves)).toHaveLength(1);
    } finally {
      await q.close();
    }
  });

  it("accepts the seed's curl recipe: --data-binary sends application/x-www-form-urlencoded", async () => {
    const id = await register('curl-recipe');
    const res = await save(id, { tools: [tool('ping', 'Ping the server.')] }, h.keys.ci, '', 'application/x-www-form-urlencoded');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().tools[0].name).toBe('ping');
    // A JSON-RPC envelope and a bare array are accepted as well.
    expect((await save(id, { jsonrpc: '2.0', id: 1, result: { tools: [tool('ping', 'Ping the server.')] } })).statusCode).toBe(200);
    expect((await save(id, [tool('ping', 'Ping the server.')], h.keys.ci, '', 'text/plain')).json().version.created).toBe(false);
  });

  it('20 concurrent saves of one body add exactly one version and lose no score', async () => {
    const id = await register('concurrent-api');
    const body = { tools: [tool('alpha', 'Alpha does one thing to a file.'), tool('beta', 'Beta reads the file back.')] };
    const results = await Promise.all(Array.from({ length: 20 }, () => save(id, body)));
    expect(results.map((r) => r.statusCode)).toEqual(Array(20).fill(200));
    expect(results.filter((r) => r.json().version.created)).toHaveLength(1);
    const versions = await h.t.db.select().from(schema.serverVersions).where(eq(schema.serverVersions.serverId, id));
    expect(versions).toHaveLength(2); // the upload and the one new version
    const saves = await h.t.db.select().from(schema.lintSaves).where(eq(schema.lintSaves.serverId, id));
    expect(saves).toHaveLength(20);
  });

  it('12 concurrent saves of 12 different new bodies add 12 versions in one unbroken sequence, each charged once', async () => {
    // The one-statement save of new tools reads in its snapshot: when another save commits a version first,
    // its seq is taken, the statement rolls back on the unique index and the full path saves it instead.
    const id = await register('concurrent-new');
    const [usedBefore] = await h.t.sql<{ units: number }[]>`SELECT COALESCE(sum(units), 0)::int AS units FROM usage`;
    const bodies = Array.from({ length: 12 }, (_, i) => ({ tools: [tool('alpha', `Alpha does thing ${i} to a file.`), tool('beta', 'Beta reads the file back.')] }));
    const results = await Promise.all(bodies.map((b) => save(id, b)));
    expect(results.map((r) => r.statusCode)).toEqual(Array(12).fill(200));
    const answered = results.map((r) => r.json().version);
    expect(answered.every((v: { created: boolean }) => v.created)).toBe(true);
    expect(answered.map((v: { seq: number }) => v.seq).sort((a: number, b: number) => a - b)).toEqual(Array.from({ length: 12 }, (_, i) => i + 2));
    const versions = await h.t.sql<{ seq: number; surface_hash: string }[]>`SELECT seq, surface_hash FROM server_versions WHERE server_id = ${id} ORDER BY seq`;
    expect(versions.map((v) => v.seq)).toEqual(Array.from({ length: 13 }, (_, i) => i + 1));
    expect(new Set(versions.map((v) => v.surface_hash)).size).toBe(13);
    const [server] = await h.t.sql<{ latest: number }[]>`SELECT v.seq AS latest FROM servers s JOIN server_versions v ON v.id = s.latest_version_id WHERE s.id = ${id}`;
    expect(server!.latest).toBe(13);
    const saves = await h.t.sql`SELECT 1 FROM lint_saves WHERE server_id = ${id}`;
    expect(saves).toHaveLength(12);
    const [usedAfter] = await h.t.sql<{ units: number }[]>`SELECT COALESCE(sum(units), 0)::int AS units FROM usage`;
    expect(usedAfter!.units - usedBefore!.units).toBe(12);
    // The board shows the latest version's result.
    const [board] = await h.t.sql<{ version_seq: number }[]>`SELECT version_seq FROM board_entries WHERE server_id = ${id}`;
    expect(board!.version_seq).toBe(13);
  });

  it('refuses bad input with the uniform error shape and the right status', async () => {
    const id = await register('errors');
    const cases: [string, number, string, unknown][] = [
      ['not json', 400, 'invalid_json', undefined],
      [JSON.stringify({ tool: [] }), 422, 'missing_tools', undefined],
      [JSON.stringify({ tools: [tool('a', 'x'), tool('a', 'y')] }), 422, 'duplicate_tool_name', { names: ['a'] }],
      [JSON.stringify({ tools: [{ name: 'a', inputSchema: 'nope' }] }), 422, 'invalid_input_schema', undefined],
      [JSON.stringify({ tools: Array.from({ length: 201 }, (_, i) => tool(`t${i}`, 'x')) }), 413, 'tool_limit_exceeded', { limit: 200, actual: 201 }],
      [JSON.stringify({ tools: [tool('big', 'x'.repeat(1_050_000))] }), 413, 'payload_too_large', undefined],
    ];
    for (const [text, status, code, detail] of cases) {
      const res = await save(id, text);
      expect(res.statusCode, `${code}: ${res.body.slice(0, 200)}`).toBe(status);
      const error = res.json().error;
      expect(error.code).toBe(code);
      expect(typeof error.message).toBe('string');
      if (detail) expect(error.detail).toMatchObject(detail as object);
    }
    // Over the route's body limit entirely (not just the surface limit): still 413 in our shape.
    const huge = await save(id, 'x'.repeat(1_200_000));
    expect(huge.statusCode).toBe(413);
    expect(huge.json().error.code).toBe('payload_too_large');
    const longLabel = await save(id, { tools: [tool('ok', 'Fine.')] }, h.keys.ci, `?label=${'x'.repeat(51)}`);
    expect(longLabel.statusCode).toBe(400);
    expect(longLabel.json().error).toMatchObject({ code: 'invalid_request', detail: { path: 'querystring.label' } });
    // Neither an id nor a slug: 400; a slug of no server: 404 (server-slugs.test.ts).
    const notUuid = await save('Not_A_Slug', { tools: [] });
    expect(notUuid.statusCode).toBe(400);
    expect((await save('not-a-uuid', { tools: [] })).statusCode).toBe(404);
    const missing = await save('00000000-0000-4000-8000-000000000000', { tools: [] });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error.code).toBe('not_found');
    // Nothing was saved by any of these.
    const saves = await h.t.db.select().from(schema.lintSaves).where(eq(schema.lintSaves.serverId, id));
    expect(saves).toHaveLength(0);
  });

  it('needs a ci or script key of the owning organisation', async () => {
    const id = await register('auth');
    const body = { tools: [tool('ok', 'Fine.')] };
    expect((await h.app.inject({ method: 'POST', url: `/v1/servers/${id}/lint`, payload: body })).statusCode).toBe(401);
    const unknown = await save(id, body, 'tm_ci_' + 'A'.repeat(32));
    expect(unknown.statusCode).toBe(401);
    expect(unknown.json().error.code).toBe('unauthorized');
    const admin = await save(id, body, h.keys.admin);
    expect(admin.statusCode).toBe(403);
    expect(admin.json().error).toMatchObject({ code: 'wrong_purpose', detail: { purpose: 'admin', allowed: ['ci', 'script'] } });
    const agent = await save(id, body, h.keys.agent);
    expect(agent.statusCode).toBe(403);
    expect(agent.json().error.code).toBe('wrong_purpose');
    // Another organisation's key: 403 on a public server, 404 on a private one.
    const other = await h.app.inject({ method: 'POST', url: '/v1/organisations', headers: bearer(h.keys.admin), payload: { name: 'Other', slug: 'other-org' } });
    expect(other.statusCode, other.body).toBe(201);
    const otherCi = await h.app.inject({ method: 'POST', url: '/v1/keys', headers: bearer(other.json().key), payload: { purpose: 'ci', name: 'their ci' } });
    expect((await save(id, body, otherCi.json().key)).statusCode).toBe(403);
    const privateId = await register('private-one', false);
    expect((await save(privateId, body, otherCi.json().key)).statusCode).toBe(404);
    expect((await h.app.inject({ method: 'GET', url: `/v1/servers/${privateId}/lint/latest` })).statusCode).toBe(404);
  });
});
