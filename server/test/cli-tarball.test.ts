// The CLI as a self-hosted instance serves it (GET /cli/toolmark.tgz, packed by `npm run build`), installed
// the way the README's CI recipe installs it: `npx -y http://<host>/cli/toolmark.tgz …` in an empty folder,
// with an npm cache of its own and no registry to reach (the tarball must need nothing else). Its lint
// must print what the checkout's CLI prints, and its dump must capture a real MCP server over stdio.
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { LATEST_RULES } from '@toolmark/benchmarks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './api/helpers.js';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { offlineNpmEnv, packageBin, runCli } from './helpers.js';

const root = resolve(import.meta.dirname, '..', '..');
const { version } = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { version: string };
const work = mkdtempSync(join(tmpdir(), 'toolmark-tarball-'));
let t: TestApp;
let base: string;

beforeAll(async () => {
  t = await startTestApp();
  await t.app.listen({ host: '127.0.0.1', port: 0 });
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await t?.close();
  rmSync(work, { recursive: true, force: true });
});

/** The file names and the package.json inside a .tgz (tar: 512-byte headers, name at 0, size in octal at 124). */
function tarEntries(tgz: Buffer): Map<string, Buffer> {
  const tar = gunzipSync(tgz);
  const entries = new Map<string, Buffer>();
  for (let at = 0; at + 512 <= tar.length; ) {
    const name = tar.subarray(at, at + 100).toString('utf8').replace(/\0.*$/s, '');
    if (name === '') break;
    const size = parseInt(tar.subarray(at + 124, at + 136).toString('utf8').replace(/\0.*$/s, '').trim() || '0', 8);
    entries.set(name, tar.subarray(at + 512, at + 512 + size));
    at += 512 + Math.ceil(size / 512) * 512;
  }
  return entries;
}

/** The environment of `npx -y <url>` (helpers.ts): an npm cache of its own, no user config, no registry. */
const npxEnv = () => offlineNpmEnv(work);

/** `npx -y <url> args…` in `cwd` with {@link npxEnv}. */
function npx(url: string, args: string[], cwd: string): Promise<{ code: number; stdout: string; stderr: string }> {
  const env = npxEnv();
  return new Promise((done) => {
    execFile('npx', ['-y', url, ...args], { cwd, env, timeout: 120_000, maxBuffer: 16 * 1024 * 1024 }, (error, stdout, stderr) => {
      done({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr });
    });
  });
}

describe('GET /cli/toolmark.tgz', () => {
  it('serves the packed CLI under both names with its sha256, and 304 when unchanged', async () => {
    const res = await fetch(`${base}/cli/toolmark.tgz`);
    expect(res.status).toBe(200);
    const body = Buffer.from(await res.arrayBuffer());
    const digest = createHash('sha256').update(body).digest();
    expect(res.headers.get('etag')).toBe(`"sha256-${digest.toString('hex')}"`);
    expect(res.headers.get('repr-digest')).toBe(`sha-256=:${digest.toString('base64')}:`);
    expect(res.headers.get('x-toolmark-cli-version')).toBe(version);
    expect(res.headers.get('content-disposition')).toBe(`attachment; filename="toolmark-${version}.tgz"`);
    const manifest = JSON.parse(readFileSync(join(root, 'server', 'dist', 'cli-package', 'manifest.json'), 'utf8')) as { sha256: string; file: string };
    expect(manifest).toMatchObject({ sha256: digest.toString('hex'), file: `toolmark-${version}.tgz` });

    const versioned = await fetch(`${base}/cli/toolmark-${version}.tgz`);
    expect(versioned.status).toBe(200);
    expect(Buffer.from(await versioned.arrayBuffer()).equals(body)).toBe(true);
    const again = await fetch(`${base}/cli/toolmark.tgz`, { headers: { 'if-none-match': res.headers.get('etag')! } });
    expect(again.status).toBe(304);

    const other = await fetch(`${base}/cli/toolmark-0.0.0-nope.tgz`);
    expect(other.status).toBe(404);
    expect(await other.json()).toEqual({
      error: { code: 'not_found', message: `no file /cli/toolmark-0.0.0-nope.tgz: the CLI is /cli/toolmark.tgz (this version: /cli/toolmark-${version}.tgz)`, detail: { file: 'toolmark-0.0.0-nope.tgz', latest: `toolmark-${version}.tgz` } },
    });
  });

  it('is a package named toolmark with the root version, a bin, no dependencies and none of the service', async () => {
    const entries = tarEntries(Buffer.from(await (await fetch(`${base}/cli/toolmark.tgz`)).arrayBuffer()));
    const pkg = JSON.parse(entries.get('package/package.json')!.toString('utf8')) as Record<string, unknown>;
    expect(pkg).toMatchObject({ name: 'toolmark', version, type: 'module', bin: { toolmark: 'dist/cli/main.js' } });
    expect(pkg.dependencies).toBeUndefined();
    const names = [...entries.keys()];
    expect(names).toContain('package/dist/cli/o200k_base.tokens');
    expect(names).toContain('package/dist/manifest.json'); // the distractor sets, for run --distractors
    expect(names).toContain('package/THIRD-PARTY-LICENSES.md');
    const code = names.filter((n) => n.endsWith('.js')).map((n) => entries.get(n)!.toString('utf8')).join('\n');
    // esbuild names every bundled file in a comment: none of the service's, nor gpt-tokenizer's tables (the compact one replaces them).
    expect(code).toContain('// node_modules/@modelcontextprotocol/sdk/');
    for (const serviceOnly of ['node_modules/pg-boss', 'node_modules/postgres/', 'node_modules/drizzle-orm', 'node_modules/fastify/', 'db/dist/', 'node_modules/gpt-tokenizer/esm/bpeRanks', 'node_modules/gpt-tokenizer/esm/BytePairEncodingCore']) {
      expect(code, serviceOnly).not.toContain(serviceOnly);
    }
  });
});

