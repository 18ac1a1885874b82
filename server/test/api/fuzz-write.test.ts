// Generated bad input against every write endpoint, on a real database: a few hundred bodies, labels and
// paths each (control characters, lone surrogates, prototype keys, wrong types, huge strings, broken JSON,
// other content types). None may give a 5xx; every 4xx is the uniform `{ error: { code, message, detail } }`.
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { schema } from '@toolmark/db';
import { bearer, startTestApp, tool, type TestApp } from './helpers.js';

let h: TestApp;
let serverId: string;
beforeAll(async () => {
  h = await startTestApp();
  // Hundreds of requests a minute from one key: the rate limit is not what is tested here.
  await h.t.db.update(schema.organisations).set({ rateLimitPerMinute: 1_000_000 }).where(eq(schema.organisations.id, h.orgId));
  const made = await h.app.inject({ method: 'POST', url: '/v1/servers', headers: bearer(h.keys.admin), payload: { name: 'Fuzzed', source: { kind: 'upload', tools: [tool('a_tool', 'Does a thing for the tests here.')] } } });
  serverId = made.json().server.id;
});
afterAll(async () => h?.close());

/** Text meant to hurt: controls (C0, DEL, C1), lone surrogates, escapes, prototype keys, long runs, ordinary text. */
const nastyText = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.constantFrom('\u0000', 'a\u0000b', '\u001b[2J', '\r\nSet-Cookie: x=1', '\t', '\u0085', '\u009b', '\u007f', '\ud800', '\udfff\ud800', '\u202e', '\ufeff', '__proto__', 'constructor', '%00', '../../etc/passwd', '<script>', "'; drop table servers; --", ' '),
  fc.integer({ min: 1, max: 5000 }).map((n) => 'x'.repeat(n)),
);
/** Ordinary text with one control character (C0, DEL or C1; NUL often) in it: NUL gave the 500s of issue 10. */
const withControl = fc
  .tuple(fc.constantFrom('GitHub Actions', 'v1.2.3', 'My server'), fc.oneof(fc.constant(0), fc.integer({ min: 0, max: 0x1f }), fc.integer({ min: 0x7f, max: 0x9f })), fc.nat())
  .map(([text, code, at]) => `${text.slice(0, at % text.length)}${String.fromCharCode(code)}${text.slice(at % text.length)}`);

/** Any value a field could get instead of what it should. */
const nastyValue: fc.Arbitrary<unknown> = fc.oneof(nastyText, fc.integer(), fc.double(), fc.boolean(), fc.constant(null), fc.array(nastyText, { maxLength: 3 }), fc.dictionary(nastyText, nastyText, { maxKeys: 3 }), fc.jsonValue({ maxDepth: 3 }));
const nastyUrl = fc.oneof(nastyText, fc.webUrl(), nastyText.map((t) => `https://example.com/${t}`), withControl.map((t) => `https://example.com/${t}`), fc.constantFrom('http://127.0.0.1/', 'http://[::1]/', 'http://169.254.169.254/', 'http://localhost/', 'ftp://x/', 'https://u:p@example.com/', 'http://0x7f000001/', 'http://2130706433/'));

/** A bad value for a text field: ordinary text with a control character, hostile text, or another type. */
const badText = fc.oneof({ weight: 2, arbitrary: withControl }, { weight: 1, arbitrary: nastyText }, { weight: 1, arbitrary: nastyValue });

/**
 * Bodies around a valid one: most often valid but for ONE field (so the request gets past every other check
 * and that field's own check decides, down to the database), then any mix of good and bad fields, the
 * valid body with an unknown field, and any JSON at all.
 */
function bodyOf(good: Record<string, fc.Arbitrary<unknown>>, bad: Record<string, fc.Arbitrary<unknown>>): fc.Arbitrary<unknown> {
  const valid = fc.record(good);
  const oneBad = fc
    .tuple(valid, fc.constantFrom(...Object.keys(bad)))
    .chain(([body, key]) => bad[key]!.map((value) => ({ ...(body as object), [key]: value })));
  const mixed = fc.record(Object.fromEntries(Object.keys(good).map((key) => [key, fc.oneof(good[key]!, bad[key] ?? nastyValue)])), { requiredKeys: [] });
  return fc.oneof(
    { weight: 6, arbitrary: oneBad },
    { weight: 2, arbitrary: mixed },
    { weight: 1, arbitrary: valid },
    { weight: 1, arbitrary: valid.map((body) => ({ ...(body as object), extra: 'field' })) },
    { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 4 }) },
  );
}

