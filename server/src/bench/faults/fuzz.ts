// fuzz — bad requests to every endpoint of the API, over real HTTP with keep-alive. The endpoints are read
// from the service's own /v1/openapi.json (GET, POST, PUT, PATCH, DELETE under /v1), so one added later is
// fuzzed too (a write with generic cases when this file has no valid body for it; a read with its paths,
// queries and headers, 300 cases at scale 1). /mcp is not in that document: the mcp scenario covers it. Cases are generated from
// FAULTS_SEED until ≥ 2 000 per write endpoint were refused (at scale 1; at most twice as many
// are sent, the accepted ones are accounted for): a valid body with one field made wrong (types, huge
// strings, NUL and control characters, lone surrogates, deep nesting), `__proto__`/`constructor` keys,
// whole bodies of random JSON, text that is not JSON, wrong content types, long and odd path parameters,
// odd queries and labels, odd Authorization and other headers, bodies over the size limit, registrations
// by loopback/private URLs, and requests node:http will not send (malformed request lines, NUL in paths
// or headers, oversized headers, bad Content-Length or Transfer-Encoding, an unknown Expect), written on
// raw sockets. Six lanes, one lint target server each (concurrent saves are another scenario's subject).
// Checks: no 5xx, every error answer of the API (and of the HTTP layer) in the uniform shape, none slower
// than 5 s, no connection closed after an answer that said it stays open; afterwards the rows in the
// database match the accepted (2xx) answers exactly — a refused request wrote nothing, an accepted one
// wrote everything; registrations by private URLs are refused (SSRF at registration); and the service
// still answers valid requests correctly (no prototype pollution).
import { seeded } from '../synthetic.js';
import { standardFixture, registerServer, surface, must } from './fixture.js';
import { asWire, makeCase, privateUrl, target, valuePool, type Case, type Target } from './fuzz-cases.js';
import { codeOf, get, hasRetryAfter, json, ok, pool, send, uniformShape, wire, type Answer, type Outgoing } from './http.js';
import { scaled, tally, type Context, type Row, type Scenario } from './lib.js';

interface Tally {
  cases: number;
  accepted: Answer[];
  acceptedKinds: string[];
  fiveXX: string[];
  wrongShape: string[];
  hangs: string[];
  noAnswer: string[];
  closedWire: number;
  /** Statuses of answers after which the service closed a connection it had said it would keep. */
  stale: number[];
  /** 503s with Retry-After that are not about the database: a full CPU pool (cpu_busy), allowed. */
  busy: string[];
}

async function counts(sql: Awaited<ReturnType<typeof standardFixture>>['db']['sql']) {
  const [r] = await sql<{ orgs: number; keys: number; revoked: number; servers: number; versions: number; saves: number; units: number }[]>`
    SELECT (SELECT count(*)::int FROM organisations) AS orgs, (SELECT count(*)::int FROM api_keys) AS keys,
           (SELECT count(*)::int FROM api_keys WHERE revoked_at IS NOT NULL) AS revoked, (SELECT count(*)::int FROM servers) AS servers,
           (SELECT count(*)::int FROM server_versions) AS versions, (SELECT count(*)::int FROM lint_saves) AS saves,
           (SELECT coalesce(sum(units), 0)::int FROM usage) AS units`;
  return r!;
}

