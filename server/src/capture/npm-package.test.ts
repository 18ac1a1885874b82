// npm captures for real: one package from the npm registry, and a fixture package served by a registry
// on loopback (npm installs it like any other), whose bin reports its environment or hangs.
import { execFileSync, spawnSync } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fill, mountTmpfs, remount, unmountTmpfs, usedBytes } from '../../test/tmpfs.js';
import { CaptureError } from './errors.js';
import { captureNpmPackage, npmChildEnv, npmInstallEnv } from './npm-package.js';

const work = mkdtempSync(join(tmpdir(), 'toolmark-npm-test-'));
// The capture sandbox runs as another uid when the tests run as root: it must reach the install folders.
chmodSync(work, 0o755);
const SECRETS = { DATABASE_URL: 'postgres://u:db-secret-1@h/db', TOOLMARK_SESSION_SECRET: 'tm-secret-2', OPENAI_API_KEY: 'sk-secret-3' };

const failure = async (work: Promise<unknown>): Promise<CaptureError> => {
  const error = await work.then(
    () => undefined,
    (e: unknown) => e,
  );
  if (error instanceof CaptureError) return error;
  throw new Error(`expected a CaptureError, got ${String(error)}`);
};

/** A fresh folder to hold one capture's temporary folder, so the test can see it removed. */
const freshRoot = (): string => {
  const root = mkdtempSync(join(work, 'root-'));
  chmodSync(root, 0o755);
  return root;
};

/** Processes whose command line mentions `text` (to prove nothing of a capture outlived it). */
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

const alive = (pid: number): boolean => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

// A stdio MCP server in plain JavaScript (no dependencies). FIXTURE_MODE=env lists its environment's
// names as a tool description; FIXTURE_MODE=hang writes its pid to FIXTURE_PID_FILE and never answers.
const FIXTURE_SERVER = `#!/usr/bin/env node
const fs = require('node:fs');
const readline = require('node:readline');
const mode = process.env.FIXTURE_MODE || 'env';
if (mode === 'hang') {
  try { fs.writeFileSync(process.env.FIXTURE_PID_FILE, String(process.pid)); } catch {} // (not in the sandbox)
  setInterval(() => {}, 1000);
}
const send = (m) => process.stdout.write(JSON.stringify({ jsonrpc: '2.0', ...m }) + '\\n');
readline.createInterface({ input: process.stdin }).on('line', (line) => {
  const msg = JSON.parse(line);
  if (mode === 'hang' || msg.id === undefined) return;
  if (msg.method === 'initialize') {
    send({ id: msg.id, result: { protocolVersion: msg.params.protocolVersion, capabilities: { tools: {} }, serverInfo: { name: 'fixture', version: '1.0.0' } } });
  } else if (msg.method === 'tools/list') {
    const keys = Object.keys(process.env).sort();
    send({ id: msg.id, result: { tools: [{ name: 'env_keys', description: JSON.stringify(keys), inputSchema: { type: 'object' } }] } });
  } else {
    send({ id: msg.id, error: { code: -32601, message: 'no such method' } });
  }
});
`;

const FIXTURE = 'toolmark-fixture-server';

/** A fixture package: its packument entry and tarball. */
interface Packed {
  version: Record<string, unknown>;
  file: string;
  tarball: Buffer;
}

/** Pack a package of `files` (server.js is the fixture server) into `work`. */
function packFixture(name: string, bin: Record<string, string>, files: Record<string, string | Buffer> = {}): Packed {
  const dir = join(work, `fixture-${name}`);
  mkdirSync(dir);
  writeFileSync(join(dir, 'server.js'), FIXTURE_SERVER, { mode: 0o755 });
  for (const [file, body] of Object.entries(files)) writeFileSync(join(dir, file), body);
  writeFileSync(join(dir, 'package.json'), JSON.stringify({ name, version: '1.0.0', bin, license: 'MIT' }));
  const file = execFileSync('npm', ['pack', '--silent', '--pack-destination', work], { cwd: dir, encoding: 'utf8' }).trim();
  const tarball = readFileSync(join(work, file));
  const integrity = `sha512-${createHash('sha512').update(tarball).digest('base64')}`;
  return { version: { name, version: '1.0.0', bin, dist: { integrity } }, file, tarball };
}

/** A package whose install needs about 1 MiB (incompressible), for the full-disk tests. */
const FIXTURE_BIG = 'toolmark-fixture-big';

