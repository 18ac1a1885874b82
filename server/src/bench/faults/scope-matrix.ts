// scope-matrix — every /v1 route × every kind of credential: none, a malformed header, an unknown key, a
// revoked key, organisation A's admin, ci, script and agent keys, and organisation B's admin key. The
// expected status of each cell comes from the auth rules (plugins/auth.ts: a header with a malformed,
// unknown or revoked key is 401 everywhere, never anonymous; agent keys are 403 on the whole REST API;
// each route's requireKey purposes; another organisation's private things are 404, its public server
// refuses saves with 403). Routes are read from /v1/openapi.json as well: one this file does not know
// yet gets the rules that hold for every route (bad keys 401, agent 403, a declared key needed: 401
// without one) and is named in the notes. Every error answer must be in the uniform shape, no 5xx, no
// hang, and the rows written must match the answers (a refused write wrote nothing).
import { randomBytes } from 'node:crypto';
import { LATEST_RULES } from '@toolmark/benchmarks';
import { must, registerServer, standardFixture, surface } from './fixture.js';
import { codeOf, pool, send, uniformShape, type Answer, type Outgoing, type Pool } from './http.js';
import type { Context, Row, Scenario } from './lib.js';

type Cred = 'none' | 'malformed' | 'unknown' | 'revoked' | 'admin' | 'ci' | 'script' | 'agent' | 'otherAdmin';
const CREDS: Cred[] = ['none', 'malformed', 'unknown', 'revoked', 'admin', 'ci', 'script', 'agent', 'otherAdmin'];
/** The cells every route shares: a bad key is never anonymous (401), agent keys may not use the REST API (403). */
const SHARED: Partial<Record<Cred, number>> = { malformed: 401, unknown: 401, revoked: 401, agent: 403 };

interface Cell {
  /** Route as in the OpenAPI document, e.g. GET /v1/servers/{id} */
  route: string;
  /** What the concrete request targets (a public or private server …). */
  target: string;
  request: (cred: Cred) => Outgoing;
  /** Expected status per credential for [none, admin, ci, script, otherAdmin]; null: only the shared rules. */
  expect: [number, number, number, number, number] | null;
}

