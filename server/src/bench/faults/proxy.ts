// A TCP proxy on 127.0.0.1 in front of the machine's PostgreSQL that the database-outage scenario can cut
// and restore: cut() closes every proxied connection and stops listening (new connections are refused, as
// when the database is stopped); restore() listens again on the same port.
import { createServer, connect, type Server, type Socket } from 'node:net';

export class CutProxy {
  private server: Server | undefined;
  private readonly open = new Set<Socket>();
  port = 0;

  constructor(private readonly target: { host: string; port: number }) {}

  /** Listen (on a free port the first time, then on the same one). */
  async start(): Promise<number> {
    const server = createServer((client) => {
      const upstream = connect(this.target);
      this.open.add(client);
      this.open.add(upstream);
      const close = () => {
        client.destroy();
        upstream.destroy();
        this.open.delete(client);
        this.open.delete(upstream);
      };
      client.on('error', close);
      upstream.on('error', close);
      client.on('close', close);
      upstream.on('close', close);
      client.pipe(upstream);
      upstream.pipe(client);
    });
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(this.port, '127.0.0.1', () => resolve());
    });
    this.server = server;
    const address = server.address();
    if (typeof address === 'object' && address) this.port = address.port;
    return this.port;
  }

  /** The outage: drop every connection, refuse new ones. */
  async cut(): Promise<void> {
    const server = this.server;
    this.server = undefined;
    const closed = server ? new Promise<void>((r) => server.close(() => r())) : Promise.resolve();
    for (const socket of this.open) socket.destroy();
    this.open.clear();
    await closed;
  }

  /** The database is back. */
  async restore(): Promise<void> {
    if (!this.server) await this.start();
  }

  async close(): Promise<void> {
    await this.cut();
  }

  /** Connections proxied right now (each pair counts once). */
  get connections(): number {
    return this.open.size / 2;
  }
}