/** Pack the fixture packages and serve them (packument and tarball) from a registry on 127.0.0.1. */
async function startFixtureRegistry(): Promise<{ url: string; server: Server }> {
  const packages = new Map<string, Packed>([
    [FIXTURE, packFixture(FIXTURE, { 'fixture-server': 'server.js', 'fixture-other': 'server.js' })],
    [FIXTURE_BIG, packFixture(FIXTURE_BIG, { 'fixture-big': 'server.js' }, { 'blob.bin': randomBytes(1024 * 1024) })],
  ]);
  const server = createServer((req, res) => {
    const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const name = req.url?.slice(1).split('/-/')[0] ?? '';
    const pkg = packages.get(name);
    if (pkg !== undefined && req.url === `/${name}`) {
      const version = { ...pkg.version, dist: { ...(pkg.version.dist as object), tarball: `${origin}/${name}/-/${pkg.file}` } };
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ name, 'dist-tags': { latest: '1.0.0' }, versions: { '1.0.0': version } }));
    } else if (pkg !== undefined && req.url === `/${name}/-/${pkg.file}`) {
      res.writeHead(200, { 'content-type': 'application/octet-stream' }).end(pkg.tarball);
    } else {
      res.writeHead(404, { 'content-type': 'application/json' }).end('{"error":"Not found"}');
    }
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/`, server };
}

let registry: { url: string; server: Server };
beforeAll(async () => {
  registry = await startFixtureRegistry();
});
afterAll(() => {
  registry.server.close();
});

describe('captureNpmPackage from the npm registry', () => {
  it('installs and captures @modelcontextprotocol/server-memory@2026.8.31, then removes its folder', async () => {
    const root = freshRoot();
    const captured = await captureNpmPackage({ spec: '@modelcontextprotocol/server-memory@2026.8.31' }, { tmpRoot: root, timeoutMs: 150_000 });
    expect(captured.package).toEqual({ name: '@modelcontextprotocol/server-memory', version: '2026.8.31', bin: 'mcp-server-memory' });
    expect(captured.transport).toBe('stdio');
    expect(captured.where).toBe('npm @modelcontextprotocol/server-memory@2026.8.31 (bin mcp-server-memory)');
    expect(captured.surface.tools.map((t) => t.name)).toEqual([
      'create_entities',
      'create_relations',
      'add_observations',
      'delete_entities',
      'delete_observations',
      'delete_relations',
      'read_graph',
      'search_nodes',
      'open_nodes',
    ]);
    expect(readdirSync(root)).toEqual([]);
  }, 180_000);
});

describe('captureNpmPackage refusals', () => {
  it.each(['../x', 'git+https://github.com/modelcontextprotocol/servers.git', 'foo; rm -rf /', '--foo', 'file:..'])('refuses %j before running anything', async (spec) => {
    const root = freshRoot();
    const error = await failure(captureNpmPackage({ spec }, { tmpRoot: root }));
    expect(error.code).toBe('invalid_package_spec');
    expect(error.message).toContain(`${JSON.stringify(spec)} is not an npm package spec`);
    expect(readdirSync(root)).toEqual([]);
  });

  it('refuses a bad bin name, an env variable it sets itself, and a bad variable name', async () => {
    expect((await failure(captureNpmPackage({ spec: 'a', bin: '--help' }))).message).toContain('is not a valid bin name');
    expect((await failure(captureNpmPackage({ spec: 'a', env: { PATH: '/tmp/evil' } }))).message).toContain('PATH is set by toolmark');
    expect((await failure(captureNpmPackage({ spec: 'a', env: { 'A=B': 'x' } }))).message).toContain('is not valid');
  });
});

describe('captureNpmPackage with a fixture package from a loopback registry', () => {
  it('the server sees only PATH, HOME, TMPDIR, NODE_OPTIONS (set by the sandbox) and the extra variables: no secret of the parent', async () => {
    const saved = { ...process.env };
    Object.assign(process.env, SECRETS);
    try {
      const captured = await captureNpmPackage(
        { spec: `${FIXTURE}@1.0.0`, bin: 'fixture-server', env: { DUMMY_API_KEY: 'dummy' } },
        { registry: registry.url, tmpRoot: freshRoot(), timeoutMs: 60_000 },
      );
      expect(captured.package).toEqual({ name: FIXTURE, version: '1.0.0', bin: 'fixture-server' });
      const keys = JSON.parse(captured.surface.tools[0]?.description ?? '[]') as string[];
      // PWD: bubblewrap sets it to the folder it starts the server in (the sandbox's HOME).
      // NODE_OPTIONS: the sandbox's own Wasm flag (sandbox.ts, WASM_NODE_FLAG), never a value of the parent.
      expect(keys).toEqual(['DUMMY_API_KEY', 'HOME', 'NODE_OPTIONS', 'PATH', 'PWD', 'TMPDIR']);
    } finally {
      for (const key of Object.keys(SECRETS)) delete process.env[key];
      Object.assign(process.env, saved);
    }
  }, 90_000);

  it('asks which bin to start when the package has several, and refuses one it does not have', async () => {
    const several = await failure(captureNpmPackage({ spec: FIXTURE }, { registry: registry.url, tmpRoot: freshRoot() }));
    expect(several.code).toBe('install_failed');
    expect(several.message).toBe(`${FIXTURE} has 2 bins (fixture-server, fixture-other); say which one to start`);
    const unknown = await failure(captureNpmPackage({ spec: FIXTURE, bin: 'nope' }, { registry: registry.url, tmpRoot: freshRoot() }));
    expect(unknown.message).toBe(`${FIXTURE} has no bin "nope"; its bins: fixture-server, fixture-other`);
  }, 90_000);

  it('reports a package the registry does not have, with what npm said', async () => {
    const root = freshRoot();
    const error = await failure(captureNpmPackage({ spec: 'toolmark-no-such-package@1.0.0' }, { registry: registry.url, tmpRoot: root }));
    expect(error.code).toBe('install_failed');
    expect(error.message).toContain('npm install toolmark-no-such-package@1.0.0 failed');
    expect(error.message).toMatch(/404/);
    expect(readdirSync(root)).toEqual([]);
  }, 90_000);

  it('a server that hangs is killed at the time limit, and its folder removed (unsandboxed)', async () => {
    const root = freshRoot();
    const pidFile = join(work, 'hang.pid');
    const started = Date.now();
    const error = await failure(
      captureNpmPackage(
        { spec: `${FIXTURE}@1.0.0`, bin: 'fixture-server', env: { FIXTURE_MODE: 'hang', FIXTURE_PID_FILE: pidFile } },
        { registry: registry.url, tmpRoot: root, timeoutMs: 8_000, sandbox: false },
      ),
    );
    expect(error.code).toBe('timeout');
    expect(error.detail.where).toBe(`npm ${FIXTURE}@1.0.0 (bin fixture-server)`);
    expect(Date.now() - started).toBeLessThan(8_000 + 6_000);
    expect(existsSync(pidFile)).toBe(true);
    const pid = Number(readFileSync(pidFile, 'utf8'));
    // The SDK's close ends with SIGKILL; give the kernel a moment to reap.
    for (let i = 0; i < 20 && alive(pid); i++) await new Promise((r) => setTimeout(r, 100));
    expect(alive(pid)).toBe(false);
    expect(readdirSync(root)).toEqual([]);
  }, 30_000);

  it('a server that hangs in the sandbox is killed at the time limit with its whole PID namespace', async () => {
    const root = freshRoot();
    const marker = `toolmark-hang-${randomBytes(6).toString('hex')}`;
    const error = await failure(
      captureNpmPackage({ spec: `${FIXTURE}@1.0.0`, bin: 'fixture-server', args: [marker], env: { FIXTURE_MODE: 'hang', FIXTURE_PID_FILE: '/pkg/pid' } }, { registry: registry.url, tmpRoot: root, timeoutMs: 8_000 }),
    );
    expect(error.code).toBe('timeout');
    for (let i = 0; i < 20 && processesMentioning(marker).length > 0; i++) await new Promise((r) => setTimeout(r, 100));
    expect(processesMentioning(marker)).toEqual([]);
    expect(readdirSync(root)).toEqual([]);
  }, 30_000);

  it('an npm install that hangs (a registry that never answers) is killed at the time limit', async () => {
    const silent = createServer(() => undefined);
    await new Promise<void>((r) => silent.listen(0, '127.0.0.1', r));
    const root = freshRoot();
    try {
      const started = Date.now();
      const error = await failure(
        captureNpmPackage({ spec: `${FIXTURE}@1.0.0` }, { registry: `http://127.0.0.1:${(silent.address() as AddressInfo).port}/`, tmpRoot: root, timeoutMs: 3_000 }),
      );
      expect(error.code).toBe('timeout');
      expect(error.message).toBe(`installing ${FIXTURE}@1.0.0 took longer than 3 s; stopped`);
      expect(Date.now() - started).toBeLessThan(6_000);
      expect(processesMentioning(root)).toEqual([]);
      expect(readdirSync(root)).toEqual([]);
    } finally {
      silent.closeAllConnections();
      silent.close();
    }
  }, 30_000);
});

