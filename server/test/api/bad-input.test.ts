// Bad input gets a 4xx in the uniform shape, on a real database: control characters in every stored text
// field and in searches (PostgreSQL refuses NUL: these were 500s), the lint label checked before the
// ownership check, and a query that fails anyway is logged without the values it carried.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOrganisation, createServer } from '@toolmark/db';
import { buildApp } from '../../src/app.js';
import { loadConfig } from '../../src/config.js';
import { createLogger } from '../../src/logger.js';
import { bearer, startTestApp, tool, type TestApp } from './helpers.js';

let h: TestApp;
beforeAll(async () => {
  h = await startTestApp();
});
afterAll(async () => h?.close());

const post = (url: string, key: string, payload: unknown) => h.app.inject({ method: 'POST', url, headers: bearer(key), payload: payload as Record<string, unknown> });
const upload = (extra: Record<string, unknown>) => ({ name: 'Plain name', source: { kind: 'upload', tools: [tool('a_tool', 'Does a thing for the tests here.')] }, ...extra });

/** A 400 in the uniform shape whose detail names `path`. */
function expectInvalid(res: { statusCode: number; json(): unknown }, path: string): void {
  expect(res.statusCode, JSON.stringify(res.json())).toBe(400);
  const { error } = res.json() as { error: { code: string; message: string; detail: { path: string } } };
  expect(error.code).toBe('invalid_request');
  expect(error.detail.path).toBe(path);
  expect(error.message).toMatch(new RegExp(`^${path.replace(/\./g, '\\.')}: `));
}

describe('control characters in stored text', () => {
  // NUL, other C0 controls, DEL and C1 controls (U+0085 is NEL, a line break to some terminals).
  const bad = ['a\u0000b', 'a\u0001b', 'a\u001bb', 'a\u007fb', 'a\u0085b', 'a\u009bb'];

  it('POST /v1/keys refuses them in the name (NUL was a 500)', async () => {
    for (const name of [...bad, 'two\nlines', 'a\tb', 'cr\rhere']) expectInvalid(await post('/v1/keys', h.keys.admin, { purpose: 'ci', name }), 'body.name');
    const nul = await post('/v1/keys', h.keys.admin, { purpose: 'ci', name: 'x\u0000' });
    expect(nul.json().error.message).toContain('U+0000 at character 2');
    expect((await post('/v1/keys', h.keys.admin, { purpose: 'ci', name: '  GitHub Actions — 日本 ✓  ' })).json().record.name).toBe('GitHub Actions — 日本 ✓');
  });

  it('POST /v1/organisations refuses them in the name', async () => {
    for (const name of bad) expectInvalid(await post('/v1/organisations', h.keys.admin, { name, slug: 'team-x' }), 'body.name');
  });

  it('POST /v1/servers refuses them in name, description, URLs and the npm package; descriptions keep tabs and line breaks', async () => {
    for (const text of bad) {
      expectInvalid(await post('/v1/servers', h.keys.admin, upload({ name: text })), 'body.name');
      expectInvalid(await post('/v1/servers', h.keys.admin, upload({ description: text })), 'body.description');
      expectInvalid(await post('/v1/servers', h.keys.admin, upload({ homepage: `https://example.com/${text}` })), 'body.homepage');
      expectInvalid(await post('/v1/servers', h.keys.admin, upload({ repository: `https://example.com/${text}` })), 'body.repository');
      expectInvalid(await post('/v1/servers', h.keys.admin, { name: 'By URL', source: { kind: 'url', url: `https://example.com/${text}` } }), 'body.source.url');
    }
    // The URL parser drops TAB and LF silently: the stored text would not be the URL that is fetched.
    expectInvalid(await post('/v1/servers', h.keys.admin, upload({ homepage: 'https://exa\tmple.com/' })), 'body.homepage');
    expectInvalid(await post('/v1/servers', h.keys.admin, { name: 'Npm', source: { kind: 'npm', package: 'left\u0000pad' } }), 'body.source.package');
    expectInvalid(await post('/v1/servers', h.keys.admin, upload({ name: 'two\nlines' })), 'body.name');
    const ok = await post('/v1/servers', h.keys.admin, upload({ name: 'Multi-line', description: 'First line.\n\tIndented second line.\r\nThird.' }));
    expect(ok.statusCode, ok.body).toBe(202);
    expect(ok.json().server.description).toBe('First line.\n\tIndented second line.\r\nThird.');
  });

  it('searches refuse them too (a NUL in ?q= was a 500 from the query)', async () => {
    for (const url of ['/v1/servers?q=a%00b', '/v1/leaderboards/lint?q=a%00b', '/v1/servers?q=%1B%5B31m']) {
      expectInvalid(await h.app.inject({ method: 'GET', url }), 'querystring.q');
    }
  });
});