const goodName = fc.constantFrom('GitHub Actions', 'My server', 'ツール', 'a');
const goodSlug = fc.stringMatching(/^[a-z0-9][a-z0-9-]{1,20}$/);

/** How the body travels: JSON (sometimes with a prototype key spliced in), broken JSON, or another content type. */
const wire = (body: fc.Arbitrary<unknown>) =>
  fc.oneof(
    { weight: 6, arbitrary: body.map((b) => ({ type: 'application/json', text: JSON.stringify(b) ?? '' })) },
    { weight: 1, arbitrary: body.map((b) => ({ type: 'application/json', text: `{"__proto__":{"isAdmin":true},"x":${JSON.stringify(b) ?? 'null'}}` })) },
    { weight: 1, arbitrary: body.map((b) => ({ type: 'application/json', text: (JSON.stringify(b) ?? '').slice(0, -1) })) },
    { weight: 1, arbitrary: fc.tuple(fc.constantFrom('text/plain', 'application/x-www-form-urlencoded', 'application/xml', 'multipart/form-data; boundary=x', 'application/json; charset=latin1'), fc.string({ unit: 'binary', maxLength: 200 })).map(([type, text]) => ({ type, text })) },
    { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 200 }).map((text) => ({ type: 'application/json', text })) },
  );

/** Statuses seen per endpoint, to check that the generators reach both successes and several refusals. */
const seen: Record<string, Set<number>> = {};

/** The answer is not a 5xx, and a 4xx is the uniform error shape (nothing else at the top or in `error`). */
function expectUniform(endpoint: string, res: { statusCode: number; body: string; headers: Record<string, unknown> }, what: string): void {
  (seen[endpoint] ??= new Set()).add(res.statusCode);
  expect(res.statusCode, `${what} → ${res.body.slice(0, 300)}`).toBeLessThan(500);
  if (res.statusCode < 400) return;
  expect(String(res.headers['content-type']), what).toMatch(/^application\/json/);
  const parsed = JSON.parse(res.body) as { error?: { code?: unknown; message?: unknown; detail?: unknown } };
  expect(Object.keys(parsed), what).toEqual(['error']);
  expect(Object.keys(parsed.error ?? {}).sort(), what).toEqual(['code', 'detail', 'message']);
  expect(typeof parsed.error?.code, what).toBe('string');
  expect(typeof parsed.error?.message, what).toBe('string');
  expect(typeof parsed.error?.detail === 'object' && parsed.error?.detail !== null && !Array.isArray(parsed.error?.detail), what).toBe(true);
}

const send = (method: 'POST' | 'PATCH' | 'DELETE', url: string, key: string, payload?: { type: string; text: string }) =>
  h.app.inject({ method, url, headers: { ...bearer(key), ...(payload ? { 'content-type': payload.type } : {}) }, ...(payload ? { payload: payload.text } : {}) });

const RUNS = 250;

/** As a client encodes text for a URL; a lone surrogate cannot be encoded, so it goes as UTF-8 escapes of U+FFFD. */
const encode = (text: string): string => encodeURIComponent(text.replace(/[\ud800-\udfff]/gu, '\ufffd'));

