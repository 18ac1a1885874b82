// Cases of the fuzz scenario (./fuzz.ts): the endpoints' valid bodies, seeded bad values, and the
// requests built from them — through node:http, or written on raw sockets for what node:http will not send.
import { seeded } from '../synthetic.js';
import { surface, type Keys } from './fixture.js';
import type { Outgoing } from './http.js';

export type Json = null | boolean | number | string | Json[] | { [k: string]: Json };

export interface Target {
  method: string;
  /** OpenAPI form, e.g. /v1/servers/{id}/lint */
  path: string;
  key: string;
  /** A valid body (null: the endpoint takes none). */
  template: Json | null;
  /** The body is the text of a tools/list (any content type is accepted). */
  textBody: boolean;
  /** A real value for each path parameter (bad ones are generated). */
  params: Record<string, string>;
  /** Optional fields not in the template that may be set to bad values. */
  extraFields: (string | number)[][];
  known: boolean;
}

export interface Case {
  kind: string;
  out?: Outgoing;
  raw?: Buffer;
  /** Sent from the second client address (bad Authorization headers: kept apart from the rest). */
  apart?: boolean;
}

// Bad values, generated once per run from the seed. (fast-check would do; the import boundaries keep
// test-only packages out of server/src, so this is a small seeded generator of the same kinds.)
const CONTROL_UNITS = ['\u0000', '\u0001', '\u0007', '\u0008', '\u000b', '\u000c', '\u001b', '\u001f', '\u007f', '\u0085', '\u200b', '\u2028', '\u2029', '\ufeff', '\ud800', '\udfff', 'a', 'é', '😀', ' '];
const ODD = [
  '',
  ' ',
  '\t\n',
  'admin',
  'agent',
  'owner',
  'CI',
  'ci ',
  '__proto__',
  'constructor',
  'toString',
  'hasOwnProperty',
  '0',
  '-1',
  'NaN',
  'Infinity',
  'true',
  'null',
  '[object Object]',
  '{}',
  '../../etc/passwd',
  '<script>alert(1)</script>',
  "'; DROP TABLE servers; --",
  '%00',
  '\\u0000',
  'http://127.0.0.1:5432/',
  'http://169.254.169.254/latest/meta-data/',
  'file:///etc/passwd',
  'javascript:alert(1)',
  'http://[::1]/',
  'http://0x7f000001/',
  'https://localhost/mcp',
  '𝓽𝓸𝓸𝓵',
  'a\u0000b',
];

/** Values placed where a valid one belongs: 3 000 per run, the same for the same seed. */
export function valuePool(seed: number): unknown[] {
  const rnd = seeded(seed ^ 0x5eed);
  const int = (min: number, max: number) => min + Math.floor(rnd() * (max - min + 1));
  const string = (units: () => string, max: number) => Array.from({ length: int(0, max) }, units).join('');
  // Any UTF-16 code unit, lone surrogates and NUL included.
  const binary = () => string(() => String.fromCharCode(int(0, 0xffff)), 200);
  const control = () => string(() => pick(rnd, CONTROL_UNITS), 40) || '\u0000';
  const number = () => pick(rnd, [() => (rnd() - 0.5) * 10 ** int(0, 308), () => int(-(2 ** 31), 2 ** 31), () => -0, () => 1e308, () => Number.MAX_SAFE_INTEGER + 2, () => 0.1 + 0.2, () => rnd() < 0.5, () => null])();
  const key = () => pick(rnd, [() => binary().slice(0, 12), () => control(), () => pick(rnd, ODD), () => `k${int(0, 99)}`])();
  const json = (depth: number): unknown => {
    const leaf = () => pick(rnd, [binary, control, number, () => pick(rnd, ODD)])();
    if (depth <= 0 || rnd() < 0.4) return leaf();
    return rnd() < 0.5 ? Array.from({ length: int(0, 5) }, () => json(depth - 1)) : Object.fromEntries(Array.from({ length: int(0, 5) }, () => [key(), json(depth - 1)]));
  };
  const kinds: [number, () => unknown][] = [
    [3, binary],
    [4, control],
    [2, () => 'x'.repeat(int(64, 40_000))],
    [3, number],
    [2, () => Array.from({ length: int(0, 5) }, () => json(2))],
    [2, () => Object.fromEntries(Array.from({ length: int(0, 5) }, () => [key(), json(2)]))],
    [2, () => json(4)],
    [3, () => pick(rnd, ODD)],
  ];
  const total = kinds.reduce((n, [w]) => n + w, 0);
  return Array.from({ length: 3_000 }, () => {
    let r = rnd() * total;
    for (const [w, make] of kinds) if ((r -= w) < 0) return make();
    return null;
  });
}

