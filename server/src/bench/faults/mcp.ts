// mcp — the MCP endpoint (`POST /mcp`, hidden from /v1/openapi.json, so the fuzz does not reach it) over real
// HTTP with keep-alive: valid calls (ping, initialize, tools/list, lint_surface, get_server_score,
// search_leaderboard, anonymous and with an agent key), invalid JSON-RPC (not JSON, wrong version, methods
// and ids of the wrong type, unknown methods and tools, bad arguments, a valid message with one field made
// wrong from the fuzz's seeded values, duplicate and prototype keys, no Accept header), batches (valid,
// mixed, notifications only, and lints of a 200-tool surface), bodies over its 1 MiB + 64 KiB limit, and
// GET/DELETE. Meanwhile a client from 127.0.0.2 asks /health every 250 ms. Checks: no 5xx but a 503 with
// Retry-After (a full lint pool), a 429 only with Retry-After, every error answer either the uniform shape
// (the REST layer in front: parser, key, size limit, rate limit) or a JSON-RPC error object (the
// transport), every 200 a JSON-RPC response (or a batch of them), every valid call answered with a result,
// none slower than 5 s, /health 200 throughout (never `database_unavailable` while the database is up),
// and nothing written: MCP calls without a report write no rows.
import { seeded, syntheticSurface } from '../synthetic.js';
import { must, registerServer, standardFixture, surface } from './fixture.js';
import { setAt, valuePool, type Json } from './fuzz-cases.js';
import { codeOf, get, hasRetryAfter, pool, send, uniformShape, type Answer, type Outgoing } from './http.js';
import { scaled, sleep, tally, type Context, type Row, type Scenario } from './lib.js';
import { MCP_BODY_LIMIT } from '../../api/routes/mcp.js';

/** What a case expects: a result for every message (`valid`), or anything correct (refusals, JSON-RPC errors). */
interface McpCase {
  kind: string;
  body: string;
  headers?: Record<string, string>;
  valid?: boolean;
  /** The status a correct answer has (e.g. 413 for a body over the limit). */
  status?: number;
  key?: string;
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
/** A JSON-RPC 2.0 response: a result or an error object, and an id. */
const isResponse = (v: unknown): v is Record<string, unknown> =>
  isObject(v) && v.jsonrpc === '2.0' && 'id' in v && (('result' in v && !('error' in v)) || (isObject(v.error) && typeof v.error.code === 'number' && typeof v.error.message === 'string'));

const message = (id: Json, method: string, params?: Json): Record<string, Json> => ({ jsonrpc: '2.0', id, method, ...(params === undefined ? {} : { params }) });
const call = (id: number, name: string, args: Json): Record<string, Json> => message(id, 'tools/call', { name, arguments: args });

const pick = <T>(rnd: () => number, xs: readonly T[]): T => xs[Math.floor(rnd() * xs.length)]!;

function makeCase(rnd: () => number, values: unknown[], slug: string, agentKey: string, heavy: Json): McpCase {
  const small = surface(3).tools as unknown as Json;
  const valids: (() => Record<string, Json>)[] = [
    () => message(1, 'ping'),
    () => message(1, 'initialize', { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'faults', version: '1.0.0' } }),
    () => message(2, 'tools/list'),
    () => call(3, 'lint_surface', { tools: small }),
    () => call(4, 'get_server_score', { server: slug }),
    () => call(5, 'search_leaderboard', { limit: 5 }),
  ];
  const valid = () => pick(rnd, valids)();
  const text = (v: unknown) => JSON.stringify(v) ?? 'null';
  const r = rnd();
  if (r < 0.25) return { kind: 'valid', body: text(valid()), valid: true, ...(rnd() < 0.3 ? { key: agentKey } : {}) };
  if (r < 0.45) {
    // A valid message with one field made wrong.
    const m = valid();
    const fields = [['jsonrpc'], ['id'], ['method'], ['params'], ['params', 'name'], ['params', 'arguments'], ['params', 'arguments', 'tools'], ['params', 'arguments', 'server'], ['params', 'arguments', 'tools', 0, 'name']];
    return { kind: 'field', body: text(setAt(m, pick(rnd, fields), pick(rnd, values))) };
  }
  if (r < 0.6) {
    const bad = [
      () => '',
      () => 'not json',
      () => '{"jsonrpc":"2.0","id":1,"method":"ping"',
      () => '{}',
      () => '[]',
      () => 'null',
      () => '42',
      () => text(message(1, 'no/such/method')),
      () => text({ ...message(1, 'ping'), jsonrpc: '1.0' }),
      () => text(message({ nested: true }, 'ping')),
      () => text(message(1, 'tools/call', ['lint_surface'])),
      () => text(call(1, 'no_such_tool', {})),
      () => text(call(1, 'lint_surface', { tools: 'x' })),
      () => text(call(1, 'lint_surface', { tools: small, colour: 'red' })),
      () => text(call(1, 'get_server_score', { server: 'a'.repeat(5_000) })),
      () => text(call(1, 'run_evaluation', {})), // stdio only: not offered over http
      () => '{"jsonrpc":"2.0","jsonrpc":"2.0","id":1,"method":"ping"}',
      () => '{"jsonrpc":"2.0","id":1,"method":"ping","__proto__":{"polluted":true}}',
      () => text(message(1, 'ping\u0000')),
      () => '['.repeat(5_000) + ']'.repeat(5_000),
      () => text({ jsonrpc: '2.0', method: 'notifications/initialized' }),
    ];
    return { kind: 'invalid', body: pick(rnd, bad)() };
  }
  if (r < 0.63) return { kind: 'headers', body: text(valid()), headers: pick<Record<string, string>>(rnd, [{ accept: 'application/json' }, { accept: 'text/html' }, { 'content-type': 'text/plain' }, { 'mcp-session-id': 'x'.repeat(200) }]) };
  if (r < 0.66) return { kind: 'foreign-origin', body: text(valid()), headers: { origin: 'http://evil.example.com' }, status: 403 }; // DNS rebinding
  if (r < 0.86) {
    const n = 2 + Math.floor(rnd() * 9);
    const options = [
      () => ({ kind: 'batch', body: text(Array.from({ length: n }, (_, i) => ({ ...valid(), id: i + 1 }))) }),
      () => ({ kind: 'batch-mixed', body: text(Array.from({ length: n }, (_, i) => (i % 2 ? { ...valid(), id: i + 1 } : pick(rnd, values)))) }),
      () => ({ kind: 'batch-notifications', body: text(Array.from({ length: n }, () => ({ jsonrpc: '2.0', method: 'notifications/initialized' }))) }),
      () => ({ kind: 'batch-duplicate-ids', body: text(Array.from({ length: n }, () => message(7, 'ping'))) }),
    ];
    return pick(rnd, options)();
  }
  if (r < 0.92) {
    // The CPU-heavy calls of the issue: a 200-tool lint, alone or a few in one batch.
    // A batch is refused as a whole (400, a JSON-RPC error, since issue 28): only a single call must have its result.
    const k = pick(rnd, [1, 1, 2, 3]);
    const lints = Array.from({ length: k }, (_, i) => call(i + 1, 'lint_surface', { tools: heavy }));
    return k === 1 ? { kind: 'heavy-lint', body: text(lints[0]), valid: true } : { kind: 'heavy-batch', body: text(lints) };
  }
  // Over the limit (413), by a little or by more.
  const over = MCP_BODY_LIMIT + 1 + Math.floor(rnd() * 100_000);
  const pad = 'y'.repeat(over);
  return { kind: 'too-large', body: text(call(1, 'lint_surface', { tools: [{ name: 'x', description: pad }] })), status: 413 };
}

