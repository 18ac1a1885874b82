// A TCP proxy on 127.0.0.1 in front of the test PostgreSQL, for outages a test can cause and end: `cut()`
// closes every connection and refuses new ones (a database that went away), `blackhole()` accepts
// connections and never answers (a network that drops packets), `restore()` forwards again.
import { connect, createServer, type Server, type Socket } from 'node:net';

export class TcpProxy {
  readonly #sockets = new Set<Socket>();
  #server: Server | undefined;
  #mode: 'forward' | 'blackhole' = 'forward';
  port = 0;

  constructor(readonly targetHost: string, readonly targetPort: number) {}

  async start(port = 0): Promise<number> {
    const server = createServer((client) => {
      this.#sockets.add(client);
      client.once('close', () => this.#sockets.delete(client));
      client.on('error', () => undefined);
      if (this.#mode === 'blackhole') return; // accepted, never answered
      const upstream = connect(this.targetPort, this.targetHost);
      this.#sockets.add(upstream);
      upstream.once('close', () => {
        this.#sockets.delete(upstream);
        client.destroy();
      });
      upstream.on('error', () => client.destroy());
      client.once('close', () => upstream.destroy());
      client.pipe(upstream);
      upstream.pipe(client);
    });
    await new Promise<void>((done) => server.listen(port, '127.0.0.1', done));
    this.#server = server;
    this.port = (server.address() as { port: number }).port;
    return this.port;
  }

  /** Close every connection and stop listening: new connections are refused. */
  async cut(): Promise<void> {
    const server = this.#server;
    this.#server = undefined;
    for (const s of this.#sockets) s.destroy();
    if (server) await new Promise((done) => server.close(done));
  }

  /** Close every connection; new ones are accepted and never answered. */
  async blackhole(): Promise<void> {
    this.#mode = 'blackhole';
    for (const s of this.#sockets) s.destroy();
    if (!this.#server) await this.start(this.port);
  }

  /** Forward again, on the same port. */
  async restore(): Promise<void> {
    this.#mode = 'forward';
    for (const s of this.#sockets) s.destroy();
    if (!this.#server) await this.start(this.port);
  }

  async close(): Promise<void> {
    await this.cut();
  }
}
