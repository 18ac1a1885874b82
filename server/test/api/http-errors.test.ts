// Every answer the service writes has the uniform shape, also those written outside the error handler:
// by Node's HTTP parser (400, 431), by Node for an unknown Expect (417), by the router (a long path
// parameter, a bad %-escape) and for JSON bodies with prototype keys. Real HTTP on 127.0.0.1 with raw
// sockets: app.inject bypasses Node's HTTP layer, and fetch would refuse to send most of these requests.
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, startTestApp, type TestApp } from './helpers.js';

let h: TestApp;
let port: number;
beforeAll(async () => {
  h = await startTestApp();
  const address = await h.app.listen({ host: '127.0.0.1', port: 0 });
  port = Number(new URL(address).port);
});
afterAll(async () => h?.close());

interface RawAnswer {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/** Send `request` as it is and read the whole answer (until the server closes the connection). */
function raw(request: string | Buffer): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    const chunks: Buffer[] = [];
    socket.on('data', (chunk) => chunks.push(chunk));
    // The server may reset the connection after its answer (it does not read the rest of a refused request).
    socket.on('error', () => undefined);
    socket.on('close', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      const end = text.indexOf('\r\n\r\n');
      const match = /^HTTP\/1\.1 (\d{3}) /.exec(text);
      if (!match || end < 0) return reject(new Error(`no HTTP answer: ${JSON.stringify(text.slice(0, 200))}`));
      const headers: Record<string, string> = {};
      for (const line of text.slice(0, end).split('\r\n').slice(1)) {
        const colon = line.indexOf(':');
        headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
      }
      resolve({ status: Number(match[1]), headers, body: text.slice(end + 4) });
    });
    // No half-close: Node's server drops a connection whose client ended it (httpAllowHalfOpen is off)
    // before a slow answer is written; every request here says Connection: close or is refused.
    socket.write(request);
  });
}

/** The answer is `{ error: { code, message, detail } }` (nothing else) as JSON, and returns the error. */
function uniform(answer: RawAnswer, status: number, code: string): { code: string; message: string; detail: Record<string, unknown> } {
  expect(answer.status, answer.body).toBe(status);
  expect(answer.headers['content-type']).toMatch(/^application\/json/);
  const parsed = JSON.parse(answer.body) as { error: { code: string; message: string; detail: Record<string, unknown> } };
  expect(Object.keys(parsed)).toEqual(['error']);
  expect(Object.keys(parsed.error).sort()).toEqual(['code', 'detail', 'message']);
  expect(parsed.error.code).toBe(code);
  expect(typeof parsed.error.message).toBe('string');
  expect(typeof parsed.error.detail).toBe('object');
  return parsed.error;
}

const get = (path: string, headers = '') => `GET ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n${headers}\r\n`;

describe("Node's HTTP layer", () => {
  it('a request that is not HTTP is a 400 in the uniform shape', async () => {
    uniform(await raw('HELLO THERE\r\n\r\n'), 400, 'bad_request');
    // A control character in a header value, and Content-Length together with Transfer-Encoding (request smuggling).
    uniform(await raw(get('/health', 'X-Bad: a\u0001b\r\n')), 400, 'bad_request');
    const both = 'POST /v1/keys HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 3\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n';
    expect(uniform(await raw(both), 400, 'bad_request').detail.reason).toMatch(/^HPE_/);
  });

  it('an HTTP/1.1 request without Host is a 400 in the uniform shape (Node wrote a bare 400), for the API and the site alike', async () => {
    for (const path of ['/health', '/v1/rules', '/']) {
      expect(uniform(await raw(`GET ${path} HTTP/1.1\r\nConnection: close\r\n\r\n`), 400, 'missing_host').detail.header).toBe('host');
    }
    // HTTP/1.0 has no Host requirement.
    expect((await raw('GET /health HTTP/1.0\r\n\r\n')).status).toBe(200);
  });

  it('headers over the size limit are a 431 in the uniform shape', async () => {
    const error = uniform(await raw(get('/health', `X-Big: ${'a'.repeat(20_000)}\r\n`)), 431, 'headers_too_large');
    expect(error.detail.limit).toBeGreaterThan(0);
  });

  it('an Expect other than 100-continue is a 417 in the uniform shape, and 100-continue still works', async () => {
    uniform(await raw(get('/health', 'Expect: something-else\r\n')), 417, 'expectation_failed');
    const body = '{"purpose":"ci","name":"after continue"}';
    const continued = await raw(
      `POST /v1/keys HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\nAuthorization: Bearer ${h.keys.admin}\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\nExpect: 100-continue\r\n\r\n${body}`,
    );
    // "HTTP/1.1 100 Continue", then the real answer.
    expect(continued.status).toBe(100);
    expect(continued.body).toMatch(/^HTTP\/1\.1 201 /);
  });
});

describe('the router', () => {
  it('a path parameter over the limit is a 414 in the uniform shape that does not echo the path; up to it, the schema answers', async () => {
    const long = `/v1/servers/${'a'.repeat(1001)}`;
    const answer = await raw(get(long));
    uniform(answer, 414, 'uri_too_long');
    expect(answer.body).not.toContain('aaaa');
    // 101 characters were the router's 414 before; the id schema answers now.
    const error = uniform(await raw(get(`/v1/servers/${'a'.repeat(101)}`)), 400, 'invalid_request');
    expect(error.detail.path).toBe('params.id');
  });

  it('a malformed %-escape is a 400 in the uniform shape that does not echo the path, for the API and the site alike', async () => {
    for (const path of ['/v1/servers/%zz<script>', '/servers/%E0%A4%A']) {
      const answer = await raw(get(path));
      uniform(answer, 400, 'invalid_path');
      expect(answer.body).not.toContain('script');
      expect(answer.body).not.toContain('%E0');
    }
  });
});

describe('JSON bodies', () => {
  const postJson = (body: string) =>
    raw(`POST /v1/keys HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\nAuthorization: ${bearer(h.keys.admin).authorization}\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`);

  it('a __proto__ key is refused by name, not as "not valid JSON", wherever it is and however it is spelled', async () => {
    for (const [body, path] of [
      ['{"__proto__":{"admin":true},"purpose":"ci","name":"x"}', 'body.__proto__'],
      ['{"purpose":"ci","name":"x","nested":[{"\\u005f_proto__":{}}]}', 'body.nested.0.__proto__'],
    ] as const) {
      const error = uniform(await postJson(body), 400, 'invalid_json');
      expect(error.message).toContain('"__proto__" is not allowed');
      expect(error.detail).toEqual({ path, key: '__proto__' });
    }
    const ctor = uniform(await postJson('{"constructor":{"prototype":{"x":1}},"purpose":"ci","name":"x"}'), 400, 'invalid_json');
    expect(ctor.detail).toEqual({ path: 'body.constructor', key: 'constructor' });
  });

  it('JSON that is not valid says so, with the position when the parser gives one; an empty body says it is empty', async () => {
    expect(uniform(await postJson('{"purpose":'), 400, 'invalid_json').message).toMatch(/^the body is not valid JSON/);
    expect(uniform(await postJson('{"purpose" 1}'), 400, 'invalid_json').detail).toEqual({ position: 11 });
    expect(uniform(await postJson(''), 400, 'invalid_json').message).toBe('the body is empty; send a JSON object');
    // Ordinary keys named like the words are fine.
    const fine = await postJson('{"purpose":"ci","name":"prototype constructor"}');
    expect(fine.status, fine.body).toBe(201);
  });
});