/** What is wrong with the answer to `c`, or null. Counts 5xx, wrong shapes and hangs into the row. */
function judge(row: Row, c: McpCase, a: Answer): string | null {
  row.cases++;
  if (a.hang) {
    row.hangs++;
    return `${c.kind}: no answer within 5 s`;
  }
  if (a.status <= 0) return `${c.kind}: ${a.error ?? 'no answer'}`;
  const busy = (a.status === 429 || a.status === 503) && hasRetryAfter(a);
  if (a.status >= 500 && !busy) {
    row.fiveXX++;
    return `${c.kind}: ${codeOf(a)}`;
  }
  let parsed: unknown;
  try {
    parsed = a.body === '' ? undefined : JSON.parse(a.body);
  } catch {
    parsed = undefined;
  }
  if (a.status >= 400) {
    if (!uniformShape(a) && !isResponse(parsed)) {
      row.wrongShape++;
      return `${c.kind}: ${codeOf(a)} is neither the uniform shape nor a JSON-RPC error`;
    }
    if (a.status === 429 && !busy) return `${c.kind}: 429 without Retry-After`;
    if (c.status !== undefined && a.status !== c.status && !busy) return `${c.kind}: ${codeOf(a)}, expected ${c.status}`;
    if (c.valid && !busy) return `${c.kind}: a valid call answered ${codeOf(a)}`;
    return null;
  }
  if (c.status !== undefined) return `${c.kind}: ${a.status}, expected ${c.status}`;
  if (a.status === 202 && a.body === '') return c.valid ? `${c.kind}: 202 without an answer` : null; // notifications only
  const responses = Array.isArray(parsed) ? parsed : [parsed];
  if (responses.length === 0 || !responses.every(isResponse)) return `${c.kind}: ${a.status} with a body that is not JSON-RPC responses: ${a.body.slice(0, 80)}`;
  if (c.valid && responses.some((m) => 'error' in m)) return `${c.kind}: a valid call answered a JSON-RPC error: ${a.body.slice(0, 120)}`;
  return null;
}