const scenario: Scenario = {
  id: 'scope-matrix',
  what: 'every /v1 route × no key, malformed, unknown, revoked, admin, ci, script, agent, another organisation’s admin',
  budgetSeconds: 60,
  async run(ctx: Context, row: Row) {
    const { db, service, keys, p } = await standardFixture(ctx, 'scope', {}, { databaseUntouched: true });
    const header: Record<Cred, string | undefined> = {
      none: undefined,
      malformed: 'Bearer not a key',
      unknown: `Bearer tm_ci_${randomBytes(24).toString('base64url').slice(0, 32)}`,
      revoked: `Bearer ${keys.revoked}`,
      admin: `Bearer ${keys.admin}`,
      ci: `Bearer ${keys.ci}`,
      script: `Bearer ${keys.script}`,
      agent: `Bearer ${keys.agent}`,
      otherAdmin: `Bearer ${keys.otherAdmin}`,
    };
    // A's public server P and private server Q, each with two scored versions; B's public server R.
    const scored = async (name: string, isPublic: boolean) => {
      const s = await registerServer(p, keys.admin, name, surface(3), isPublic);
      await must(p, 'POST', `/v1/servers/${s.id}/lint`, surface(3), keys.ci);
      const second = await must<{ version: { id: string } }>(p, 'POST', `/v1/servers/${s.id}/lint`, surface(3, 1), keys.ci);
      return { id: s.id, v1: s.versionId, v2: second.version.id };
    };
    const P = await scored('Scope public', true);
    const Q = await scored('Scope private', false);
    const R = (await registerServer(p, keys.otherAdmin, 'Scope other organisation', surface(2), true)).id;
    // An evaluation of P and one of Q, with the baseline (no keys, no units): the evaluation routes' targets.
    const evaluation = async (server: string) =>
      (await must<{ id: string }>(p, 'POST', `/v1/servers/${server}/evaluations`, { models: ['lexical/baseline'] }, keys.script)).id;
    const EP = await evaluation(P.id);
    const EQ = await evaluation(Q.id);
    // Keys of A to revoke, one per DELETE cell.
    const victims = new Map<Cred, string>();
    for (const cred of CREDS) victims.set(cred, (await must<{ record: { id: string } }>(p, 'POST', '/v1/keys', { purpose: 'ci', name: `victim ${cred}` }, keys.admin)).record.id);
    // A's public servers to delete, one per DELETE cell.
    const doomed = new Map<Cred, string>();
    for (const cred of CREDS) doomed.set(cred, (await registerServer(p, keys.admin, `Scope doomed ${cred}`, surface(1), true)).id);

    let serial = 0;
    const req = (method: string, path: string, body?: () => unknown) => (cred: Cred): Outgoing => {
      const h = header[cred];
      const b = body?.();
      return {
        method,
        path,
        headers: { ...(h ? { authorization: h } : {}), ...(b === undefined ? {} : { 'content-type': 'application/json' }) },
        ...(b === undefined ? {} : { body: typeof b === 'string' ? b : JSON.stringify(b) }),
      };
    };
    const reads = (route: string, target: string, path: string, privateThing: boolean): Cell => ({
      route,
      target,
      request: req('GET', path),
      expect: privateThing ? [404, 200, 200, 200, 404] : [200, 200, 200, 200, 200],
    });
    const cells: Cell[] = [
      { route: 'GET /v1/me', target: '', request: req('GET', '/v1/me'), expect: [401, 200, 200, 200, 200] },
      { route: 'GET /v1/me/usage', target: '', request: req('GET', '/v1/me/usage'), expect: [401, 200, 200, 200, 200] },
      { route: 'PATCH /v1/servers/{id}', target: 'public', request: req('PATCH', `/v1/servers/${P.id}`, () => ({ description: `edited ${++serial}` })), expect: [401, 200, 403, 403, 403] },
      { route: 'PATCH /v1/servers/{id}', target: 'private', request: req('PATCH', `/v1/servers/${Q.id}`, () => ({ description: `edited ${++serial}` })), expect: [401, 200, 403, 403, 404] },
      { route: 'DELETE /v1/servers/{id}', target: "A's public", request: (cred) => req('DELETE', `/v1/servers/${doomed.get(cred)}`)(cred), expect: [401, 200, 403, 403, 403] },
      { route: 'POST /v1/servers/{id}/capture', target: "A's uploaded", request: req('POST', `/v1/servers/${P.id}/capture`), expect: [401, 409, 403, 403, 403] },
      { route: 'GET /v1/keys', target: '', request: req('GET', '/v1/keys'), expect: [401, 200, 403, 403, 200] },
      { route: 'POST /v1/keys', target: '', request: req('POST', '/v1/keys', () => ({ purpose: 'ci', name: `matrix ${++serial}` })), expect: [401, 201, 403, 403, 201] },
      {
        route: 'DELETE /v1/keys/{id}',
        target: "A's key",
        request: (cred) => req('DELETE', `/v1/keys/${victims.get(cred)}`)(cred),
        expect: [401, 200, 403, 403, 404],
      },
      {
        route: 'POST /v1/organisations',
        target: '',
        request: req('POST', '/v1/organisations', () => ({ name: `Matrix ${++serial}`, slug: `matrix-${serial}-${randomBytes(3).toString('hex')}` })),
        expect: [401, 201, 403, 403, 403],
      },
      { route: 'GET /v1/servers', target: '', request: req('GET', '/v1/servers?limit=5'), expect: [200, 200, 200, 200, 200] },
      { route: 'GET /v1/servers', target: 'mine=true', request: req('GET', '/v1/servers?mine=true'), expect: [401, 200, 200, 200, 200] },
      {
        route: 'POST /v1/servers',
        target: 'upload',
        request: req('POST', '/v1/servers', () => ({ name: `Matrix server ${++serial}`, source: { kind: 'upload', tools: surface(1) } })),
        expect: [401, 202, 403, 202, 202],
      },
      reads('GET /v1/servers/{id}', 'public', `/v1/servers/${P.id}`, false),
      reads('GET /v1/servers/{id}', 'private', `/v1/servers/${Q.id}`, true),
      { route: 'GET /v1/servers/{id}/badge.svg', target: 'public', request: req('GET', `/v1/servers/${P.id}/badge.svg`), expect: [200, 200, 200, 200, 200] },
      { route: 'GET /v1/servers/{id}/badge.svg', target: 'private', request: req('GET', `/v1/servers/${Q.id}/badge.svg`), expect: [404, 404, 404, 404, 404] },
      { route: 'POST /v1/servers/{id}/lint', target: 'public', request: req('POST', `/v1/servers/${P.id}/lint`, () => JSON.stringify(surface(3, 1))), expect: [401, 403, 200, 200, 403] },
      { route: 'POST /v1/servers/{id}/lint', target: 'private', request: req('POST', `/v1/servers/${Q.id}/lint`, () => JSON.stringify(surface(3, 1))), expect: [401, 403, 200, 200, 403] },
      { route: 'POST /v1/servers/{id}/lint', target: "B's public", request: req('POST', `/v1/servers/${R}/lint`, () => JSON.stringify(surface(2))), expect: [401, 403, 403, 403, 403] },
      reads('GET /v1/servers/{id}/lint/latest', 'public', `/v1/servers/${P.id}/lint/latest`, false),
      reads('GET /v1/servers/{id}/lint/latest', 'private', `/v1/servers/${Q.id}/lint/latest`, true),
      reads('GET /v1/versions/{id}', 'public', `/v1/versions/${P.v2}`, false),
      reads('GET /v1/versions/{id}', 'private', `/v1/versions/${Q.v2}`, true),
      reads('GET /v1/versions/{id}/lint', 'public', `/v1/versions/${P.v2}/lint`, false),
      reads('GET /v1/versions/{id}/lint', 'private', `/v1/versions/${Q.v2}/lint`, true),
      reads('GET /v1/versions/{id}/diff', 'public', `/v1/versions/${P.v2}/diff?base=${P.v1}`, false),
      reads('GET /v1/versions/{id}/diff', 'private', `/v1/versions/${Q.v2}/diff?base=${Q.v1}`, true),
      reads('GET /v1/leaderboards/lint', '', '/v1/leaderboards/lint?limit=5', false),
      reads('GET /v1/rules', '', '/v1/rules', false),
      reads('GET /v1/rules/{id}', '', `/v1/rules/${LATEST_RULES}`, false),
      reads('GET /v1/openapi.json', '', '/v1/openapi.json', false),
      // Evaluations (issue 15): the catalogue and the boards are public; estimating needs a REST key of the
      // server's organisation (another organisation's public server: 403; its private one: 404, it is not
      // known); starting needs a script key (any other purpose: 403, before the server is looked up); an
      // evaluation's cases are its organisation's only (utterances are built from its tools); the models
      // suite is run by the operator's admin.
      reads('GET /v1/models', '', '/v1/models', false),
      { route: 'POST /v1/servers/{id}/evaluations/estimate', target: 'public', request: req('POST', `/v1/servers/${P.id}/evaluations/estimate`, () => ({ models: ['lexical/baseline'] })), expect: [401, 200, 200, 200, 403] },
      { route: 'POST /v1/servers/{id}/evaluations/estimate', target: 'private', request: req('POST', `/v1/servers/${Q.id}/evaluations/estimate`, () => ({ models: ['lexical/baseline'] })), expect: [401, 200, 200, 200, 404] },
      { route: 'POST /v1/servers/{id}/evaluations', target: 'public', request: req('POST', `/v1/servers/${P.id}/evaluations`, () => ({ models: ['lexical/baseline'] })), expect: [401, 403, 403, 202, 403] },
      { route: 'POST /v1/servers/{id}/evaluations', target: 'private', request: req('POST', `/v1/servers/${Q.id}/evaluations`, () => ({ models: ['lexical/baseline'] })), expect: [401, 403, 403, 202, 403] },
      reads('GET /v1/servers/{id}/evaluations', 'public', `/v1/servers/${P.id}/evaluations`, false),
      reads('GET /v1/servers/{id}/evaluations', 'private', `/v1/servers/${Q.id}/evaluations`, true),
      reads('GET /v1/evaluations/{id}', 'public', `/v1/evaluations/${EP}`, false),
      reads('GET /v1/evaluations/{id}', 'private', `/v1/evaluations/${EQ}`, true),
      reads('GET /v1/evaluations/{id}/comparison', 'public', `/v1/evaluations/${EP}/comparison`, false),
      reads('GET /v1/evaluations/{id}/comparison', 'private', `/v1/evaluations/${EQ}/comparison`, true),
      { route: 'GET /v1/evaluations/{id}/cases', target: 'public', request: req('GET', `/v1/evaluations/${EP}/cases`), expect: [401, 200, 200, 200, 403] },
      { route: 'GET /v1/evaluations/{id}/cases', target: 'private', request: req('GET', `/v1/evaluations/${EQ}/cases`), expect: [401, 200, 200, 200, 404] },
      reads('GET /v1/leaderboards/evaluations', '', '/v1/leaderboards/evaluations?model=lexical/baseline', false),
      reads('GET /v1/leaderboards/models', '', '/v1/leaderboards/models', false),
      // The failure knowledge base (issue 17): the view is as visible as its server; the private task set and making
      // cases are for the server's organisation's admin and script keys (another organisation's public server:
      // 403, its private one: 404); removal is the operator's.
      reads('GET /v1/servers/{id}/failures', 'public', `/v1/servers/${P.id}/failures`, false),
      reads('GET /v1/servers/{id}/failures', 'private', `/v1/servers/${Q.id}/failures`, true),
      { route: 'GET /v1/servers/{id}/failures/cases', target: 'public', request: req('GET', `/v1/servers/${P.id}/failures/cases`), expect: [401, 200, 403, 200, 403] },
      { route: 'GET /v1/servers/{id}/failures/cases', target: 'private', request: req('GET', `/v1/servers/${Q.id}/failures/cases`), expect: [401, 200, 403, 200, 404] },
      { route: 'POST /v1/servers/{id}/failures/cases', target: 'public', request: req('POST', `/v1/servers/${P.id}/failures/cases`, () => ({ reportIds: ['00000000-0000-4000-8000-000000000000'] })), expect: [401, 200, 403, 200, 403] },
      { route: 'POST /v1/failures/removals', target: '', request: req('POST', '/v1/failures/removals', () => ({ keyId: '00000000-0000-4000-8000-000000000000' })), expect: [401, 200, 403, 403, 403] },
      // Dataset releases (issue 16): public reads (no release exists in this fixture: 404 for every caller); builds are the operator's.
      reads('GET /v1/datasets', '', '/v1/datasets', false),
      { route: 'GET /v1/datasets/{id}', target: 'none', request: req('GET', '/v1/datasets/lint-none-v1'), expect: [404, 404, 404, 404, 404] },
      { route: 'GET /v1/datasets/{id}/files/{file}', target: 'none', request: req('GET', '/v1/datasets/lint-none-v1/files/servers.csv'), expect: [404, 404, 404, 404, 404] },
      { route: 'POST /v1/datasets/builds', target: '', request: req('POST', '/v1/datasets/builds', () => ({})), expect: [401, 202, 403, 403, 403] },
      // Withdrawals (issue 24) are the operator's too; the fixture has no release, so the operator's answer is 404.
      { route: 'POST /v1/datasets/withdrawals', target: 'none', request: req('POST', '/v1/datasets/withdrawals', () => ({ release: 'lint-none-v1', reason: 'scope matrix' })), expect: [401, 404, 403, 403, 403] },
      { route: 'POST /v1/leaderboards/models/runs', target: '', request: req('POST', '/v1/leaderboards/models/runs', () => ({ models: ['lexical/baseline'] })), expect: [401, 202, 403, 403, 403] },
      reads('GET /v1/docs', '', '/v1/docs', false),
    ];
    // Routes of the OpenAPI document this matrix does not know: the shared rules only.
    const openapi = (await must<{ paths: Record<string, Record<string, { security?: unknown[] }>> }>(p, 'GET', '/v1/openapi.json', undefined)).paths;
    const known = new Set(cells.map((c) => c.route));
    const generic: string[] = [];
    for (const [path, ops] of Object.entries(openapi)) {
      if (!path.startsWith('/v1')) continue;
      for (const [method, op] of Object.entries(ops)) {
        const route = `${method.toUpperCase()} ${path}`;
        if (!['get', 'post', 'put', 'patch', 'delete'].includes(method) || known.has(route)) continue;
        generic.push(route);
        const concrete = path.replace(/\{\w+\}/g, '00000000-0000-4000-8000-000000000000');
        const needsKey = Array.isArray(op.security) && op.security.length > 0;
        const hasBody = method !== 'get' && method !== 'delete';
        // No key: 401 — except that a route with a body validates it before its handler asks for the key (a bad
        // or unknown key is refused earlier, by the auth plugin: the shared cells), so `{}` may answer 400
        // first; such a route's no-key cell is only known once it has real cells in the matrix (the note below).
        cells.push({ route, target: 'generic', request: req(method.toUpperCase(), concrete, hasBody ? () => ({}) : undefined), expect: needsKey ? [hasBody ? 0 : 401, 0, 0, 0, 0] : null });
      }
    }

    const before = await rows(db.sql);
    const mismatches: string[] = [];
    const shapes: string[] = [];
    const fiveXX: string[] = [];
    let hangs = 0;
    let stale = 0;
    const accepted = new Map<string, number>();
    let address = 0;
    for (const cell of cells) {
      for (const cred of CREDS) {
        // 0 in a cell's expectations: any status (a generic route's answer to a valid key is not known here).
        const expected = SHARED[cred] ?? (cell.expect ? pickExpected(cell.expect, cred) : undefined);
        // Each request with a bad key comes from its own loopback address: a limit on wrong keys per address
        // must not turn the 401 this matrix checks into a 429.
        const bad = cred === 'malformed' || cred === 'unknown' || cred === 'revoked';
        const from: Pool = bad ? pool(service.url, 1, `127.0.${1 + Math.floor(address / 250)}.${1 + (address++ % 250)}`) : p;
        const a: Answer = await send(from, cell.request(cred));
        if (bad) from.agent.destroy();
        row.cases++;
        const where = `${cell.route}${cell.target ? ` (${cell.target})` : ''} × ${cred}`;
        if (a.hang) hangs++;
        if (a.stale !== undefined) stale++;
        if (a.status >= 500) fiveXX.push(`${where}: ${codeOf(a)}`);
        if (a.status >= 400 && !uniformShape(a)) shapes.push(`${where}: ${codeOf(a)}`);
        if (a.status >= 200 && a.status < 300) accepted.set(cell.route, (accepted.get(cell.route) ?? 0) + 1);
        if (expected !== undefined && expected !== 0 && a.status !== expected) mismatches.push(`${where}: ${a.hang ? 'hang' : a.status || a.error} (expected ${expected})`);
      }
    }
    row.fiveXX = fiveXX.length;
    row.wrongShape = shapes.length;
    row.hangs = hangs;
    if (mismatches.length) row.failures.push(`${mismatches.length} of ${row.cases} cells differ from the auth rules: ${mismatches.slice(0, 8).join('; ')}${mismatches.length > 8 ? '; …' : ''}`);
    if (fiveXX.length) row.notes.push(`5xx: ${fiveXX.slice(0, 5).join('; ')}`);
    if (shapes.length) row.notes.push(`wrong shape: ${shapes.slice(0, 5).join('; ')}${shapes.length > 5 ? '; …' : ''}`);
    if (stale) row.failures.push(`the service closed connections after answers that did not say Connection: close ×${stale}`);
    if (generic.length) row.notes.push(`routes checked with the shared rules only (add them to the matrix): ${generic.join(', ')}`);

    // Rows: each accepted write wrote its rows, each refused one none.
    const after = await rows(db.sql);
    const n = (route: string) => accepted.get(route) ?? 0;
    const expected = {
      keys: n('POST /v1/keys') + n('POST /v1/organisations'),
      orgs: n('POST /v1/organisations'),
      revoked: n('DELETE /v1/keys/{id}'),
      servers: n('POST /v1/servers'),
      saves: n('POST /v1/servers/{id}/lint'),
    };
    let lost = 0;
    const diffs: string[] = [];
    for (const k of Object.keys(expected) as (keyof typeof expected)[]) {
      const delta = after[k] - before[k];
      if (delta !== expected[k]) {
        lost += Math.abs(delta - expected[k]);
        diffs.push(`${k} +${delta} for ${expected[k]} accepted`);
      }
    }
    row.rowsLost = lost;
    if (diffs.length) row.notes.push(`rows vs accepted answers: ${diffs.join(', ')}`);
  },
};

/** The expected status of a key of A or B, or of no key, from a cell's five. */
function pickExpected(expect: [number, number, number, number, number], cred: Cred): number | undefined {
  const at = { none: 0, admin: 1, ci: 2, script: 3, otherAdmin: 4 } as Partial<Record<Cred, number>>;
  const i = at[cred];
  return i === undefined ? undefined : expect[i];
}

async function rows(sql: Awaited<ReturnType<typeof standardFixture>>['db']['sql']) {
  const [r] = await sql<{ keys: number; orgs: number; revoked: number; servers: number; saves: number }[]>`
    SELECT (SELECT count(*)::int FROM api_keys) AS keys, (SELECT count(*)::int FROM organisations) AS orgs,
           (SELECT count(*)::int FROM api_keys WHERE revoked_at IS NOT NULL) AS revoked,
           (SELECT count(*)::int FROM servers) AS servers, (SELECT count(*)::int FROM lint_saves) AS saves`;
  return r!;
}

export default scenario;