const scenario: Scenario = {
  id: 'fuzz',
  what: 'bad bodies, params, queries, headers and raw requests to every endpoint of the OpenAPI document; rows must match the 2xx answers',
  budgetSeconds: 420, // the lint endpoint saves thousands of new versions: minutes on a busy host
  async run(ctx: Context, row: Row) {
    const { db, service, keys, p } = await standardFixture(ctx, 'fuzz', {}, { databaseUntouched: true });
    // 2 000 refused cases per write with a valid body (issue 10 had 5 000: at a load of 8-10 the fuzz alone
    // then took over 8 minutes, most of it storing the lint route's accepted new versions).
    const perEndpoint = scaled(ctx, 2_000, 50);
    // Reads (GET) take no body, so most generated cases are their paths, queries and headers: fewer suffice.
    const perRead = scaled(ctx, 300, 20);
    // A write without a valid body here gets generic cases (`{}` made wrong): mostly its parser and its 404
    // for an unknown id, the same code as every other route's; a fifth of the count covers them.
    const perGeneric = scaled(ctx, 1_000, 20);
    // One server per lane: concurrent saves to one server are concurrent-saves' subject, not this one's.
    const LANES = 6;
    const lintServers: string[] = [];
    for (let i = 0; i < LANES; i++) {
      const s = await registerServer(p, keys.admin, `Fuzz target ${i}`, surface(3));
      await must(p, 'POST', `/v1/servers/${s.id}/lint`, surface(3), keys.ci); // its result exists: saves of it are repeated saves
      lintServers.push(s.id);
    }
    const server = { id: lintServers[0]! };
    const meBefore = await send(p, get('/v1/me', keys.admin));

    const openapi = (await must<{ paths: Record<string, Record<string, unknown>> }>(p, 'GET', '/v1/openapi.json', undefined)).paths;
    const targets: Target[] = [];
    for (const [path, ops] of Object.entries(openapi)) {
      if (!path.startsWith('/v1/')) continue;
      for (const method of Object.keys(ops)) {
        if (!['get', 'post', 'put', 'patch', 'delete'].includes(method)) continue;
        targets.push(target(method.toUpperCase(), path, keys, server.id));
      }
    }
    targets.sort((a, b) => `${a.path} ${a.method}`.localeCompare(`${b.path} ${b.method}`));
    ctx.log(`${targets.length} endpoints: ${targets.map((t) => `${t.method} ${t.path}${t.known ? '' : ' (generic cases)'}`).join(', ')}; ${perEndpoint} refused cases per write (${perGeneric} with generic cases), ${perRead} per read`);

    const before = await counts(db.sql);
    const fuzzStarted = new Date();
    const apart = pool(service.url, 2, '127.0.0.3');
    ctx.defer(() => apart.agent.destroy());
    const values = valuePool(ctx.seed);
    const byEndpoint = new Map<string, Tally>();
    const rnd = seeded(ctx.seed);
    for (const t of targets) {
      const name = `${t.method} ${t.path}`;
      const tl: Tally = { cases: 0, accepted: [], fiveXX: [], wrongShape: [], hangs: [], noAnswer: [], closedWire: 0, stale: [], acceptedKinds: [], busy: [] };
      byEndpoint.set(name, tl);
      const limit = t.textBody ? 1024 * 1024 + 64 * 1024 : t.path === '/v1/servers' ? 1_100_000 : 256 * 1024;
      // Cases are generated until `perEndpoint` of them were refused (some generated values are valid: those
      // are accepted and accounted for below), at most twice as many.
      const t0 = performance.now();
      let generated = 0;
      let refused = 0;
      const wanted = t.known ? perEndpoint : perGeneric;
      const more = () => (t.method === 'GET' ? generated < perRead : refused < wanted && generated < 2 * wanted);
      const lane = async (k: number) => {
        while (more() && service.alive()) {
          generated++;
          let c: Case;
          try {
            c = makeCase(rnd, t, values, limit);
            if (k > 0 && c.out) c = { ...c, out: { ...c.out, path: c.out.path.replace(server.id, lintServers[k]!) } };
          } catch (error) {
            throw new Error(`generating a case for ${name}: ${(error as Error).message}`);
          }
          let a: Answer;
          let viaWire = c.raw !== undefined;
          if (c.raw) a = await wire(service.url, c.raw);
          else {
            a = await send(c.apart ? apart : p, c.out!);
            if (a.status === -1) {
              viaWire = true;
              a = await wire(service.url, asWire(c.out!));
            }
          }
          if (!(a.status >= 200 && a.status < 300)) refused++;
          judge(tl, c.kind, a, viaWire, c.out);
        }
      };
      await Promise.all(Array.from({ length: LANES }, (_, k) => lane(k)));
      ctx.log(`${name}: ${tl.cases} cases in ${((performance.now() - t0) / 1000).toFixed(1)} s; 2xx ${tl.accepted.length}, 5xx ${tl.fiveXX.length}, wrong shape ${tl.wrongShape.length}, hangs ${tl.hangs.length}; accepted: ${tally(tl.acceptedKinds)}`);
      if (!service.alive()) break;
    }

    // Totals, then what they were: by endpoint, by kind of case, by answer.
    const all = [...byEndpoint.values()];
    const per = (f: (t: Tally) => number) => [...byEndpoint].filter(([, t]) => f(t) > 0).map(([name, t]) => `${name} ${f(t)}`).join(', ');
    for (const t of all) {
      row.cases += t.cases;
      row.fiveXX += t.fiveXX.length;
      row.wrongShape += t.wrongShape.length;
      row.hangs += t.hangs.length;
    }
    const answerOf = (entry: string) => entry.replace(/^[^:]*: /, '');
    const kindOf = (entry: string) => entry.replace(/: .*$/, '');
    if (row.fiveXX) row.notes.push(`5xx per endpoint: ${per((t) => t.fiveXX.length)}; per case: ${tally(all.flatMap((t) => t.fiveXX.map(kindOf)))}`);
    if (row.wrongShape) {
      row.notes.push(`wrong shape per answer: ${tally(all.flatMap((t) => t.wrongShape.map(answerOf)), 8)}; per case: ${tally(all.flatMap((t) => t.wrongShape.map(kindOf)))}; per endpoint: ${per((t) => t.wrongShape.length)}`);
    }
    if (row.hangs) row.notes.push(`hangs per endpoint: ${per((t) => t.hangs.length)}; per case: ${tally(all.flatMap((t) => t.hangs))}`);
    const noAnswer = all.flatMap((t) => t.noAnswer);
    if (noAnswer.length) row.failures.push(`no answer ×${noAnswer.length} (${per((t) => t.noAnswer.length)}: ${tally(noAnswer)})`);
    const busy = all.flatMap((t) => t.busy);
    if (busy.length) row.notes.push(`busy answers (503 with Retry-After, allowed): ${tally(busy)}`);
    const closed = all.reduce((n, t) => n + t.closedWire, 0);
    if (closed) row.notes.push(`${closed} malformed raw requests closed without an answer`);
    const stale = all.flatMap((t) => t.stale.map(String));
    if (stale.length) row.failures.push(`the service closed connections after answers that did not say Connection: close ×${stale.length} (after ${tally(stale)}; the next request on each failed and was sent again)`);
    if (!service.alive()) {
      row.serviceDied = true;
      row.failures.push(`the service exited (${service.errorLines(1).join('') || 'no error logged'})`);
      return;
    }
    row.notes.push(`accepted (2xx, rows checked): ${[...byEndpoint].map(([name, t]) => `${name} ${t.accepted.length}`).join(', ')}`);

    // Rows: what the accepted answers wrote, exactly.
    const after = await counts(db.sql);
    const expected = { orgs: 0, keys: 0, revoked: 0, servers: 0, versions: 0, saves: 0, units: 0 };
    let unaccounted = 0;
    const ssrf: string[] = [];
    for (const [name, t] of byEndpoint) {
      for (const a of t.accepted) {
        const body = safeJson(a.body) as Record<string, unknown> | undefined;
        if (name === 'POST /v1/keys') expected.keys++;
        else if (name === 'POST /v1/organisations') {
          expected.orgs++;
          expected.keys++;
        } else if (name === 'DELETE /v1/keys/{id}') expected.revoked++;
        else if (name === 'POST /v1/servers') {
          expected.servers++;
          const s = (body?.server ?? {}) as { latestVersionId?: string | null; sourceUrl?: string | null };
          if (s.latestVersionId) expected.versions++;
          if (s.sourceUrl && privateUrl(s.sourceUrl)) ssrf.push(s.sourceUrl.slice(0, 60));
        } else if (name === 'POST /v1/servers/{id}/lint') {
          expected.saves++;
          expected.units++;
          if ((body?.version as { created?: boolean } | undefined)?.created) expected.versions++;
        } else if (!name.startsWith('GET ')) unaccounted++; // a read writes nothing: the counts below show it
      }
    }
    const diffs: string[] = [];
    let lost = 0;
    for (const k of Object.keys(expected) as (keyof typeof expected)[]) {
      const delta = after[k] - before[k];
      if (delta !== expected[k]) {
        diffs.push(`${k} +${delta} for ${expected[k]} accepted`);
        lost += Math.abs(delta - expected[k]);
      }
    }
    row.rowsLost = lost;
    if (diffs.length) row.notes.push(`rows vs accepted answers: ${diffs.join(', ')}`);
    if (after.keys - before.keys !== expected.keys) {
      // Which keys no accepted answer names (created by a refused request, or twice by one).
      const named = new Set<string>();
      for (const [name, t] of byEndpoint) {
        if (name !== 'POST /v1/keys' && name !== 'POST /v1/organisations') continue;
        for (const a of t.accepted) {
          const id = (safeJson(a.body) as { record?: { id?: string } } | undefined)?.record?.id;
          if (id) named.add(id);
        }
      }
      const fresh = await db.sql<{ id: string; name: string }[]>`SELECT id::text, name FROM api_keys WHERE created_at >= ${fuzzStarted.toISOString()}::timestamptz ORDER BY created_at`;
      const strays = fresh.filter((k) => !named.has(k.id));
      if (strays.length) row.notes.push(`keys no accepted answer names: ${tally(strays.map((k) => JSON.stringify(k.name).slice(0, 40)))}`);
    }
    if (unaccounted) row.notes.push(`${unaccounted} 2xx answers of endpoints without a row model (their writes are not counted)`);
    const privateCases = byEndpoint.get('POST /v1/servers')?.cases ?? 0;
    if (ssrf.length) row.failures.push(`registration accepted loopback/private URLs ×${ssrf.length} (e.g. ${[...new Set(ssrf)].slice(0, 2).join(', ')}); SSRF must be refused at registration`);
    else if (privateCases) row.notes.push('no registration by a loopback/private URL was accepted');

    // Still sane afterwards: the same key is the same key of the same organisation, and a valid request works.
    const meAfter = await send(p, get('/v1/me', keys.admin));
    if (meAfter.status !== 200 || meAfter.body !== meBefore.body) row.failures.push(`GET /v1/me changed after the fuzz: ${meAfter.status} ${meAfter.body.slice(0, 120)}`);
    const fresh = await send(p, json('POST', '/v1/keys', { purpose: 'ci', name: 'after fuzz' }, keys.admin));
    const created = safeJson(fresh.body) as { record?: { purpose?: string } } | undefined;
    if (fresh.status !== 201 || created?.record?.purpose !== 'ci') row.failures.push(`a valid POST /v1/keys after the fuzz answered ${codeOf(fresh)}`);
    const probe = await send(p, get('/v1/servers?limit=1'));
    if (!ok(probe) || /polluted/.test(probe.body)) row.failures.push(`GET /v1/servers after the fuzz: ${codeOf(probe)}${/polluted/.test(probe.body) ? ' (a polluted prototype shows)' : ''}`);
  },
};

