// Helpers for the end-to-end tests: run the BUILT CLI (server/dist/cli/main.js, so `npm run build`
// must have run: the root `npm test` builds first), start real MCP servers, make throwaway HTTP servers.
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const CLI = fileURLToPath(new URL('../dist/cli/main.js', import.meta.url));
export const RAW_SERVER = fileURLToPath(new URL('./fixtures/raw-server.mjs', import.meta.url));

/** The result of one CLI run. */
export interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

/**
 * Run the built CLI with `args`. The environment is ours minus the colour and auth variables (a test
 * adds back what it means to test), so the developer's shell cannot change an outcome.
 */
export function runCli(args: string[], options: { env?: Record<string, string>; input?: string; timeoutMs?: number; cwd?: string } = {}): Promise<Run> {
  const env: Record<string, string> = {};
  for (const [k, v] of Object.entries(process.env)) {
    if (v !== undefined && !/^(FORCE_COLOR|NO_COLOR|TOOLMARK_.*)$/.test(k)) env[k] = v;
  }
  Object.assign(env, options.env);
  return new Promise((resolve, reject) => {
    const child = execFile(
      process.execPath,
      [CLI, ...args],
      { env, timeout: options.timeoutMs ?? 60_000, maxBuffer: 16 * 1024 * 1024, ...(options.cwd !== undefined ? { cwd: options.cwd } : {}) },
      (error, stdout, stderr) => {
        if (error && typeof error.code !== 'number') reject(new Error(`CLI did not exit normally: ${error.message}\n${stderr}`));
        else resolve({ code: error ? Number(error.code) : 0, stdout, stderr });
      },
    );
    child.stdin?.end(options.input ?? '');
  });
}

/** The bin script of an installed package, resolved through its package.json. */
export function packageBin(pkg: string): string {
  const require = createRequire(import.meta.url);
  const manifestPath = require.resolve(`${pkg}/package.json`);
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as { bin: string | Record<string, string> };
  const bin = typeof manifest.bin === 'string' ? manifest.bin : Object.values(manifest.bin)[0];
  if (bin === undefined) throw new Error(`${pkg} has no bin`);
  return join(dirname(manifestPath), bin);
}

/** A port nobody listens on right now (bound on 127.0.0.1, then released). */
export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/**
 * Start @modelcontextprotocol/server-everything in one of its HTTP modes (`streamableHttp` serves /mcp,
 * `sse` serves /sse); it reads its port from PORT and says so on stderr once listening.
 */
export async function startEverything(mode: 'streamableHttp' | 'sse'): Promise<{ port: number; child: ChildProcess }> {
  const port = await freePort();
  const child = spawn(process.execPath, [packageBin('@modelcontextprotocol/server-everything'), mode], {
    env: { PATH: process.env.PATH ?? '', PORT: String(port) },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  await new Promise<void>((resolve, reject) => {
    let seen = '';
    const timer = setTimeout(() => reject(new Error(`server-everything did not start: ${seen}`)), 20_000);
    child.stderr?.on('data', (chunk: Buffer) => {
      seen += chunk.toString();
      if (/(listening|running) on port/i.test(seen)) {
        clearTimeout(timer);
        resolve();
      }
    });
    child.on('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`server-everything exited with ${code}: ${seen}`));
    });
  });
  return { port, child };
}

/** A throwaway HTTP server on 127.0.0.1 that records every request and answers with `handler`. */
export async function startHttp(
  handler: (req: IncomingMessage, res: ServerResponse) => void,
): Promise<{ url: string; origin: string; requests: IncomingMessage[]; server: Server }> {
  const requests: IncomingMessage[] = [];
  const server = createServer((req, res) => {
    requests.push(req);
    handler(req, res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const origin = `http://127.0.0.1:${port}`;
  return { url: `${origin}/mcp`, origin, requests, server };
}

/** ANSI escape sequences (colour or otherwise). */
// eslint-disable-next-line no-control-regex -- control characters are what this test looks for
export const ANSI = /\u001b\[/;

// Ajv 8 as the core resolves it (the root's `ajv` is Ajv 6, a dependency of other packages).
const requireFromCore = createRequire(new URL('../../benchmarks/package.json', import.meta.url));
interface Validate {
  (data: unknown): boolean;
  errors?: unknown;
}

/** A validator of the official SARIF 2.1.0 schema (benchmarks/test/fixtures/sarif/README.md says where it comes from): null when valid, else the errors. */
export function sarifValidator(): (data: unknown) => string | null {
  const { Ajv } = requireFromCore('ajv') as { Ajv: new (options: object) => { compile(schema: object): Validate; errorsText(errors: unknown): string } };
  const addFormats = (requireFromCore('ajv-formats') as { default: (ajv: unknown) => void }).default;
  const schema = JSON.parse(readFileSync(new URL('../../benchmarks/test/fixtures/sarif/sarif-schema-2.1.0.json', import.meta.url), 'utf8')) as Record<string, unknown>;
  const { $schema: _draft, id, ...rest } = schema;
  const ajv = new Ajv({ allErrors: true, strict: false });
  addFormats(ajv);
  const validate = ajv.compile({ ...rest, $id: String(id) });
  return (data) => (validate(data) ? null : ajv.errorsText(validate.errors));
}

/**
 * The environment of an npm that must install from a tarball URL alone: `home` as HOME with its own npm
 * cache, no user config, and a registry nobody answers at (the discard port: any registry request fails at
 * once), so a tarball that needs anything else fails the test.
 */
export function offlineNpmEnv(home: string): Record<string, string> {
  return {
    PATH: process.env.PATH ?? '',
    HOME: home,
    npm_config_cache: join(home, 'npm-cache'),
    npm_config_userconfig: join(home, 'no-npmrc'),
    npm_config_registry: 'http://127.0.0.1:9/',
    npm_config_fetch_retries: '0',
    npm_config_update_notifier: 'false',
    npm_config_audit: 'false',
    npm_config_fund: 'false',
  };
}
