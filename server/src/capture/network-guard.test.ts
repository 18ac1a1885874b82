// The guard against real sockets on loopback only (the only addresses tests may reach): refusals happen
// before any connection, which each test checks by counting the connections its server accepted.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { createServer as createTcpServer, type AddressInfo, type Server as TcpServer } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { captureSurface } from './capture.js';
import { CaptureError } from './errors.js';
import { allowedAddresses, networkGuard, type Resolver } from './network-guard.js';

const failure = async (work: Promise<unknown>): Promise<CaptureError> => {
  const error = await work.then(
    () => undefined,
    (e: unknown) => e,
  );
  if (error instanceof CaptureError) return error;
  throw new Error(`expected a CaptureError, got ${String(error)}`);
};

/** A resolver that answers from a table and counts its calls; a name not in it fails like DNS would. */
function fakeResolver(answers: Record<string, string[][]>): Resolver & { calls: string[] } {
  const calls: string[] = [];
  const resolve = async (host: string) => {
    const n = calls.filter((h) => h === host).length;
    calls.push(host);
    const list = answers[host];
    const addresses = list?.[Math.min(n, list.length - 1)];
    if (addresses === undefined) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${host}`), { code: 'ENOTFOUND' });
    return addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
  };
  return Object.assign(resolve, { calls });
}

/** A plain HTTP server on loopback (IPv4 and IPv6) that counts the TCP connections it accepts. */
async function countingServer(answer: string = '{"ok":true}'): Promise<{ port: number; connections: () => number; close: () => Promise<void> }> {
  const started = await startHttp((_req, res) => {
    res.setHeader('content-type', 'application/json');
    res.end(answer);
  });
  let count = 0;
  started.server.on('connection', () => count++);
  const port = Number(new URL(started.origin).port);
  return { port, connections: () => count, close: () => new Promise((r) => started.server.close(() => r())) };
}

/** A throwaway HTTP server on 127.0.0.1 that records every request and answers with `handler`. */
async function startHttp(handler: (req: IncomingMessage, res: ServerResponse) => void): Promise<{ url: string; origin: string; requests: IncomingMessage[]; server: Server }> {
  const requests: IncomingMessage[] = [];
  const server = createServer((req, res) => {
    requests.push(req);
    handler(req, res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { url: `${origin}/mcp`, origin, requests, server };
}

const TOOLS = Array.from({ length: 40 }, (_, i) => ({
  name: `tool_${i}`,
  description: `Looks up record number ${i} by its identifier and returns it.`,
  inputSchema: { type: 'object', properties: { id: { type: 'string', description: 'The identifier.' } }, required: ['id'] },
}));

/** A minimal Streamable HTTP MCP server (JSON answers, written against the wire format): 40 tools. */
function answerMcp(req: IncomingMessage, res: ServerResponse): void {
  if (req.method !== 'POST') {
    res.writeHead(405).end();
    return;
  }
  let text = '';
  req.on('data', (chunk: Buffer) => (text += chunk.toString()));
  req.on('end', () => {
    const msg = JSON.parse(text) as { id?: number; method: string; params?: { protocolVersion?: string } };
    if (msg.id === undefined) {
      res.writeHead(202).end();
      return;
    }
    const result =
      msg.method === 'initialize'
        ? { protocolVersion: msg.params?.protocolVersion, capabilities: { tools: {} }, serverInfo: { name: 'guard-test', version: '1.0.0' } }
        : { tools: TOOLS };
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ jsonrpc: '2.0', id: msg.id, result }));
  });
}

let everything: { port: number; server: Server };
beforeAll(async () => {
  const started = await startHttp(answerMcp);
  everything = { port: Number(new URL(started.origin).port), server: started.server };
});
afterAll(() => {
  everything.server.closeAllConnections();
  everything.server.close();
});

describe('captureSurface with a network policy', () => {
  it('refuses a loopback URL by default, before connecting', async () => {
    const error = await failure(captureSurface({ kind: 'http', url: `http://127.0.0.1:${everything.port}/mcp` }, { network: { allowPrivate: false } }));
    expect(error.code).toBe('address_refused');
    expect(error.message).toContain('127.0.0.1 is in 127.0.0.0/8 (loopback)');
    expect(error.message).toContain('unless the operator allows private addresses');
    expect(error.detail).toMatchObject({ where: `http://127.0.0.1:${everything.port}/mcp`, host: '127.0.0.1', address: '127.0.0.1', range: '127.0.0.0/8' });
  });

  it('refuses localhost (a real DNS lookup) by default, naming the address it resolved to', async () => {
    const error = await failure(captureSurface({ kind: 'http', url: `http://localhost:${everything.port}/mcp` }, { network: { allowPrivate: false } }));
    expect(error.code).toBe('address_refused');
    expect(error.message).toMatch(/localhost resolves to (127\.0\.0\.1|::1), in (127\.0\.0\.0\/8|::1\/128) \(loopback\)/);
    expect(error.detail.host).toBe('localhost');
  });

  it('captures a loopback server when the operator allows private addresses', async () => {
    const captured = await captureSurface({ kind: 'http', url: `http://localhost:${everything.port}/mcp` }, { network: { allowPrivate: true } });
    expect(captured.transport).toBe('streamable-http');
    expect(captured.value.tools).toHaveLength(40);
  });

  it('without a network policy (the CLI), loopback is reached as before', async () => {
    const captured = await captureSurface({ kind: 'http', url: `http://127.0.0.1:${everything.port}/mcp` });
    expect(captured.value.tools).toHaveLength(40);
  });

  it('aborts a response over the size cap', async () => {
    const error = await failure(
      captureSurface({ kind: 'http', url: `http://127.0.0.1:${everything.port}/mcp` }, { network: { allowPrivate: true, maxResponseBytes: 4_000 }, timeoutMs: 20_000 }),
    );
    expect(error.code).toBe('response_too_large');
    expect(error.message).toContain('larger than 4000 bytes');
  });

  it('refuses a redirect, even to the same loopback server', async () => {
    const server = await startHttp((_req, res) => {
      res.writeHead(307, { location: '/elsewhere' }).end();
    });
    try {
      const error = await failure(captureSurface({ kind: 'http', url: server.url }, { network: { allowPrivate: true } }));
      expect(error.code).toBe('redirect_refused');
      expect(server.requests.map((r) => r.url)).toEqual(['/mcp']);
    } finally {
      server.server.close();
    }
  });

  it('checks the injected resolver: a name resolving to loopback is refused, and reached at that address when allowed', async () => {
    const resolve = fakeResolver({ 'mcp.example': [['127.0.0.1']] });
    const url = `http://mcp.example:${everything.port}/mcp`;
    const refused = await failure(captureSurface({ kind: 'http', url }, { network: { allowPrivate: false, resolve } }));
    expect(refused.code).toBe('address_refused');
    expect(refused.message).toContain('mcp.example resolves to 127.0.0.1, in 127.0.0.0/8 (loopback)');
    // mcp.example has no address in real DNS: reaching the server proves the socket used the checked address.
    const captured = await captureSurface({ kind: 'http', url }, { network: { allowPrivate: true, resolve } });
    expect(captured.value.tools).toHaveLength(40);
  });
});