/** A key name replaced in the JSON text afterwards (`__proto__` as an own key, a nested document). */
const PLACEHOLDER = '__faults_placeholder__';

/** A value as text, whatever it is (an object with a `toString` key that is not a function throws in String()). */
function asText(v: unknown): string {
  if (typeof v === 'string') return v;
  try {
    return JSON.stringify(v) ?? String(v);
  } catch {
    return '[value]';
  }
}

/** encodeURIComponent that takes lone surrogates (as U+FFFD) instead of throwing. */
const enc = (v: unknown): string => encodeURIComponent(asText(v).replace(/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g, '\ufffd'));

const pick = <T>(rnd: () => number, xs: readonly T[]): T => xs[Math.floor(rnd() * xs.length)]!;

/** Every path into `v` (objects and arrays), the root excluded. */
function paths(v: Json, at: (string | number)[] = []): (string | number)[][] {
  if (v === null || typeof v !== 'object') return [];
  const entries: [string | number, Json][] = Array.isArray(v) ? v.map((x, i) => [i, x]) : Object.entries(v);
  return entries.flatMap(([k, x]) => [[...at, k], ...paths(x, [...at, k])]);
}

/** A deep copy of `v` with the value at `path` replaced (created where missing). */
export function setAt(v: Json, path: (string | number)[], value: unknown): unknown {
  const copy = structuredClone(v) as Record<string | number, unknown>;
  let node: Record<string | number, unknown> = copy;
  for (const k of path.slice(0, -1)) {
    if (typeof node[k] !== 'object' || node[k] === null) node[k] = {};
    node = node[k] as Record<string | number, unknown>;
  }
  node[path[path.length - 1]!] = value;
  return copy;
}

const deep = (depth: number, kind: 'array' | 'object'): string => (kind === 'array' ? '['.repeat(depth) + ']'.repeat(depth) : '{"a":'.repeat(depth) + '1' + '}'.repeat(depth));

/** Fill `{param}` of an OpenAPI path. */
const fill = (path: string, params: Record<string, string>): string => path.replace(/\{(\w+)\}/g, (_m, name: string) => params[name] ?? '00000000-0000-4000-8000-000000000000');

const BAD_PARAMS = (rnd: () => number, values: unknown[]): string => {
  const n = pick(rnd, [37, 99, 101, 150, 1_000, 5_000, 20_000]);
  const options = [
    () => 'a'.repeat(n),
    () => '0'.repeat(n),
    () => crypto.randomUUID().toUpperCase(),
    () => `{${crypto.randomUUID()}}`,
    () => crypto.randomUUID() + 'x',
    () => crypto.randomUUID(), // well-formed, unknown
    () => pick(rnd, ['null', '0', '-1', 'undefined', '__proto__', 'constructor', '%00', '%2e%2e', '..%2F..%2Fetc%2Fpasswd', '%ZZ', '%', '%C0%AF', '%F0%9F%98%80', '%0d%0aSet-Cookie:%20x=1', '%u0000', ';', ',', '*']),
    () => enc(pick(rnd, values)).slice(0, 3_000),
  ];
  return pick(rnd, options)();
};

