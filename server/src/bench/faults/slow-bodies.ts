// slow-bodies — raw sockets that hold the service's connections: a body shorter than its Content-Length
// (then silence), a body dripped one byte a second, headers dripped one line every 2 s (slowloris), and a
// connection that sends nothing. Each socket must be answered or closed by the service within its request
// timeout (TOOLMARK_REQUEST_TIMEOUT_MS as the service reads it, default 30 s; FAULTS_REQUEST_TIMEOUT_S
// overrides it); one still open 5 s after it is a hang. Any answer that is an error must be in the
// uniform shape. The service keeps its default limit of connections per address (the benches' environment
// turns it off). Meanwhile a normal client, from another loopback address, reads, creates keys and asks
// /health every 250 ms and must be answered 2xx within 5 s.
import { connect, type Socket } from 'node:net';
import { loadConfig } from '../../config.js';
import { standardFixture } from './fixture.js';
import { codeOf, get, json, ok, parseResponse, pool, send, uniformShape, type Answer } from './http.js';
import { scaled, sleep, tally, type Context, type Row, type Scenario } from './lib.js';

/**
 * The service's settings as it will read them from this environment (TOOLMARK_* is passed through). A
 * value it would refuse stops its start-up anyway; until then the defaults stand in.
 */
const settings = (() => {
  const env = {
    TOOLMARK_REQUEST_TIMEOUT_MS: process.env.TOOLMARK_REQUEST_TIMEOUT_MS,
    TOOLMARK_HEADERS_TIMEOUT_MS: process.env.TOOLMARK_HEADERS_TIMEOUT_MS,
    TOOLMARK_MAX_CONNECTIONS_PER_ADDRESS: process.env.TOOLMARK_MAX_CONNECTIONS_PER_ADDRESS,
  };
  try {
    return loadConfig(env);
  } catch {
    return loadConfig({});
  }
})();
/** The request timeout the service is held to. */
const REQUEST_TIMEOUT_S = process.env.FAULTS_REQUEST_TIMEOUT_S ? Number(process.env.FAULTS_REQUEST_TIMEOUT_S) : settings.TOOLMARK_REQUEST_TIMEOUT_MS / 1000;

type Kind = 'short body' | 'dripped body' | 'dripped headers' | 'silent';
const KINDS: Kind[] = ['short body', 'dripped body', 'dripped headers', 'silent'];

interface Slow {
  kind: Kind;
  socket: Socket;
  opened: number;
  closed?: number;
  answer?: Omit<Answer, 'start' | 'end' | 'hang'>;
  refused?: string;
}

