// A counting TCP proxy in front of PostgreSQL, for the benches: the service's DATABASE_URL points at it and
// it counts the frontend messages of the wire protocol that each end a round trip — Sync (`S`, one per
// statement of the extended protocol postgres.js speaks) and Query (`Q`, a simple query) — and the Parse
// messages (`P`: a statement prepared, named or not). Counts only; it never changes a byte. It costs CPU in
// the bench's process, so a bench reads counts in a phase of its own, never while it times throughput.
import { createConnection, createServer, type AddressInfo, type Socket } from 'node:net';

/** Frontend messages counted so far. */
export interface WireCounts {
  /** Round trips: Sync + Query messages. */
  roundTrips: number;
  /** Parse messages (statements prepared on the connection). */
  parses: number;
  /** With `log`: the text of each statement run (Bind of a prepared statement, or a simple Query), in order. */
  statements?: string[];
}

/** Parse one direction of frontend bytes: the startup packet (no type byte) first, then typed messages. */
function frontendCounter(counts: WireCounts): (chunk: Buffer) => void {
  let pending: Buffer = Buffer.alloc(0);
  const named = new Map<string, string>();
  let unnamed = '';
  const cString = (from: number): [string, number] => {
    const end = pending.indexOf(0, from);
    return [pending.toString('utf8', from, end), end + 1];
  };
  let started = false;
  return (chunk) => {
    pending = pending.length === 0 ? chunk : Buffer.concat([pending, chunk]);
    for (;;) {
      if (!started) {
        if (pending.length < 8) return;
        const length = pending.readInt32BE(0);
        if (pending.length < length) return;
        // SSLRequest / GSSENCRequest (codes 80877103/80877104) are followed by another startup packet.
        const code = pending.readInt32BE(4);
        if (code !== 80877103 && code !== 80877104) started = true;
        pending = pending.subarray(length);
        continue;
      }
      if (pending.length < 5) return;
      const length = pending.readInt32BE(1);
      if (pending.length < 1 + length) return;
      const type = String.fromCharCode(pending[0]!);
      if (type === 'S' || type === 'Q') counts.roundTrips++;
      if (type === 'P') counts.parses++;
      if (counts.statements) {
        if (type === 'P') {
          const [name, next] = cString(5);
          const [text] = cString(next);
          if (name === '') unnamed = text;
          else named.set(name, text);
        } else if (type === 'B') {
          const [, next] = cString(5);
          const [statement] = cString(next);
          counts.statements.push((statement === '' ? unnamed : named.get(statement)) ?? `(statement ${statement})`);
        } else if (type === 'Q') counts.statements.push(cString(5)[0]);
      }
      pending = pending.subarray(1 + length);
    }
  };
}

/** Start the proxy on 127.0.0.1 (a free port) to `target`; `url(databaseUrl)` rewrites a URL to go through it. */
export async function startWireCounter(target: { host: string; port: number }, options: { log?: boolean } = {}): Promise<{ counts: WireCounts; url(databaseUrl: string): string; close(): Promise<void> }> {
  const counts: WireCounts = { roundTrips: 0, parses: 0, ...(options.log ? { statements: [] } : {}) };
  const sockets = new Set<Socket>();
  const server = createServer((client) => {
    const upstream = createConnection(target);
    sockets.add(client).add(upstream);
    const count = frontendCounter(counts);
    client.on('data', (chunk) => {
      count(chunk);
      upstream.write(chunk);
    });
    upstream.pipe(client);
    const end = () => {
      client.destroy();
      upstream.destroy();
      sockets.delete(client);
      sockets.delete(upstream);
    };
    client.on('close', end).on('error', end);
    upstream.on('close', end).on('error', end);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    counts,
    url(databaseUrl) {
      const url = new URL(databaseUrl);
      url.hostname = '127.0.0.1';
      url.port = String(port);
      return url.toString();
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}