const QUERIES = (rnd: () => number, values: unknown[]): string => {
  const v = enc(pick(rnd, values)).slice(0, 3_000);
  return pick(rnd, [
    `label=${'l'.repeat(pick(rnd, [51, 100, 1_000, 8_000]))}`,
    `label=${v}`,
    'label=%00',
    'label=a&label=b',
    'label[]=x',
    'label[a]=1',
    '__proto__[polluted]=1',
    'constructor[prototype][polluted]=1',
    '&&&',
    '=',
    'label',
    '%',
    '%ZZ=1',
    `${'p'.repeat(50)}=${'v'.repeat(50)}&`.repeat(60),
    `limit=-1&offset=1e309`,
    `rules=${v}`,
    `x=${v}`,
  ]);
};

/** Bad Authorization headers and other odd headers. */
const HEADERS = (rnd: () => number, key: string): { headers: Record<string, string>; apart: boolean } => {
  const auth = pick(rnd, [
    '',
    'Bearer',
    'Bearer ',
    `Bearer ${'x'.repeat(5_000)}`,
    'Basic Zm9vOmJhcg==',
    `Bearer tm_admin_${'A'.repeat(32)}`,
    `Bearer tm_ci_${'b'.repeat(31)}`,
    `Bearer ${key}, Bearer ${key}`,
    `Bearer ${key}x`,
    `Token ${key}`,
    `Bearer ${key.toUpperCase()}`,
    `bearer ${key}`, // the scheme is case-insensitive: valid
  ]);
  const other: Record<string, string> = pick<Record<string, string>>(rnd, [
    { 'x-forwarded-for': '1.2.3.4, <script>' },
    { accept: 'text/html' },
    { accept: '*/*;q=x' },
    { 'accept-encoding': 'gzip;q=x, br' },
    { 'x-toolmark-site': 'forged', 'x-toolmark-client': '10.0.0.1' },
    { 'x-request-id': 'x'.repeat(1_000) },
    { cookie: `tm_session=${'c'.repeat(2_000)}` },
    { 'if-none-match': '*' },
    {},
  ]);
  // Every header but the valid key's goes from a second address, so a limit on wrong keys per address does not decide the other cases.
  return { headers: { ...other, authorization: auth }, apart: auth !== `Bearer ${key}` && auth !== `bearer ${key}` };
};

/** Raw requests node:http will not write. `head` has no Host line; {path} is the endpoint's path. */
function wireCase(rnd: () => number, method: string, path: string, key: string): Buffer {
  const host = 'Host: 127.0.0.1\r\n';
  const auth = `Authorization: Bearer ${key}\r\n`;
  const body = '{"purpose":"ci","name":"wire"}';
  const cl = `Content-Type: application/json\r\nContent-Length: ${body.length}\r\n`;
  const options: (() => string | Buffer)[] = [
    () => `${method} ${path}\u0000 HTTP/1.1\r\n${host}\r\n`,
    () => `${method} ${path}/\u0001\u0002 HTTP/1.1\r\n${host}\r\n`,
    () => `${method} ${path} HTTP/1.1\r\n${host}X-A: a\u0000b\r\n\r\n`,
    () => `${method} ${path} HTTP/1.1\r\n${host}${auth}X-Big: ${'a'.repeat(20_000)}\r\n\r\n`,
    () => `${method} ${path}/${'p'.repeat(20_000)} HTTP/1.1\r\n${host}\r\n`,
    () => `${method} ${path} HTTP/1.1\r\n${host}${auth}${cl}Expect: 200-ok\r\n\r\n${body}`,
    () => `${method} ${path} HTTP/1.1\r\n${host}${auth}Content-Type: application/json\r\nContent-Length: abc\r\n\r\n${body}`,
    () => `${method} ${path} HTTP/1.1\r\n${host}${auth}Content-Type: application/json\r\nContent-Length: ${body.length}\r\nContent-Length: ${body.length + 5}\r\n\r\n${body}`,
    () => `${method} ${path} HTTP/1.1\r\n${host}${auth}Content-Type: application/json\r\nContent-Length: ${body.length}\r\nTransfer-Encoding: chunked\r\n\r\n${body}`,
    () => `${method} ${path} HTTP/1.1\r\n${host}${auth}Content-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n${body}\r\n0\r\n\r\n`,
    () => `${method} ${path} HTTP/1.1\r\n${host}${auth}Content-Type: application/json\r\nTransfer-Encoding: gzip\r\n\r\n${body}`,
    () => 'HELLO\r\n\r\n',
    () => `${method} ${path} HTTP/9.9\r\n${host}\r\n`,
    () => Buffer.from([0x16, 0x03, 0x01, 0x00, 0xa5, 0x01, 0x00, 0x00, 0xa1, 0x03, 0x03, 0x0d, 0x0a, 0x0d, 0x0a]),
    () => `${method.toLowerCase()} ${path} HTTP/1.1\r\n${host}\r\n`,
    () => `${method} ${path} HTTP/1.1\r\n${host}Bad header line\r\n\r\n`,
    () => `${method} ${path} HTTP/1.1\r\n${host}X-A: a\r\n folded\r\n\r\n`,
    () => `${method} ${path} HTTP/1.1\r\n${auth}${cl}\r\n${body}`, // HTTP/1.1 without Host
    () => `${method} ${path} HTTP/1.1\r\n${host}${Array.from({ length: 3_000 }, (_, i) => `X-H${i}: v`).join('\r\n')}\r\n\r\n`,
  ];
  const made = pick(rnd, options)();
  return typeof made === 'string' ? Buffer.from(made, 'utf8') : made;
}