function judge(t: Tally, kind: string, a: Answer, viaWire: boolean, out?: Outgoing): void {
  t.cases++;
  if (a.stale !== undefined) t.stale.push(a.stale);
  const api = viaWire || out === undefined || isApiPath(out.path);
  if (a.hang) {
    t.hangs.push(kind);
    return;
  }
  if (a.status <= 0) {
    // A malformed request may be closed without an answer (it is not HTTP); a well-formed one may not.
    if (viaWire) t.closedWire++;
    else t.noAnswer.push(`${kind}: ${a.error ?? 'closed'}${out ? ` (${out.body === undefined ? 0 : Buffer.byteLength(out.body)}-byte body)` : ''}`);
    return;
  }
  // The lint work may run in a bounded pool that answers 503 with Retry-After when full: correct, if said so.
  if (a.status === 503 && hasRetryAfter(a) && codeOf(a) !== '503 database_unavailable') t.busy.push(codeOf(a));
  else if (a.status >= 500) t.fiveXX.push(`${kind}: ${codeOf(a)}`);
  if (api && a.status >= 400 && !uniformShape(a)) t.wrongShape.push(`${kind}: ${codeOf(a)}`);
  if (a.status >= 200 && a.status < 300) {
    t.accepted.push(a);
    t.acceptedKinds.push(kind);
  }
}

/** The service's own split (server/src/site.ts): these paths are the API's, every other one is a page of the site. */
const isApiPath = (url: string): boolean => {
  const path = url.split('?', 1)[0]!;
  return path === '/health' || path === '/v1' || path.startsWith('/v1/');
};

const safeJson = (text: string): unknown => {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
};

export default scenario;
