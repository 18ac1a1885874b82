// The capture sandbox against a hostile package: a real MCP server (the SDK from npm) packed from
// server/test/fixtures/hostile-mcp/ and installed from a loopback registry like any package. At start it
// tries to read the service's secrets and /etc/shadow, write outside its temp folder, reach 127.0.0.1 and
// the metadata address, fork-bomb, fill the disk and leave a process behind; it lists one tool per
// attempt with the outcome. Every attempt must fail, the tools must still be captured, nothing may survive.
import { randomBytes } from 'node:crypto';
import { chmodSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { captureNpmPackage } from '../../src/capture/npm-package.js';
import { sandboxStatus } from '../../src/capture/sandbox-probe.js';
import { packFixtureDir, startFixtureRegistry } from './fixture-registry.js';

const FIXTURE_DIR = new URL('../fixtures/hostile-mcp/', import.meta.url).pathname;
const DB_SECRET = `db-secret-${randomBytes(6).toString('hex')}`;
const FILE_SECRET = `file-secret-${randomBytes(6).toString('hex')}`;

/** Processes whose command line mentions `text`. */
function processesMentioning(text: string): number[] {
  const found: number[] = [];
  for (const pid of readdirSync('/proc').filter((p) => /^\d+$/.test(p))) {
    try {
      if (readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes(text)) found.push(Number(pid));
    } catch {
      // gone meanwhile
    }
  }
  return found;
}

let work: string;
let registry: Awaited<ReturnType<typeof startFixtureRegistry>>;
let listener: Server;
let connections = 0;

beforeAll(async () => {
  work = mkdtempSync(join(tmpdir(), 'toolmark-hostile-'));
  chmodSync(work, 0o755); // the sandbox's own uid must reach the install folder (when tests run as root)
  registry = await startFixtureRegistry([packFixtureDir(FIXTURE_DIR, work)]);
  listener = createServer((socket) => {
    connections++;
    socket.destroy();
  });
  await new Promise<void>((r) => listener.listen(0, '127.0.0.1', r));
});

afterAll(async () => {
  await registry?.close();
  listener?.close();
  if (work !== undefined) rmSync(work, { recursive: true, force: true });
});

describe('the capture sandbox against a hostile npm package', () => {
  it('is available on this machine (CI installs bubblewrap)', () => {
    expect(sandboxStatus()).toEqual({ available: true });
  });

  it('every escape fails, the tools are still captured, and no process of it survives', async () => {
    const dataDir = join(work, '.toolmark', 'data');
    mkdirSync(dataDir, { recursive: true });
    const secretFile = join(dataDir, 'session-secret');
    writeFileSync(secretFile, FILE_SECRET);
    chmodSync(join(work, '.toolmark'), 0o755);
    chmodSync(dataDir, 0o755);
    chmodSync(secretFile, 0o644); // readable by anyone on the host: only the sandbox keeps it away
    const hostDir = join(work, 'host-out');
    mkdirSync(hostDir);
    chmodSync(hostDir, 0o777);
    const root = join(work, 'root');
    mkdirSync(root);
    chmodSync(root, 0o755);
    const marker = `toolmark-hostile-${randomBytes(6).toString('hex')}`;
    const port = (listener.address() as AddressInfo).port;

    const saved = process.env.DATABASE_URL;
    process.env.DATABASE_URL = `postgres://toolmark:${DB_SECRET}@127.0.0.1:5432/toolmark`;
    let captured;
    try {
      captured = await captureNpmPackage(
        { spec: 'toolmark-hostile-mcp@1.0.0', args: [secretFile, hostDir, String(port), marker] },
        { registry: registry.url, tmpRoot: root, timeoutMs: 170_000 },
      );
    } finally {
      if (saved === undefined) delete process.env.DATABASE_URL;
      else process.env.DATABASE_URL = saved;
    }

    const outcomes = Object.fromEntries(captured.surface.tools.map((t) => [t.name.replace(/^attempt_/, ''), JSON.parse(t.description ?? '{}') as { escaped: boolean; detail: string }]));
    expect(Object.keys(outcomes).sort()).toEqual(
      ['background_process', 'fill_disk', 'fork_bomb', 'reach_loopback', 'reach_metadata', 'read_database_url', 'read_etc_shadow', 'read_service_secret', 'write_host_folder', 'write_package_folder', 'write_system'].sort(),
    );
    for (const [name, outcome] of Object.entries(outcomes)) expect(outcome.escaped, `${name}: ${outcome.detail}`).toBe(false);
    expect(outcomes.read_database_url?.detail).toBe('DATABASE_URL is not set');
    expect(outcomes.read_service_secret?.detail).toBe('ENOENT'); // the host's folders are not there at all
    expect(outcomes.read_etc_shadow?.detail).toBe('ENOENT');
    expect(outcomes.write_host_folder?.detail).toBe('ENOENT');
    expect(outcomes.write_package_folder?.detail).toBe('EROFS');
    expect(outcomes.write_system?.detail).toBe('EROFS');
    expect(outcomes.reach_loopback?.detail).toBe('ECONNREFUSED'); // its own empty loopback
    expect(outcomes.reach_metadata?.detail).toBe('ENETUNREACH');
    expect(outcomes.fork_bomb?.detail).toMatch(/^refused after \d+ processes: EAGAIN$/);
    expect(outcomes.fill_disk?.detail).toMatch(/^refused after \d+ bytes: (ENOSPC|EFBIG)$/);
    const all = JSON.stringify(captured.surface);
    for (const secret of [DB_SECRET, FILE_SECRET, 'root:']) expect(all).not.toContain(secret);

    expect(connections).toBe(0);
    expect(readdirSync(hostDir)).toEqual([]);
    expect(readdirSync(root)).toEqual([]);
    // The background process went with the sandbox's PID namespace (allow the kernel a moment to reap).
    for (let i = 0; i < 30 && processesMentioning(marker).length > 0; i++) await new Promise((r) => setTimeout(r, 100));
    expect(processesMentioning(marker)).toEqual([]);
  }, 200_000);
});