/** One generated case for `t`. */
export function makeCase(rnd: () => number, t: Target, values: unknown[], bodyLimit: number): Case {
  const url = fill(t.path, t.params);
  const auth = { authorization: `Bearer ${t.key}` };
  const bodyText = (v: unknown) => JSON.stringify(v) ?? 'null';
  const ct = { 'content-type': 'application/json' };
  const base = (body: string | undefined, extra: Record<string, string> = {}, path = url): Outgoing => ({
    method: t.method,
    path,
    headers: { ...auth, ...(body === undefined ? {} : ct), ...extra },
    ...(body === undefined ? {} : { body }),
  });
  // Registrations get names of their own: ~900 accepted ones of one name made each try up to 12 slugs
  // (fuzz-server, fuzz-server-2, …), one failed transaction each: 187 s of the fuzz at load 9.
  const template = t.method === 'POST' && t.path === '/v1/servers' && t.template !== null ? { ...(t.template as Record<string, Json>), name: `Fuzz server ${Math.floor(rnd() * 1e9)}` } : t.template;
  const valid = template === null ? undefined : bodyText(template);
  // Endpoints without a body skip the one-wrong-field band; the lint route's parser takes most surfaces with
  // one odd field (each accepted one is a new version to lint and store), so it gets a tenth of its cases there.
  const r = template === null ? 0.3 + rnd() * 0.7 : t.textBody ? 0.2 + rnd() * 0.8 : rnd();
  const hasParams = /\{\w+\}/.test(t.path);
  const fields = template === null ? [] : [...paths(template), ...t.extraFields];
  if (r < 0.03 && t.method === 'POST' && t.path === '/v1/servers') {
    // Registration by a URL the service must not reach (loopback, private, link-local, metadata).
    const url = pick(rnd, PRIVATE_URLS);
    return { kind: 'private-url', out: base(bodyText({ name: `ssrf ${Math.floor(rnd() * 1e9)}`, source: { kind: 'url', url } })) };
  }
  if (r < 0.3 && fields.length) {
    const value = pick(rnd, values);
    return { kind: 'field', out: base(bodyText(setAt(template!, pick(rnd, fields), value))) };
  }
  if (r < 0.36) {
    // __proto__ / constructor keys, written into the JSON text (an object literal would set the prototype instead).
    const inner = valid && valid.startsWith('{') ? valid.slice(1, -1) : '';
    const evil = pick(rnd, ['"__proto__":{"purpose":"admin","public":false,"isAdmin":true}', '"constructor":{"prototype":{"polluted":true}}', '"__proto__":null', '"__proto__":[]', '"prototype":{"x":1}']);
    const nested = fields.length && rnd() < 0.4 ? bodyText(setAt(template!, [...pick(rnd, fields).slice(0, -1), PLACEHOLDER], { polluted: true })).replace(`"${PLACEHOLDER}"`, '"__proto__"') : null;
    return { kind: 'proto', out: base(nested ?? `{${evil}${inner ? `,${inner}` : ''}}`) };
  }
  if (r < 0.48) return { kind: 'value', out: base(bodyText(pick(rnd, values))) };
  if (r < 0.57) {
    const text = valid ?? '{}';
    const options = [
      () => text.slice(0, Math.floor(rnd() * text.length)),
      () => `${text}garbage`,
      () => `\ufeff${text}`,
      () => text.replace(':', ':\u0000'),
      () => asText(pick(rnd, values)).slice(0, 5_000),
      () => '{"a":',
      () => "{'purpose':'ci'}",
      () => '',
      () => 'null',
      () => '\u0000'.repeat(100),
      () => Buffer.from(Array.from({ length: 64 }, () => Math.floor(rnd() * 256))).toString('latin1'),
    ];
    return { kind: 'not-json', out: base(pick(rnd, options)()) };
  }
  if (r < 0.64) {
    const type = pick(rnd, ['text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x', 'application/json; charset=utf-16', 'application/xml', '', 'application/json, text/html', `application/${'x'.repeat(2_000)}`, 'application/json; charset=latin1', 'application/jsonx', '*/*']);
    // The lint route reads any content type on purpose (curl --data-binary): there the body is broken too.
    const body = t.textBody ? (valid ?? '{}').slice(0, Math.floor(rnd() * (valid ?? '{}').length)) : (valid ?? '{}');
    return { kind: 'content-type', out: base(body, { 'content-type': type }) };
  }
  if (r < 0.73) {
    const bad = BAD_PARAMS(rnd, values);
    const path = hasParams ? t.path.replace(/\{(\w+)\}/g, () => bad) : `${url}/${bad}`;
    return { kind: 'path', out: base(valid, {}, path) };
  }
  if (r < 0.81) return { kind: 'query', out: base(valid, {}, `${url}?${QUERIES(rnd, values)}`) };
  if (r < 0.87) {
    const h = HEADERS(rnd, t.key);
    return { kind: 'header', out: { ...base(valid), headers: { ...(valid === undefined ? {} : ct), ...h.headers } }, apart: h.apart };
  }
  if (r < 0.9) {
    const d = pick(rnd, [100, 1_000, 10_000, 100_000]);
    const nest = deep(d, rnd() < 0.5 ? 'array' : 'object');
    const body = fields.length && rnd() < 0.5 ? bodyText(setAt(template!, pick(rnd, fields), PLACEHOLDER)).replace(`"${PLACEHOLDER}"`, nest) : nest;
    return { kind: 'deep', out: base(body) };
  }
  if (r < 0.905) {
    // Over the size limit, or a huge value under it.
    const over = rnd() < 0.6;
    const size = over ? bodyLimit + 1 + Math.floor(rnd() * 100_000) : Math.floor(bodyLimit * 0.8);
    const body = fields.length ? bodyText(setAt(template!, pick(rnd, fields), 'h'.repeat(size))) : `"${'h'.repeat(size)}"`;
    return { kind: over ? 'too-large' : 'huge', out: base(body) };
  }
  if (r < 0.945) return { kind: 'wire', raw: wireCase(rnd, t.method, url, t.key) };
  // Odd requests: no body, a body on a body-less route, repeated slashes, a trailing slash, upper case.
  const options = [() => base(undefined), () => base(valid ?? '{"x":1}'), () => base(valid, {}, url.replace('/v1/', '//v1//')), () => base(valid, {}, `${url}/`), () => base(valid, {}, url.toUpperCase())];
  return { kind: 'odd-request', out: pick(rnd, options)() };
}