describe('captureNpmPackage on a full or read-only disk (a 256 KiB tmpfs, as root)', () => {
  let disk: string;
  beforeAll(() => {
    disk = mountTmpfs(256);
  });
  afterAll(() => {
    if (disk !== undefined) unmountTmpfs(disk);
  });

  it('an install that fills the disk fails as storage_failed (ENOSPC), and everything it wrote is removed', async () => {
    const before = usedBytes(disk);
    const error = await failure(captureNpmPackage({ spec: `${FIXTURE_BIG}@1.0.0` }, { registry: registry.url, tmpRoot: disk, timeoutMs: 60_000 }));
    expect(error.code).toBe('storage_failed');
    expect(error.detail).toEqual({ where: `npm ${FIXTURE_BIG}@1.0.0`, systemCode: 'ENOSPC' });
    expect(error.message).toBe(
      `the capture could not write its temporary files while installing ${FIXTURE_BIG}@1.0.0: no space left on the device (ENOSPC); the operator must free or fix the disk of the service's temporary folder (TMPDIR)`,
    );
    expect(readdirSync(disk)).toEqual([]);
    expect(usedBytes(disk)).toBe(before);
    expect(processesMentioning(disk)).toEqual([]);
  }, 90_000);

  // (tmpfs directories take no blocks: its folder is made, and npm's first write fails.)
  it('a disk already full: storage_failed, nothing left behind', async () => {
    fill(join(disk, 'filler'));
    try {
      const error = await failure(captureNpmPackage({ spec: `${FIXTURE}@1.0.0`, bin: 'fixture-server' }, { registry: registry.url, tmpRoot: disk }));
      expect(error.code).toBe('storage_failed');
      expect(error.detail.systemCode).toBe('ENOSPC');
      expect(error.message).toMatch(/while (making its folder|installing toolmark-fixture-server@1\.0\.0): no space left on the device \(ENOSPC\)/);
      expect(readdirSync(disk)).toEqual(['filler']);
    } finally {
      rmSync(join(disk, 'filler'));
    }
  }, 30_000);

  it('a read-only file system: storage_failed (EROFS)', async () => {
    remount(disk, true);
    try {
      const error = await failure(captureNpmPackage({ spec: `${FIXTURE}@1.0.0`, bin: 'fixture-server' }, { registry: registry.url, tmpRoot: disk }));
      expect(error.code).toBe('storage_failed');
      expect(error.detail.systemCode).toBe('EROFS');
      expect(error.message).toContain('the file system is read-only (EROFS)');
    } finally {
      remount(disk, false);
    }
    expect(readdirSync(disk)).toEqual([]);
  }, 30_000);

  it('the same disk with room again captures normally (the failures above were the disk, not the package)', async () => {
    const captured = await captureNpmPackage({ spec: `${FIXTURE}@1.0.0`, bin: 'fixture-server' }, { registry: registry.url, tmpRoot: disk, timeoutMs: 60_000 });
    expect(captured.surface.tools.map((t) => t.name)).toEqual(['env_keys']);
    expect(readdirSync(disk)).toEqual([]);
  }, 90_000);
});

