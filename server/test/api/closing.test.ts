// A request that reaches a closing server (sent on a socket whose request is still in flight) gets a 503 in the uniform
// shape with Retry-After and Connection: close; Fastify's own answer was {"error","message","statusCode"}.
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './helpers.js';

let h: TestApp;
beforeAll(async () => {
  h = await startTestApp();
  h.app.get('/v1/test-slow', async () => {
    await new Promise((r) => setTimeout(r, 400));
    return { ok: true };
  });
});
afterAll(async () => h?.t.drop());

describe('shutting down', () => {
  it('answers what arrives while draining with 503 shutting_down in the uniform shape', async () => {
    await h.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = h.app.server.address() as { port: number };
    const socket = connect(port, '127.0.0.1');
    let text = '';
    socket.on('data', (d: Buffer) => (text += d.toString()));
    const ended = new Promise((r) => socket.once('close', r));
    await new Promise((r) => socket.once('connect', r));
    socket.write('GET /v1/test-slow HTTP/1.1\r\nhost: x\r\n\r\n');
    await new Promise((r) => setTimeout(r, 100));
    const closed = h.app.close();
    // Arrives on the busy socket while the server drains (an idle socket would simply be closed).
    await new Promise((r) => setTimeout(r, 50));
    socket.write('GET /v1/rules HTTP/1.1\r\nhost: x\r\n\r\n');
    await ended;
    await closed;
    const answers = text.split(/(?=HTTP\/1\.1 )/);
    expect(answers[0]).toMatch(/^HTTP\/1\.1 200 /);
    expect(answers[1]).toMatch(/^HTTP\/1\.1 503 /);
    expect(answers[1]).toMatch(/retry-after: 1/i);
    expect(answers[1]).toMatch(/connection: close/i);
    const body = JSON.parse(answers[1]!.slice(answers[1]!.indexOf('\r\n\r\n') + 4)) as unknown;
    expect(body).toEqual({ error: { code: 'shutting_down', message: expect.any(String), detail: { retryAfterSeconds: 1 } } });
  });
});