describe('generated bad input never gives a 5xx, and every error has the uniform shape', () => {
  it('POST /v1/keys', async () => {
    const body = bodyOf({ purpose: fc.constantFrom('admin', 'ci', 'script', 'agent'), name: goodName }, { purpose: nastyValue, name: badText });
    await fc.assert(
      fc.asyncProperty(wire(body), async (payload) => expectUniform('POST /v1/keys', await send('POST', '/v1/keys', h.keys.admin, payload), `POST /v1/keys ${JSON.stringify(payload)}`)),
      { numRuns: RUNS, seed: 1010 },
    );
  });

  it('POST /v1/organisations', async () => {
    const body = bodyOf({ name: goodName, slug: goodSlug }, { name: badText, slug: nastyValue });
    await fc.assert(
      fc.asyncProperty(wire(body), async (payload) => expectUniform('POST /v1/organisations', await send('POST', '/v1/organisations', h.keys.admin, payload), `POST /v1/organisations ${JSON.stringify(payload)}`)),
      { numRuns: RUNS, seed: 1011 },
    );
  });

  it('POST /v1/servers', async () => {
    const goodTools = fc.constantFrom([tool('a_tool', 'Does a thing for the tests here.')], { tools: [tool('b_tool', 'Does b for the tests here.')] });
    const badTools = fc.oneof(fc.array(fc.record({ name: nastyValue, description: nastyValue, inputSchema: nastyValue }, { requiredKeys: [] }), { minLength: 1, maxLength: 3 }), nastyValue);
    const source = fc.oneof(
      { weight: 3, arbitrary: fc.record({ kind: fc.constant('upload'), tools: goodTools }) },
      { weight: 3, arbitrary: fc.record({ kind: fc.constant('upload'), tools: badTools }) },
      { weight: 2, arbitrary: fc.record({ kind: fc.constant('url'), url: nastyUrl }) },
      { weight: 1, arbitrary: fc.record({ kind: fc.constant('npm'), package: fc.oneof(fc.constant('left-pad'), badText) }) },
      { weight: 1, arbitrary: fc.record({ kind: nastyValue, url: nastyUrl, tools: badTools }, { requiredKeys: [] }) },
    );
    const body = bodyOf(
      {
        name: goodName,
        slug: goodSlug,
        description: fc.constantFrom('Line one.\n\tLine two.', 'A server.'),
        homepage: fc.constant('https://example.com/'),
        repository: fc.constant('https://github.com/x/y'),
        public: fc.boolean(),
        source: fc.record({ kind: fc.constant('upload'), tools: goodTools }),
      },
      { name: badText, slug: nastyValue, description: badText, homepage: nastyUrl, repository: nastyUrl, public: nastyValue, source },
    );
    await fc.assert(
      fc.asyncProperty(wire(body), async (payload) => expectUniform('POST /v1/servers', await send('POST', '/v1/servers', h.keys.admin, payload), `POST /v1/servers ${JSON.stringify(payload)}`)),
      { numRuns: RUNS, seed: 1012 },
    );
  });

  it('PATCH /v1/servers/{id}', async () => {
    const body = bodyOf(
      { name: goodName, description: fc.constantFrom('Line one.\n\tLine two.', null), homepage: fc.constantFrom('https://example.com/', null), repository: fc.constant('https://github.com/x/y'), public: fc.constant(true) },
      { name: badText, description: badText, homepage: nastyUrl, repository: nastyUrl, public: nastyValue },
    );
    await fc.assert(
      fc.asyncProperty(wire(body), async (payload) => expectUniform('PATCH /v1/servers/{id}', await send('PATCH', `/v1/servers/${serverId}`, h.keys.admin, payload), `PATCH /v1/servers/{id} ${JSON.stringify(payload)}`)),
      { numRuns: RUNS, seed: 1014 },
    );
  });

  it('POST /v1/servers/{id}/lint with generated labels and bodies', async () => {
    const surface = fc.oneof(
      fc.constant({ tools: [tool('search_docs', 'Searches the documentation and returns matching pages.')] }),
      fc.record({ tools: fc.array(fc.record({ name: nastyValue, description: nastyValue, inputSchema: nastyValue }, { requiredKeys: [] }), { maxLength: 3 }) }),
      nastyValue,
    );
    const label = fc.option(fc.oneof(nastyText, withControl, fc.constantFrom('%00', '%zz', '%E0%A4%A', '%C0%80', '%ED%A0%80')), { nil: undefined });
    await fc.assert(
      fc.asyncProperty(wire(surface), label, fc.boolean(), async (payload, text, raw) => {
        // Either encoded as a client should, or as written (malformed escapes included).
        const query = text === undefined ? '' : `?label=${raw ? text : encode(text)}`;
        const url = `/v1/servers/${serverId}/lint${query}`;
        // light-my-request refuses some URLs itself (a TypeError before any request); those never reach the service.
        let res;
        try {
          res = await send('POST', url, h.keys.ci, payload);
        } catch (error) {
          if (error instanceof TypeError) return;
          throw error;
        }
        expectUniform('POST /v1/servers/{id}/lint', res, `POST ${url} ${JSON.stringify(payload)}`);
      }),
      { numRuns: RUNS, seed: 1013 },
    );
  });

  it('POST /v1/servers/{id}/evaluations and /estimate', async () => {
    const body = bodyOf(
      {
        models: fc.constantFrom(['lexical/baseline'], undefined),
        distractors: fc.constantFrom([], ['memory'], ['notion', 'memory']),
        language: fc.constantFrom('en', 'ja'),
        casesPerTool: fc.integer({ min: 1, max: 3 }),
        repeats: fc.integer({ min: 1, max: 2 }),
        seed: fc.nat({ max: 1000 }),
        name: goodName,
      },
      { models: fc.oneof(nastyValue, fc.array(nastyText, { maxLength: 3 })), distractors: fc.oneof(nastyValue, fc.array(nastyText, { maxLength: 3 })), language: nastyValue, casesPerTool: nastyValue, repeats: nastyValue, seed: nastyValue, name: badText },
    );
    await fc.assert(
      fc.asyncProperty(wire(body), fc.constantFrom('/estimate', ''), async (payload, tail) => {
        const endpoint = `POST /v1/servers/{id}/evaluations${tail}`;
        expectUniform(endpoint, await send('POST', `/v1/servers/${serverId}/evaluations${tail}`, h.keys.script, payload), `${endpoint} ${JSON.stringify(payload)}`);
      }),
      { numRuns: RUNS, seed: 1015 },
    );
  });

  it('POST /v1/servers/{id}/subscriptions', async () => {
    const events = fc.oneof(fc.subarray(['version.created', 'score.changed', 'security.finding', 'capture.failed', 'capture.recovered'], { minLength: 1 }), fc.array(nastyValue, { maxLength: 3 }), nastyValue);
    const body = bodyOf({ url: fc.constantFrom('https://93.184.216.34/hook', 'https://93.184.216.34/other?x=1') }, { url: nastyUrl, events });
    await fc.assert(
      fc.asyncProperty(wire(body), async (payload) =>
        expectUniform('POST /v1/servers/{id}/subscriptions', await send('POST', `/v1/servers/${serverId}/subscriptions`, h.keys.admin, payload), `POST /v1/servers/{id}/subscriptions ${JSON.stringify(payload)}`),
      ),
      { numRuns: RUNS, seed: 1016 },
    );
  });

  afterAll(() => {
    expect([...seen['POST /v1/servers/{id}/subscriptions']!]).toEqual(expect.arrayContaining([201, 400, 409, 415]));
    expect([...seen['POST /v1/servers/{id}/evaluations/estimate']!]).toEqual(expect.arrayContaining([200, 400]));
    expect([...seen['POST /v1/servers/{id}/evaluations']!]).toEqual(expect.arrayContaining([202, 400]));
    // The generators reach successes and several kinds of refusal (not just one 400 for everything).
    expect([...seen['POST /v1/keys']!]).toEqual(expect.arrayContaining([201, 400, 415]));
    expect([...seen['POST /v1/organisations']!]).toEqual(expect.arrayContaining([201, 400]));
    expect([...seen['POST /v1/servers']!]).toEqual(expect.arrayContaining([202, 400, 422]));
    expect([...seen['POST /v1/servers/{id}/lint']!]).toEqual(expect.arrayContaining([200, 400, 422]));
    expect([...seen['PATCH /v1/servers/{id}']!]).toEqual(expect.arrayContaining([200, 400, 415]));
    expect([...seen['DELETE /v1/keys/{id}']!]).toEqual(expect.arrayContaining([400, 404, 414]));
  });

  it('DELETE /v1/keys/{id} with generated ids (long, malformed escapes, any text)', async () => {
    const id = fc.oneof(
      fc.uuid(),
      nastyText.map(encode),
      fc.integer({ min: 90, max: 1500 }).map((n) => 'a'.repeat(n)),
      fc.constantFrom('%zz', '%', '%E0%A4%A', '%00', '..', '%2e%2e', '__proto__', 'constructor'),
    );
    await fc.assert(
      fc.asyncProperty(id, async (segment) => {
        let res;
        try {
          res = await send('DELETE', `/v1/keys/${segment}`, h.keys.admin);
        } catch (error) {
          if (error instanceof TypeError) return;
          throw error;
        }
        expectUniform('DELETE /v1/keys/{id}', res, `DELETE /v1/keys/${segment.slice(0, 200)}`);
      }),
      { numRuns: RUNS, seed: 1014 },
    );
  });
});