describe('POST /v1/servers/{id}/lint?label=', () => {
  const tools = JSON.stringify({ tools: [tool('search_docs', 'Searches the documentation and returns matching pages.')] });
  const save = (id: string, label: string, key = h.keys.ci) =>
    h.app.inject({ method: 'POST', url: `/v1/servers/${id}/lint?label=${encodeURIComponent(label)}`, headers: { ...bearer(key), 'content-type': 'application/json' }, payload: tools });

  it('a label with a control character is a 400 naming it, also for the repeated save that used to reach the database first', async () => {
    const created = await post('/v1/servers', h.keys.admin, upload({ name: 'Labelled' }));
    const id = created.json().server.id as string;
    expect((await save(id, 'v1.0.0')).statusCode).toBe(200);
    // The same bytes again take the one-statement path, which stored the label before any check: 500.
    for (const label of ['v1\u0000', 'v1\n', 'a\u009bb']) expectInvalid(await save(id, label), 'querystring.label');
    expectInvalid(await save(id, 'x'.repeat(51)), 'querystring.label');
    expect((await save(id, 'v1.0.1 (日本)')).statusCode).toBe(200);
  });

  it('is checked before the ownership check: the same 400 for a missing server and for another organisation’s', async () => {
    const other = await createOrganisation(h.t.db, { name: 'Others', slug: 'others-label' });
    const theirs = await createServer(h.t.db, { name: 'Theirs', slug: 'theirs-label', description: null, source: 'upload', sourceUrl: null, sourcePackage: null, homepage: null, repository: null, organisationId: other.id, public: false });
    expectInvalid(await save(theirs.id, 'bad\u0000'), 'querystring.label');
    expectInvalid(await save('00000000-0000-4000-8000-000000000000', 'bad\u0000'), 'querystring.label');
    // Without the bad label, the ownership check answers as before.
    expect((await save(theirs.id, 'fine')).statusCode).toBe(404);
  });
});

describe('a failed query in the log', () => {
  it('names the statement, the SQLSTATE and the constraint, never the values (the would-be key hash was logged)', async () => {
    // A real failure of the key insert: a constraint this test adds to its own database.
    await h.t.sql.unsafe(`ALTER TABLE api_keys ADD CONSTRAINT test_refuses_boom CHECK (name <> 'boom')`);
    const lines: string[] = [];
    const config = loadConfig({ TOOLMARK_LOG_LEVEL: 'info', TOOLMARK_READ_CACHE_MS: '0' });
    const logger = createLogger(config, 'test', { write: (line: string) => void lines.push(line) });
    const app = await buildApp({ database: h.t, jobs: { send: async () => 'job' }, config, logger });
    try {
      const res = await app.inject({ method: 'POST', url: '/v1/keys', headers: bearer(h.keys.admin), payload: { purpose: 'ci', name: 'boom' } });
      expect(res.statusCode).toBe(500);
      expect(res.json().error.code, res.body).toBe('internal');
      const text = lines.join('\n');
      expect(text).toContain('unhandled error');
      // The hash (64 hex digits), the row ("Failing row contains"), the parameter list and the key's prefix.
      expect(text).not.toMatch(/[0-9a-f]{64}/);
      expect(text).not.toMatch(/Failing row|params:|"parameters"|"params"/);
      expect(text).not.toMatch(/tm_ci_/);
      // What locates the failure stays: the statement (placeholders only), the SQLSTATE, table and constraint.
      const logged = lines.map((l) => JSON.parse(l) as { msg: string; err?: { message: string; cause?: unknown } });
      const entry = logged.find((l) => l.msg === 'unhandled error');
      expect(entry?.err?.message).toMatch(/^Failed query: insert into "api_keys"/);
      expect(entry?.err?.message).toContain('test_refuses_boom');
      expect(entry?.err?.cause).toMatchObject({ type: 'PostgresError', code: '23514', constraint_name: 'test_refuses_boom', table_name: 'api_keys' });
    } finally {
      await app.close();
      await h.t.sql.unsafe('ALTER TABLE api_keys DROP CONSTRAINT test_refuses_boom');
    }
  });
});