/** The same request written by hand, for what node:http refuses to send (non-ASCII paths, control characters in headers). */
export function asWire(out: Outgoing): Buffer {
  const body = out.body === undefined ? Buffer.alloc(0) : Buffer.from(out.body);
  const headers = Object.entries(out.headers ?? {}).map(([k, v]) => `${k}: ${Array.isArray(v) ? v.join(', ') : v}\r\n`);
  return Buffer.concat([Buffer.from(`${out.method} ${out.path} HTTP/1.1\r\nHost: 127.0.0.1\r\n${headers.join('')}Content-Length: ${body.length}\r\nConnection: close\r\n\r\n`, 'utf8'), body]);
}

const PRIVATE_URLS = [
  'http://127.0.0.1:5432/',
  'http://127.0.0.1:22/mcp',
  'http://localhost/mcp',
  'http://[::1]/mcp',
  'http://10.0.0.1/mcp',
  'http://192.168.1.1/mcp',
  'http://172.16.0.1/mcp',
  'http://169.254.169.254/latest/meta-data/',
  'http://0.0.0.0/mcp',
  'http://0x7f000001/mcp',
  'http://2130706433/mcp',
  'https://127.1/mcp',
];

/** Loopback, private, link-local or unspecified hosts (what the SSRF guard refuses). */
export function privateUrl(text: string): boolean {
  let host: string;
  try {
    host = new URL(text).hostname.replace(/^\[|\]$/g, '');
  } catch {
    return false;
  }
  return /^(localhost|127\.|10\.|192\.168\.|169\.254\.|0\.|::1$|::$|f[cd]|fe80)/i.test(host) || /^172\.(1[6-9]|2\d|3[01])\./.test(host);
}

