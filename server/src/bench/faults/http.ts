// HTTP for the fault scenarios: a keep-alive client over node:http with a hard bound per request (a request
// unanswered after the bound is a hang and is cut), a raw-socket client for requests node:http refuses to
// send (malformed request lines, NUL in a path, oversized headers), and the check of the uniform error shape.
import { Agent, request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import { connect } from 'node:net';

/** How long a request may take before it counts as a hang (issue 10: "hangs over 5 s"). */
export const HANG_MS = 5_000;

/** One request's outcome. `status` 0: no answer (see `error`). */
export interface Answer {
  status: number;
  headers: IncomingHttpHeaders;
  body: string;
  /** performance.now() at the start and at the end (answer, error or cut). */
  start: number;
  end: number;
  /** Unanswered after the bound: the request was cut. */
  hang: boolean;
  /** Why there was no answer (connection refused or reset, closed early, …). */
  error?: string;
  /**
   * The request went out on a kept-alive connection the service had closed after its previous answer
   * (which said keep-alive): the status of that previous answer. The request was then sent again on a new
   * connection, once, and this is that second answer.
   */
  stale?: number;
}

/** A request to send. Paths are sent as given (node:http refuses control characters: use {@link wire} for those). */
export interface Outgoing {
  method: string;
  path: string;
  headers?: Record<string, string | string[]>;
  body?: string | Buffer;
}

/** A keep-alive pool of `sockets` connections to the service at `base`, optionally from a given local address. */
export function pool(base: string, sockets = 4, localAddress?: string): { agent: Agent; host: string; port: number; localAddress: string | undefined } {
  const url = new URL(base);
  return { agent: new Agent({ keepAlive: true, maxSockets: sockets, maxFreeSockets: sockets }), host: url.hostname, port: Number(url.port), localAddress };
}
export type Pool = ReturnType<typeof pool>;

/** The status of the last answer read on each pooled socket. */
const lastStatus = new WeakMap<object, number>();

/**
 * Send one request over the pool; never throws, never takes longer than `bound` ms (then it is a hang). A
 * reused keep-alive connection that turns out closed (reset or hung up before any answer) is the service's
 * doing when its previous answer said keep-alive: the request is sent again once on a new connection and
 * the answer carries `stale` (see {@link Answer}).
 */
export async function send(p: Pool, out: Outgoing, bound = HANG_MS): Promise<Answer> {
  const first = await sendOnce(p, out, bound, p.agent);
  if (first.staleAfter === undefined) return first.answer;
  const again = await sendOnce(p, out, bound, false);
  return { ...again.answer, start: first.answer.start, stale: first.staleAfter };
}

function sendOnce(p: Pool, out: Outgoing, bound: number, agent: Agent | false): Promise<{ answer: Answer; staleAfter?: number }> {
  const start = performance.now();
  return new Promise((done) => {
    let settled = false;
    let staleAfter: number | undefined;
    const finish = (a: Omit<Answer, 'start' | 'end'>) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      done({ answer: { ...a, start, end: performance.now() }, ...(staleAfter === undefined ? {} : { staleAfter }) });
    };
    const headers: Record<string, string | string[]> = { ...out.headers };
    if (out.body !== undefined && !Object.keys(headers).some((h) => h.toLowerCase() === 'content-length')) headers['content-length'] = String(Buffer.byteLength(out.body));
    let req: ReturnType<typeof httpRequest>;
    try {
      req = httpRequest({ host: p.host, port: p.port, method: out.method, path: out.path, headers, agent, ...(p.localAddress ? { localAddress: p.localAddress } : {}) });
    } catch (error) {
      // node:http refused to send it (invalid header or path characters): not a case of the service.
      settled = true;
      done({ answer: { status: -1, headers: {}, body: '', hang: false, error: `client refused: ${(error as Error).message}`, start, end: performance.now() } });
      return;
    }
    const timer = setTimeout(() => {
      finish({ status: 0, headers: {}, body: '', hang: true, error: `no answer within ${bound} ms` });
      req.destroy();
    }, bound);
    let socket: object | undefined;
    req.on('socket', (s) => (socket = s));
    req.on('response', (res) => {
      if (socket) lastStatus.set(socket, res.statusCode ?? 0);
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => finish({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString('utf8'), hang: false }));
      res.on('error', (e) => finish({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString('utf8'), hang: false, error: `body cut: ${e.message}` }));
    });
    req.on('error', (e: NodeJS.ErrnoException) => {
      // req.reusedSocket is not set for a request that waited for a free socket: the socket's own history says it.
      const previous = socket ? lastStatus.get(socket) : undefined;
      if ((req.reusedSocket || previous !== undefined) && (e.code === 'ECONNRESET' || e.code === 'EPIPE')) staleAfter = previous ?? 0;
      finish({ status: 0, headers: {}, body: '', hang: false, error: e.code ?? e.message });
    });
    if (out.body !== undefined) req.end(out.body);
    else req.end();
  });
}