describe('npmChildEnv', () => {
  it('a child spawned with it sees PATH, HOME, TMPDIR and the extra variables only', () => {
    const dir = freshRoot();
    const parent = { ...process.env, ...SECRETS, HTTPS_PROXY: 'http://proxy.internal:3128', npm_config_registry: 'https://private.example/' };
    const env = npmChildEnv(parent, dir, { DUMMY_API_KEY: 'dummy' });
    const run = spawnSync(process.execPath, ['-e', 'process.stdout.write(JSON.stringify(process.env))'], { env, encoding: 'utf8' });
    const seen = JSON.parse(run.stdout) as Record<string, string>;
    expect(Object.keys(seen).sort()).toEqual(['DUMMY_API_KEY', 'HOME', 'PATH', 'TMPDIR']);
    expect(seen.HOME).toBe(join(dir, 'home'));
    expect(seen.PATH?.split(':')[0]).toBe(join(process.execPath, '..'));
    for (const secret of Object.values(SECRETS)) expect(run.stdout).not.toContain(secret);
  });

  it("npm's own environment adds the machine's CA and proxy settings and npm settings, still no secret", () => {
    const dir = freshRoot();
    const parent = { PATH: '/usr/bin', HOME: '/root', ...SECRETS, NODE_EXTRA_CA_CERTS: '/etc/ca.pem', npm_config_registry: 'https://private.example/' };
    const env = npmInstallEnv(parent, dir, { registry: 'http://127.0.0.1:9/' });
    expect(env).toMatchObject({ NODE_EXTRA_CA_CERTS: '/etc/ca.pem', npm_config_registry: 'http://127.0.0.1:9/', npm_config_ignore_scripts: 'true', npm_config_cache: join(dir, 'cache') });
    expect(env.npm_config_userconfig).toBe(join(dir, 'home', '.npmrc'));
    for (const secret of Object.values(SECRETS)) expect(JSON.stringify(env)).not.toContain(secret);
    expect(npmInstallEnv(parent, dir, { installScripts: true }).npm_config_ignore_scripts).toBe('false');
  });
});