describe('POST /v1/servers by a URL the address policy refuses', () => {
  const byUrl = (app: TestApp, url: string) => app.app.inject({ method: 'POST', url: '/v1/servers', headers: bearer(app.keys.admin), payload: { name: `By ${url}`.slice(0, 100), source: { kind: 'url', url } } });

  it('is a 400 at once naming why, with nothing stored and no job (it was a 202 and a capture that failed later)', async () => {
    const jobsBefore = h.sent.length;
    const cases: [string, string, string?][] = [
      ['http://127.0.0.1:9/mcp', 'loopback', '127.0.0.0/8'],
      ['http://10.1.2.3/mcp', 'private', '10.0.0.0/8'],
      ['http://[::ffff:127.0.0.1]/mcp', 'loopback'],
      ['http://169.254.169.254/latest/meta-data', 'metadata', '169.254.169.254/32'],
      ['http://metadata.google.internal/computeMetadata', 'metadata'],
      // A name: resolved now (localhost is in /etc/hosts), refused for the address it resolves to.
      ['http://localhost:8080/mcp', 'loopback', '127.0.0.0/8'],
      // localhost names are loopback whatever the resolver says (RFC 6761).
      ['http://tools.localhost/mcp', 'loopback'],
    ];
    for (const [url, kind, range] of cases) {
      const res = await byUrl(h, url);
      expect(res.statusCode, `${url}: ${res.body}`).toBe(400);
      const { error } = res.json();
      expect(error.code).toBe('address_refused');
      expect(error.detail).toMatchObject({ path: 'body.source.url', kind, ...(range ? { range } : {}) });
      expect(error.message).toMatch(/^refusing to connect: /);
    }
    expect((await byUrl(h, 'http://localhost:8080/mcp')).json().error.message).toContain('localhost resolves to 127.0.0.1');
    const credentials = await byUrl(h, 'https://user:s3cret@mcp.example.com/mcp');
    expect(credentials.statusCode).toBe(400);
    expect(credentials.json().error).toMatchObject({ code: 'invalid_url', detail: { path: 'body.source.url' } });
    expect(credentials.body).not.toContain('s3cret');
    expect(h.sent.length).toBe(jobsBefore);
    const mine = await h.app.inject({ method: 'GET', url: '/v1/servers?mine=true&limit=100', headers: bearer(h.keys.admin) });
    expect(mine.json().items.filter((s: { source: string }) => s.source === 'url')).toEqual([]);
  });

  it('a name that does not resolve now is accepted: the capture resolves it again and checks the address it connects to', async () => {
    const res = await byUrl(h, 'https://mcp.example.invalid/mcp');
    expect(res.statusCode, res.body).toBe(202);
    expect(h.sent.at(-1)).toMatchObject({ queue: 'capture-server' });
  });

  it('with TOOLMARK_ALLOW_PRIVATE_URLS loopback and private addresses are accepted; metadata services never', async () => {
    const open = await startTestApp({ TOOLMARK_ALLOW_PRIVATE_URLS: '1' });
    try {
      for (const url of ['http://127.0.0.1:9/mcp', 'http://localhost:8080/mcp', 'http://10.1.2.3/mcp']) expect((await byUrl(open, url)).statusCode, url).toBe(202);
      for (const url of ['http://169.254.169.254/latest', 'http://[fd00:ec2::254]/', 'http://0.0.0.0/mcp']) {
        const res = await byUrl(open, url);
        expect(res.statusCode, url).toBe(400);
        expect(res.json().error.code).toBe('address_refused');
      }
    } finally {
      await open.close();
    }
  });
});

describe('text that is not well-formed Unicode', () => {
  // bench:faults' fuzz found a 500: a lint save whose tools held an unpaired surrogate (`\ud800` in JSON)
  // reached PostgreSQL, whose JSON functions refused the stored document. Such text has no UTF-8 form.
  const lintBody = (name: string) => `{"tools":[{"name":"a_tool","description":"Does a thing.","inputSchema":{"type":"object","properties":{"${name}":{"type":"string"}}}}]}`;

  it('a lint save is refused with 400 naming where, and nothing is stored', async () => {
    const created = await post('/v1/servers', h.keys.admin, upload({ name: 'Surrogates' }));
    expect(created.statusCode, created.body).toBe(202);
    const id = (created.json() as { server: { id: string } }).server.id;
    const before = await h.app.inject({ method: 'GET', url: `/v1/servers/${id}`, headers: bearer(h.keys.admin) });
    for (const name of ['p\\ud800', 'p\\udc00q', '\\udbff']) {
      const res = await h.app.inject({ method: 'POST', url: `/v1/servers/${id}/lint`, headers: { ...bearer(h.keys.ci), 'content-type': 'application/json' }, payload: lintBody(name) });
      expect(res.statusCode, res.body).toBe(400);
      const { error } = res.json() as { error: { code: string; message: string; detail: { path: string } } };
      expect(error.code).toBe('unpaired_surrogate');
      expect(error.detail.path).toMatch(/^\$\.tools\[0\]\.inputSchema\.properties\["/);
    }
    const after = await h.app.inject({ method: 'GET', url: `/v1/servers/${id}`, headers: bearer(h.keys.admin) });
    expect((after.json() as { versions: unknown[] }).versions).toHaveLength((before.json() as { versions: unknown[] }).versions.length);
    // A pair, escaped, is an ordinary emoji.
    const ok = await h.app.inject({ method: 'POST', url: `/v1/servers/${id}/lint`, headers: { ...bearer(h.keys.ci), 'content-type': 'application/json' }, payload: lintBody('p\\ud83d\\ude00') });
    expect(ok.statusCode, ok.body).toBe(200);
  });

  it('any JSON body is refused with 400 naming the field (a text column would have stored U+FFFD)', async () => {
    const res = await h.app.inject({ method: 'POST', url: '/v1/keys', headers: { ...bearer(h.keys.admin), 'content-type': 'application/json' }, payload: '{"purpose":"ci","name":"half \\ud800 a pair"}' });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toMatchObject({ error: { code: 'unpaired_surrogate', detail: { path: 'body.name' } } });
  });
});