const scenario: Scenario = {
  id: 'mcp',
  what: 'POST /mcp: valid calls, invalid JSON-RPC, batches, 200-tool lints, bodies over 1 MiB + 64 KiB; /health answered meanwhile',
  budgetSeconds: 150,
  async run(ctx: Context, row: Row) {
    const { db, service, keys, p } = await standardFixture(ctx, 'mcp', {}, { databaseUntouched: true });
    const server = await registerServer(p, keys.admin, 'MCP target', surface(3));
    await must(p, 'POST', `/v1/servers/${server.id}/lint`, surface(3), keys.ci);
    const { slug } = (await must<{ server: { slug: string } }>(p, 'GET', `/v1/servers/${server.id}`, undefined)).server;
    const counts = async () => (await db.sql<{ n: string }[]>`SELECT (SELECT count(*) FROM lint_saves) + (SELECT count(*) FROM server_versions) + (SELECT count(*) FROM failure_reports) + (SELECT coalesce(sum(units), 0) FROM usage) AS n`)[0]!.n;
    const before = await counts();

    const total = scaled(ctx, 800, 40);
    const rnd = seeded(ctx.seed ^ 0x3c9);
    const values = valuePool(ctx.seed);
    // 200 tools (the most lint_surface takes), ~300 KiB: three fit in one body under the limit.
    const heavy = syntheticSurface(200, 30, 4, ctx.seed).tools as unknown as Json;
    const problems: string[] = [];
    const kinds: string[] = [];
    const statuses: string[] = [];
    let sent = 0;
    const lane = async () => {
      while (sent < total && service.alive()) {
        sent++;
        const c = makeCase(rnd, values, slug, keys.agent, heavy);
        const out: Outgoing = {
          method: 'POST',
          path: '/mcp',
          headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', ...(c.key ? { authorization: `Bearer ${c.key}` } : {}), ...c.headers },
          body: c.body,
        };
        const a = await send(p, out);
        kinds.push(c.kind);
        statuses.push(`${c.kind} ${a.status}`);
        const problem = judge(row, c, a);
        if (problem) problems.push(problem);
      }
    };
    // /health from another address meanwhile: a CPU-heavy call must not starve it or mark the database down.
    const apart = pool(service.url, 1, '127.0.0.2');
    ctx.defer(() => apart.agent.destroy());
    let done = false;
    const health: Answer[] = [];
    const watcher = (async () => {
      while (!done) {
        health.push(await send(apart, get('/health')));
        await sleep(250);
      }
    })();
    const t0 = performance.now();
    await Promise.all(Array.from({ length: 4 }, lane));
    for (const method of ['GET', 'DELETE']) {
      const a = await send(p, { method, path: '/mcp', headers: { accept: 'text/event-stream' } });
      row.cases++;
      // Every /mcp error is a JSON-RPC error message (issue 28), a 405 with the one method it takes.
      let rpc: unknown;
      try {
        rpc = JSON.parse(a.body);
      } catch {
        rpc = undefined;
      }
      const isRpcError = isResponse(rpc) && 'error' in rpc && rpc.id === null;
      if (a.status !== 405 || a.headers.allow !== 'POST' || !isRpcError) problems.push(`${method} /mcp: ${codeOf(a)}, expected 405 with Allow: POST and a JSON-RPC error`);
    }
    done = true;
    await watcher;
    const seconds = (performance.now() - t0) / 1000;

    const slowHealth = health.filter((a) => a.hang).length;
    const badHealth = health.filter((a) => !a.hang && a.status !== 200).map(codeOf);
    row.cases += health.length;
    row.hangs += slowHealth;
    if (badHealth.length) row.failures.push(`/health during the calls: ${tally(badHealth)}`);
    const slowest = Math.max(0, ...health.map((a) => a.end - a.start)) / 1000;
    const after = await counts();
    row.rowsLost = after === before ? 0 : Math.abs(Number(after) - Number(before));
    if (after !== before) row.notes.push(`rows changed by MCP calls that write nothing: ${before} → ${after}`);
    if (problems.length) row.failures.push(`${problems.length} wrong answers: ${tally(problems, 8)}`);
    if (!service.alive()) {
      row.serviceDied = true;
      row.failures.push(`the service exited (${service.errorLines(1).join('') || 'no error logged'})`);
    }
    row.notes.push(`${sent} calls in ${seconds.toFixed(1)} s: ${tally(kinds, 12)}; answers: ${tally(statuses, 14)}; /health ${health.length} times, slowest ${slowest.toFixed(2)} s`);
  },
};

export default scenario;