/**
 * Write `bytes` on a fresh socket and read the first answer (status line, headers, a body by Content-Length
 * or chunked, or until the server closes). For requests node:http will not send. Never takes longer than `bound`.
 */
export function wire(base: string, bytes: Buffer | string, bound = HANG_MS): Promise<Answer> {
  const url = new URL(base);
  const start = performance.now();
  return new Promise((done) => {
    let settled = false;
    let buffer = Buffer.alloc(0);
    const socket = connect({ host: url.hostname, port: Number(url.port) });
    const finish = (a: Omit<Answer, 'start' | 'end'>) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      socket.destroy();
      done({ ...a, start, end: performance.now() });
    };
    const timer = setTimeout(() => {
      const parsed = parseResponse(buffer, false);
      if (parsed) finish({ ...parsed, hang: false });
      else finish({ status: 0, headers: {}, body: '', hang: true, error: `no answer within ${bound} ms` });
    }, bound);
    socket.on('connect', () => socket.write(bytes));
    socket.on('data', (c: Buffer) => {
      buffer = Buffer.concat([buffer, c]);
      const parsed = parseResponse(buffer, false);
      if (parsed) finish({ ...parsed, hang: false });
    });
    const closed = (why: string) => {
      const parsed = parseResponse(buffer, true);
      if (parsed) finish({ ...parsed, hang: false });
      else finish({ status: 0, headers: {}, body: '', hang: false, error: buffer.length ? `unreadable answer: ${JSON.stringify(buffer.subarray(0, 80).toString('latin1'))}` : why });
    };
    socket.on('end', () => closed('closed without an answer'));
    socket.on('close', () => closed('closed without an answer'));
    socket.on('error', (e: NodeJS.ErrnoException) => closed(e.code ?? e.message));
  });
}