describe('npx -y <instance>/cli/toolmark.tgz', () => {
  it('installs into an empty folder without a registry and lints a file exactly as the checkout CLI does', async () => {
    const dir = mkdtempSync(join(work, 'lint-'));
    const file = join(dir, 'tools.json');
    writeFileSync(file, readFileSync(join(root, 'distractors', 'memory', 'tools.json')));
    const packed = await npx(`${base}/cli/toolmark.tgz`, ['lint', 'tools.json', '--json'], dir);
    expect(packed.code, packed.stderr).toBe(0);
    const checkout = await runCli(['lint', file, '--json']);
    expect(checkout.code).toBe(0);
    expect(packed.stdout).toBe(checkout.stdout);
    // The latest rules' pinned result of this surface (golden/<latest>/memory.json, the golden suites' files).
    const golden = JSON.parse(readFileSync(join(root, 'golden', LATEST_RULES, 'memory.json'), 'utf8')) as { score: number };
    expect(JSON.parse(packed.stdout)).toMatchObject({ rules: { id: LATEST_RULES }, score: golden.score, tools: { length: 9 } });

    const shown = await npx(`${base}/cli/toolmark.tgz`, ['--version'], dir);
    expect(shown.stdout.trim()).toBe(version);
    const fails = await npx(`${base}/cli/toolmark.tgz`, ['lint', 'tools.json', '--fail-under', '70'], dir);
    expect(fails.code).toBe(1);
  });

  it('plans an evaluation with the token figures of the checkout CLI (gpt-tokenizer there, the table here)', async () => {
    const dir = mkdtempSync(join(work, 'run-'));
    const file = join(dir, 'tools.json');
    writeFileSync(file, readFileSync(join(root, 'distractors', 'memory', 'tools.json')));
    const args = ['run', 'tools.json', '--provider', 'openai', '--model', 'gpt-4.1-mini', '--distractors', 'notion', '--dry-run'];
    const packed = await npx(`${base}/cli/toolmark.tgz`, args, dir);
    expect(packed.code, packed.stderr).toBe(0);
    const checkout = await runCli([...args.slice(0, 1), file, ...args.slice(2)]);
    expect(`${packed.stdout}${packed.stderr}`).toContain('tokens per trial');
    expect(`${packed.stdout}${packed.stderr}`).toBe(`${checkout.stdout}${checkout.stderr}`);
  });

  it('serves its stdio tools as `toolmark mcp` (the README\'s client config), answering with its version', async () => {
    const dir = mkdtempSync(join(work, 'mcp-'));
    const transport = new StdioClientTransport({ command: 'npx', args: ['-y', `${base}/cli/toolmark.tgz`, 'mcp', '--cwd', dir], env: npxEnv(), stderr: 'ignore' });
    const client = new Client({ name: 'toolmark-test', version: '1.0.0' });
    await client.connect(transport);
    expect(client.getServerVersion()).toMatchObject({ name: 'toolmark', version });
    expect((await client.listTools()).tools.map((x) => x.name)).toEqual(['lint_surface', 'validate_tasks', 'estimate_evaluation', 'run_evaluation', 'diff_results']);
    const lint = await client.callTool({ name: 'lint_surface', arguments: { tools: [{ name: 'get_note', description: 'Read one note by its id.', inputSchema: { type: 'object' } }] } });
    expect(lint.isError).not.toBe(true);
    await client.close();
  });

  it('dumps a real MCP server over stdio', async () => {
    const dir = mkdtempSync(join(work, 'dump-'));
    const memory = packageBin('@modelcontextprotocol/server-memory');
    const run = await npx(`${base}/cli/toolmark-${version}.tgz`, ['dump', '-o', 'tools.json', '--', process.execPath, memory], dir);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stderr).toContain('toolmark dump: 9 tools from');
    const dumped = JSON.parse(readFileSync(join(dir, 'tools.json'), 'utf8')) as { tools: { name: string }[] };
    expect(dumped.tools.map((x) => x.name)).toContain('create_entities');
    expect(dumped.tools).toHaveLength(9);
  });
});