describe('networkGuard', () => {
  it('refuses ::1, ::ffff:127.0.0.1 and 169.254.169.254 without connecting (metadata even with allowPrivate)', async () => {
    const server = await countingServer();
    try {
      const strict = networkGuard({ allowPrivate: false });
      for (const [host, range] of [
        ['[::1]', '::1/128'],
        ['[::ffff:127.0.0.1]', '::ffff:0:0/96 → 127.0.0.0/8'],
        ['169.254.169.254', '169.254.169.254/32'],
      ] as const) {
        const error = await failure(strict.fetch(`http://${host}:${server.port}/mcp`));
        expect(error.code, host).toBe('address_refused');
        expect(error.detail.range, host).toBe(range);
        expect(strict.refusal()).toBe(error);
      }
      const open = networkGuard({ allowPrivate: true });
      const metadata = await failure(open.fetch('http://169.254.169.254/latest/meta-data/'));
      expect(metadata.message).toContain('169.254.169.254 is in 169.254.169.254/32 (cloud metadata service');
      const byName = await failure(networkGuard({ allowPrivate: true, resolve: fakeResolver({}) }).fetch('http://Metadata.Google.Internal./computeMetadata/v1/'));
      expect(byName.code).toBe('address_refused');
      expect(byName.message).toContain('is a cloud metadata service');
      expect(server.connections()).toBe(0);
      // The same literal is reached when allowed: the refusals above were the policy, not the network.
      const ok = await open.fetch(`http://[::1]:${server.port}/mcp`).catch(() => undefined);
      const okV4 = await open.fetch(`http://127.0.0.1:${server.port}/mcp`);
      expect(await okV4.json()).toEqual({ ok: true });
      expect(server.connections()).toBe(ok === undefined ? 1 : 2);
    } finally {
      await server.close();
    }
  });

  it('refuses a name when any of its addresses is refused', async () => {
    const resolve = fakeResolver({ 'mixed.example': [['127.0.0.1', '169.254.169.254']] });
    const error = await failure(allowedAddresses('mixed.example', { allowPrivate: true, resolve }, 'http://mixed.example/mcp'));
    expect(error.code).toBe('address_refused');
    expect(error.detail).toMatchObject({ host: 'mixed.example', address: '169.254.169.254' });
  });

  it('resolves once per connection and checks that answer: a name that turns private after passing is refused', async () => {
    const server = await countingServer();
    try {
      // First answer loopback (allowed here), then 0.0.0.0 (which Linux connects to locally): a DNS-rebinding
      // attempt. The refused answer stays on this machine even if the guard were broken.
      const resolve = fakeResolver({ 'rebind.example': [['127.0.0.1'], ['0.0.0.0']] });
      const guard = networkGuard({ allowPrivate: true, resolve });
      const first = await guard.fetch(`http://rebind.example:${server.port}/mcp`);
      expect(await first.json()).toEqual({ ok: true });
      expect(resolve.calls).toEqual(['rebind.example']);
      const second = await failure(guard.fetch(`http://rebind.example:${server.port}/mcp`));
      expect(second.code).toBe('address_refused');
      expect(second.message).toContain('rebind.example resolves to 0.0.0.0, in 0.0.0.0/32 (unspecified address)');
      expect(resolve.calls).toEqual(['rebind.example', 'rebind.example']);
      expect(server.connections()).toBe(1);
    } finally {
      await server.close();
    }
  });

  it('never follows a redirect itself, whatever the caller asks', async () => {
    const server = await startHttp((req, res) => {
      if (req.url === '/mcp') res.writeHead(302, { location: '/next' }).end();
      else res.end('followed');
    });
    try {
      const response = await networkGuard({ allowPrivate: true }).fetch(server.url, { redirect: 'follow' });
      expect(response.status).toBe(302);
      expect(response.headers.get('location')).toBe('/next');
      expect(server.requests.map((r) => r.url)).toEqual(['/mcp']);
    } finally {
      server.server.close();
    }
  });

  it('caps the body: streamed past the cap fails the read, a declared length over it fails the fetch', async () => {
    const big = 'x'.repeat(3 * 1024 * 1024);
    const server = await startHttp((req, res) => {
      if (req.url === '/declared') res.writeHead(200, { 'content-length': String(big.length) });
      else res.writeHead(200, { 'content-type': 'application/json' }); // chunked, no length
      res.end(big);
    });
    try {
      const guard = networkGuard({ allowPrivate: true });
      const response = await guard.fetch(server.url);
      const streamed = await failure(response.text());
      expect(streamed.code).toBe('response_too_large');
      expect(streamed.message).toBe(`the response is larger than ${2 * 1024 * 1024} bytes; stopped reading`);
      const declared = await failure(guard.fetch(`${server.origin}/declared`));
      expect(declared.code).toBe('response_too_large');
      // Under the cap the same body arrives whole.
      const roomy = await networkGuard({ allowPrivate: true, maxResponseBytes: 4 * 1024 * 1024 }).fetch(server.url);
      expect((await roomy.text()).length).toBe(big.length);
    } finally {
      server.server.close();
    }
  });

  it('times out a server that never answers', async () => {
    const server = await startHttp(() => undefined);
    try {
      const started = Date.now();
      const error = await failure(networkGuard({ allowPrivate: true, timeoutMs: 500 }).fetch(server.url, { method: 'POST', body: '{}' }));
      expect(error.code).toBe('timeout');
      expect(error.message).toContain('the request took longer than 0.5 s');
      expect(Date.now() - started).toBeLessThan(5_000);
    } finally {
      server.server.closeAllConnections();
      server.server.close();
    }
  });

  it('times out a connection whose TLS handshake never completes (connect timeout)', async () => {
    const silent: TcpServer = createTcpServer(() => undefined);
    await new Promise<void>((r) => silent.listen(0, '127.0.0.1', r));
    const { port } = silent.address() as AddressInfo;
    try {
      const error = await failure(networkGuard({ allowPrivate: true, connectTimeoutMs: 300, timeoutMs: 10_000 }).fetch(`https://127.0.0.1:${port}/mcp`));
      expect(error.code).toBe('timeout');
      expect(error.message).toBe(`connecting to 127.0.0.1:${port} took longer than 0.3 s`);
    } finally {
      silent.close();
    }
  });

  it('a slow server through captureSurface: the capture ends at its limit', async () => {
    const server = await startHttp(() => undefined);
    try {
      const error = await failure(captureSurface({ kind: 'http', url: server.url }, { network: { allowPrivate: true }, timeoutMs: 800 }));
      expect(error.code).toBe('timeout');
    } finally {
      server.server.closeAllConnections();
      server.server.close();
    }
  });
});