/** A complete first response in `buf`, or null while more is needed (`ended`: the peer closed, take what is there). */
export function parseResponse(buf: Buffer, ended: boolean): Omit<Answer, 'start' | 'end' | 'hang'> | null {
  const headEnd = buf.indexOf('\r\n\r\n');
  if (headEnd < 0) return null;
  const head = buf.subarray(0, headEnd).toString('latin1').split('\r\n');
  const m = /^HTTP\/1\.[01] (\d{3})/.exec(head[0] ?? '');
  if (!m) return null;
  const headers: IncomingHttpHeaders = {};
  for (const line of head.slice(1)) {
    const i = line.indexOf(':');
    if (i > 0) headers[line.slice(0, i).trim().toLowerCase()] = line.slice(i + 1).trim();
  }
  const rest = buf.subarray(headEnd + 4);
  const status = Number(m[1]);
  // An interim answer (100 Continue, 102, 103) is followed by the real one.
  if (status >= 100 && status < 200 && status !== 101) return parseResponse(rest, ended);
  const length = headers['content-length'];
  if (typeof length === 'string' && /^\d+$/.test(length)) {
    const n = Number(length);
    if (rest.length < n) return ended ? { status, headers, body: rest.toString('utf8'), error: 'body cut' } : null;
    return { status, headers, body: rest.subarray(0, n).toString('utf8') };
  }
  if (/chunked/i.test(String(headers['transfer-encoding'] ?? ''))) {
    const chunks: Buffer[] = [];
    let at = 0;
    for (;;) {
      const lineEnd = rest.indexOf('\r\n', at);
      if (lineEnd < 0) return ended ? { status, headers, body: Buffer.concat(chunks).toString('utf8'), error: 'body cut' } : null;
      const size = parseInt(rest.subarray(at, lineEnd).toString('latin1'), 16);
      if (!Number.isFinite(size)) return { status, headers, body: Buffer.concat(chunks).toString('utf8'), error: 'bad chunk' };
      if (size === 0) return { status, headers, body: Buffer.concat(chunks).toString('utf8') };
      if (rest.length < lineEnd + 2 + size + 2) return ended ? { status, headers, body: Buffer.concat(chunks).toString('utf8'), error: 'body cut' } : null;
      chunks.push(rest.subarray(lineEnd + 2, lineEnd + 2 + size));
      at = lineEnd + 2 + size + 2;
    }
  }
  // No length: a body runs to the close (or there is none: 101, 204, 304).
  if (status === 204 || status === 304 || status < 200) return { status, headers, body: '' };
  return ended ? { status, headers, body: rest.toString('utf8') } : null;
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** `{"error":{"code":string,"message":string,"detail":object}}` as JSON (content type included). */
export function uniformShape(a: Pick<Answer, 'body' | 'headers'>): boolean {
  if (!/^application\/json\b/i.test(String(a.headers['content-type'] ?? ''))) return false;
  try {
    const j = JSON.parse(a.body) as unknown;
    return isObject(j) && isObject(j.error) && typeof j.error.code === 'string' && typeof j.error.message === 'string' && isObject(j.error.detail);
  } catch {
    return false;
  }
}

/** The error code of a uniform answer, else a short description of what came back. */
export function codeOf(a: Answer): string {
  if (a.hang) return 'hang';
  if (a.status <= 0) return a.error ?? 'no answer';
  try {
    const j = JSON.parse(a.body) as { error?: { code?: unknown } | string; code?: unknown };
    if (typeof j.error === 'object' && typeof j.error.code === 'string') return `${a.status} ${j.error.code}`;
    // Fastify's own shape: {"error":"Bad Request","code":"FST_…","message":…,"statusCode":…}
    if (typeof j.code === 'string') return `${a.status} ${j.code} (Fastify's shape)`;
    if (typeof j.error === 'string') return `${a.status} "${j.error}" (Fastify's shape)`;
  } catch {
    // not JSON
  }
  return `${a.status} ${a.body.length === 0 ? '(empty body)' : `(${String(a.headers['content-type'] ?? 'no content type').split(';')[0]})`}`;
}

/** True for a success (2xx, or 304 for a cached badge). */
export const ok = (a: Answer): boolean => (a.status >= 200 && a.status < 300) || a.status === 304;

/** A Retry-After header with a number of seconds or an HTTP date. */
export const hasRetryAfter = (a: Answer): boolean => {
  const v = a.headers['retry-after'];
  return typeof v === 'string' && (/^\d+$/.test(v.trim()) || !Number.isNaN(Date.parse(v)));
};

/** JSON body helper for requests. */
export const json = (method: string, path: string, body: unknown, key?: string): Outgoing => ({
  method,
  path,
  headers: { ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...(key ? { authorization: `Bearer ${key}` } : {}) },
  ...(body === undefined ? {} : { body: JSON.stringify(body) }),
});

/** A request with a key and no body. */
export const get = (path: string, key?: string): Outgoing => ({ method: 'GET', path, headers: key ? { authorization: `Bearer ${key}` } : {} });
