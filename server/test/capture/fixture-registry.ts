// A registry on 127.0.0.1 for capture tests: it serves local fixture packages (packed with `npm pack` from
// server/test/fixtures/) and passes every other request (their dependencies' packuments and tarballs) on
// to the public npm registry, so a fixture can depend on the real MCP SDK.
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { cpSync, readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';

const UPSTREAM = 'https://registry.npmjs.org';

interface Packed {
  name: string;
  version: string;
  manifest: Record<string, unknown>;
  file: string;
  tarball: Buffer;
}

/** Pack `fixtureDir` (a copy of it, in `work`) as npm would publish it. */
export function packFixtureDir(fixtureDir: string, work: string): Packed {
  const copy = join(work, `pack-${Date.now()}-${Math.random().toString(36).slice(2)}`);
  cpSync(fixtureDir, copy, { recursive: true });
  const manifest = JSON.parse(readFileSync(join(copy, 'package.json'), 'utf8')) as Record<string, unknown> & { name: string; version: string };
  const file = execFileSync('npm', ['pack', '--silent', '--pack-destination', work], { cwd: copy, encoding: 'utf8' }).trim();
  const tarball = readFileSync(join(work, file));
  return { name: manifest.name, version: manifest.version, manifest, file, tarball };
}

/** Serve `packages` and proxy the rest to the npm registry; `url` ends with a slash. */
export async function startFixtureRegistry(packages: Packed[]): Promise<{ url: string; server: Server; close: () => Promise<void> }> {
  const byName = new Map(packages.map((p) => [p.name, p]));
  const server = createServer((req, res) => {
    const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const path = req.url ?? '/';
    const name = decodeURIComponent(path.slice(1).split('/-/')[0] ?? '');
    const pkg = byName.get(name);
    if (pkg !== undefined && !path.includes('/-/')) {
      const integrity = `sha512-${createHash('sha512').update(pkg.tarball).digest('base64')}`;
      const version = { ...pkg.manifest, dist: { integrity, tarball: `${origin}/${pkg.name}/-/${pkg.file}` } };
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ name, 'dist-tags': { latest: pkg.version }, versions: { [pkg.version]: version } }));
      return;
    }
    if (pkg !== undefined) {
      res.writeHead(200, { 'content-type': 'application/octet-stream' }).end(pkg.tarball);
      return;
    }
    const accept = req.headers.accept;
    fetch(`${UPSTREAM}${path}`, { headers: accept === undefined ? {} : { accept } })
      .then(async (upstream) => {
        const body = Buffer.from(await upstream.arrayBuffer());
        res.writeHead(upstream.status, { 'content-type': upstream.headers.get('content-type') ?? 'application/octet-stream' }).end(body);
      })
      .catch(() => res.writeHead(502).end());
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/`,
    server,
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}