export function target(method: string, path: string, keys: Keys, serverId: string): Target {
  const key = `${method} ${path}`;
  const blank = { method, path, textBody: false, params: {}, extraFields: [], known: true };
  switch (key) {
    case 'POST /v1/keys':
      return { ...blank, key: keys.admin, template: { purpose: 'ci', name: 'fuzz' } };
    case 'DELETE /v1/keys/{id}':
      return { ...blank, key: keys.admin, template: null, params: { id: '00000000-0000-4000-8000-000000000000' } };
    case 'POST /v1/organisations':
      return { ...blank, key: keys.admin, template: { name: 'Fuzz organisation', slug: 'fuzz-organisation' } };
    case 'POST /v1/servers':
      return {
        ...blank,
        key: keys.admin,
        template: { name: 'Fuzz server', public: true, source: { kind: 'upload', tools: { tools: [] } } },
        extraFields: [['slug'], ['description'], ['homepage'], ['repository'], ['source', 'url'], ['source', 'package']],
      };
    case 'POST /v1/servers/{id}/lint':
      return { ...blank, key: keys.ci, template: surface(2) as unknown as Json, textBody: true, params: { id: serverId }, extraFields: [['jsonrpc'], ['result'], ['tools', 0, 'annotations'], ['tools', 0, 'outputSchema']] };
    case 'POST /v1/leaderboards/models/runs':
      // Organisation B's admin key: every body is validated as the operator's is, and a valid one is refused
      // (403, only the operator runs the suite) before any work. With the operator's key each accepted call
      // priced and started the whole suite (case generation for every suite server and step): 380 s of the
      // fuzz, and what it tested was the evaluation pipeline's speed, not its input handling.
      return { ...blank, key: keys.otherAdmin, template: { models: ['baseline'], language: 'en', refresh: false }, extraFields: [['distractors'], ['distractors', 0]] };
    default:
      // A read (GET) takes no body; a write this file has no valid body for gets generic cases.
      return { ...blank, key: keys.admin, template: method === 'GET' ? null : {}, known: method === 'GET', params: method === 'GET' ? { id: serverId } : {} };
  }
}