const scenario: Scenario = {
  id: 'slow-bodies',
  what: 'sockets with short, dripped or no bodies and dripped headers; each must be closed by the request timeout; a normal client keeps being answered',
  budgetSeconds: 90 + REQUEST_TIMEOUT_S,
  async run(ctx: Context, row: Row) {
    const { service, keys } = await standardFixture(ctx, 'slow', { TOOLMARK_MAX_CONNECTIONS_PER_ADDRESS: String(settings.TOOLMARK_MAX_CONNECTIONS_PER_ADDRESS) }, { databaseUntouched: true });
    const timeoutS = REQUEST_TIMEOUT_S;
    const deadline = (timeoutS + 5) * 1000;
    const perKind = scaled(ctx, 15, 2);
    const url = new URL(service.url);
    const slow: Slow[] = [];
    const timers: NodeJS.Timeout[] = [];
    ctx.defer(() => {
      for (const t of timers) clearInterval(t);
      for (const s of slow) s.socket.destroy();
    });
    const open = (kind: Kind, i: number) => {
      const socket = connect({ host: url.hostname, port: Number(url.port) });
      const s: Slow = { kind, socket, opened: performance.now() };
      slow.push(s);
      let buf = Buffer.alloc(0);
      socket.on('data', (c: Buffer) => {
        buf = Buffer.concat([buf, c]);
        s.answer ??= parseResponse(buf, false) ?? undefined;
      });
      socket.on('error', (e: NodeJS.ErrnoException) => (s.refused ??= e.code ?? e.message));
      socket.on('close', () => {
        s.closed ??= performance.now();
        s.answer ??= parseResponse(buf, true) ?? undefined;
      });
      const path = i % 2 === 0 ? '/v1/keys' : '/v1/servers/00000000-0000-4000-8000-000000000000/lint';
      const auth = i % 2 === 0 ? `Authorization: Bearer ${keys.admin}\r\n` : `Authorization: Bearer ${keys.ci}\r\n`;
      socket.on('connect', () => {
        const head = `POST ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\n${auth}Content-Type: application/json\r\n`;
        if (kind === 'short body') socket.write(`${head}Content-Length: 1000\r\n\r\n{"purpose":"ci",`);
        else if (kind === 'dripped body') {
          socket.write(`${head}Content-Length: 100000\r\n\r\n`);
          const t = setInterval(() => (socket.destroyed ? clearInterval(t) : socket.write(' ')), 1_000);
          timers.push(t);
        } else if (kind === 'dripped headers') {
          socket.write(head);
          let n = 0;
          const t = setInterval(() => (socket.destroyed ? clearInterval(t) : socket.write(`X-Drip-${n++}: ${'d'.repeat(10)}\r\n`)), 2_000);
          timers.push(t);
        }
        // silent: nothing at all
      });
    };
    let i = 0;
    for (const kind of KINDS) for (let k = 0; k < perKind; k++) open(kind, i++);
    ctx.log(`${slow.length} slow sockets open; waiting up to ${deadline / 1000} s (request timeout ${timeoutS} s + 5 s; ${settings.TOOLMARK_MAX_CONNECTIONS_PER_ADDRESS || 'no'} connections per address)`);

    // The normal client, from 127.0.0.2 (a per-address limit on the slow sockets' 127.0.0.1 must not refuse it).
    const p = pool(service.url, 2, '127.0.0.2');
    ctx.defer(() => p.agent.destroy());
    const normal: Answer[] = [];
    const t0 = performance.now();
    let n = 0;
    // A socket is done when the service closed it or answered on it.
    const pending = () => slow.filter((s) => s.closed === undefined && s.answer === undefined);
    while (performance.now() - t0 < deadline && pending().length && service.alive()) {
      // A read (cached up to 2 s), a write, and /health (the database is up: it must say so throughout).
      const step = n++ % 4;
      const a = await send(p, step === 3 ? json('POST', '/v1/keys', { purpose: 'ci', name: `normal ${n}` }, keys.admin) : step === 1 ? get('/health') : get('/v1/leaderboards/lint?limit=5'));
      normal.push(a);
      await sleep(250);
    }
    // Stop dripping; whatever is still open now is a hang.
    for (const t of timers) clearInterval(t);
    const now = performance.now();
    const hung = pending();
    for (const s of slow) s.socket.destroy();

    row.cases = slow.length + normal.length;
    row.hangs = hung.length;
    if (hung.length) row.notes.push(`open after ${((now - t0) / 1000).toFixed(0)} s: ${tally(hung.map((s) => s.kind))}`);
    const closedAfter = slow.filter((s) => s.closed !== undefined).map((s) => (s.closed! - s.opened) / 1000);
    if (closedAfter.length) row.notes.push(`closed by the service after ${Math.min(...closedAfter).toFixed(1)}–${Math.max(...closedAfter).toFixed(1)} s (${closedAfter.length} sockets)`);
    const answers = slow.filter((s) => s.answer).map((s) => ({ ...s.answer!, kind: s.kind }));
    if (answers.length) row.notes.push(`answers on slow sockets: ${tally(answers.map((a) => `${a.kind}: ${codeOf({ ...a, start: 0, end: 0, hang: false })}`))}`);
    row.fiveXX += answers.filter((a) => a.status >= 500).length;
    row.wrongShape += answers.filter((a) => a.status >= 400 && !uniformShape(a)).length;

    const bad = normal.filter((a) => !ok(a));
    row.fiveXX += normal.filter((a) => a.status >= 500).length;
    row.wrongShape += normal.filter((a) => a.status >= 400 && !uniformShape(a)).length;
    row.hangs += normal.filter((a) => a.hang).length;
    const slowest = Math.max(0, ...normal.map((a) => a.end - a.start));
    row.notes.push(`normal client: ${normal.length} requests, ${normal.length - bad.length} answered 2xx, slowest ${(slowest / 1000).toFixed(2)} s`);
    if (bad.length) row.failures.push(`the normal client was not served ×${bad.length}: ${tally(bad.map(codeOf))}`);
    if (!service.alive()) {
      row.serviceDied = true;
      row.failures.push('the service exited');
    }
  },
};

export default scenario;
