// End-to-end against real MCP servers from npm: server-memory over stdio, server-everything over
// Streamable HTTP and over the legacy HTTP+SSE transport. Uses the built CLI (`npm run build` first).
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { LintResultSchema } from '@toolmark/benchmarks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { packageBin, RAW_SERVER, runCli, startEverything } from './helpers.js';

const dir = mkdtempSync(join(tmpdir(), 'toolmark-live-'));
const MEMORY_TOOLS = [
  'create_entities',
  'create_relations',
  'add_observations',
  'delete_entities',
  'delete_observations',
  'delete_relations',
  'read_graph',
  'search_nodes',
  'open_nodes',
];
// server-memory keeps its graph in MEMORY_FILE_PATH; point it at a temp file (passed with --env).
const memory = ['--env', `MEMORY_FILE_PATH=${join(dir, 'memory.jsonl')}`, '--', process.execPath, packageBin('@modelcontextprotocol/server-memory')];

describe('stdio: @modelcontextprotocol/server-memory', () => {
  it('lints every tool the server lists', async () => {
    const run = await runCli(['lint', '--json', ...memory]);
    expect(run.code, run.stderr).toBe(0);
    const result = LintResultSchema.parse(JSON.parse(run.stdout));
    expect(result.tools.map((t) => t.name)).toEqual(MEMORY_TOOLS);
    expect(result.surface.toolCount).toBe(9);
    expect(result.score).not.toBeNull();
  });

  it('dump writes the raw tools, and linting the dump gives the same result as linting live', async () => {
    const out = join(dir, 'memory-tools.json');
    const dump = await runCli(['dump', '-o', out, ...memory]);
    expect(dump.code, dump.stderr).toBe(0);
    expect(dump.stderr).toContain(`toolmark dump: 9 tools from ${process.execPath}`);
    // Something is said before the server answers (a first npx install is silent for many seconds).
    expect(dump.stderr.indexOf('toolmark dump: asking ')).toBeGreaterThanOrEqual(0);
    expect(dump.stderr.indexOf('toolmark dump: asking ')).toBeLessThan(dump.stderr.indexOf('toolmark dump: 9 tools'));
    expect(dump.stderr).toContain(`(stdio) written to ${out}`);
    const text = readFileSync(out, 'utf8');
    expect(text.startsWith('{\n  "tools": [\n')).toBe(true);
    const saved = JSON.parse(text) as { tools: { name: string; inputSchema: unknown }[] };
    expect(Object.keys(saved)).toEqual(['tools']);
    expect(saved.tools.map((t) => t.name)).toEqual(MEMORY_TOOLS);

    const [fromFile, live] = await Promise.all([runCli(['lint', out, '--json']), runCli(['lint', '--json', ...memory])]);
    expect(fromFile.code, fromFile.stderr).toBe(0);
    expect(JSON.parse(fromFile.stdout)).toEqual(JSON.parse(live.stdout));
  });
});

describe('stdio: what a capture keeps and what the server sees', () => {
  it('dump follows nextCursor and keeps keys the SDK does not know', async () => {
    const dump = await runCli(['dump', '--', process.execPath, RAW_SERVER, 'pages']);
    expect(dump.code, dump.stderr).toBe(0);
    expect(dump.stderr).toContain('3 tools from');
    expect(dump.stderr).toContain('(stdio in 3 pages) written to stdout');
    const saved = JSON.parse(dump.stdout) as { tools: Record<string, unknown>[] };
    expect(saved.tools.map((t) => t.name)).toEqual(['alpha', 'beta', 'gamma']);
    expect(saved.tools[0]?.['x-vendor']).toEqual({ tier: 'gold', nested: [1, 2] });
    expect(saved.tools[0]?.icons).toEqual([{ src: 'data:,' }]);
    expect(saved.tools[1]?.annotations).toEqual({ readOnlyHint: true, customHint: 'kept' });
  });

  it('dump writes to --out like every other command; the old --output still works, with a warning', async () => {
    const raw = ['--', process.execPath, RAW_SERVER, 'pages'];
    const out = join(dir, 'pages.json');
    const dump = await runCli(['dump', '--out', out, ...raw]);
    expect(dump.code, dump.stderr).toBe(0);
    expect(dump.stdout).toBe('');
    expect((JSON.parse(readFileSync(out, 'utf8')) as { tools: unknown[] }).tools).toHaveLength(3);
    const old = join(dir, 'pages-old.json');
    const deprecated = await runCli(['dump', '--output', old, ...raw]);
    expect(deprecated.code, deprecated.stderr).toBe(0);
    expect(deprecated.stderr).toContain('--output is deprecated; use -o/--out');
    expect(readFileSync(old, 'utf8')).toBe(readFileSync(out, 'utf8'));
    const both = await runCli(['dump', '--out', out, '--output', old, ...raw]);
    expect(both.code).toBe(2);
    expect(both.stderr).toMatch(/usage: give --out once/);
    expect((await runCli(['dump', '--help'])).stdout).not.toContain('--output');
  });

  it('the server process inherits only PATH and HOME, plus --env', async () => {
    const dump = await runCli(['dump', '--env', 'EXTRA_ONE=1', '--', process.execPath, RAW_SERVER, 'env'], {
      // The SDK passes LOGNAME, SHELL, TERM and USER by default; set them so their absence is checked.
      env: { SECRET_IN_PARENT: 'x', USER: 'someone', LOGNAME: 'someone', SHELL: '/bin/sh', TERM: 'xterm' },
    });
    expect(dump.code, dump.stderr).toBe(0);
    const saved = JSON.parse(dump.stdout) as { tools: { description: string }[] };
    const keys = JSON.parse(saved.tools[0]?.description ?? '[]') as string[];
    const expected = ['EXTRA_ONE', ...['HOME', 'PATH'].filter((k) => process.env[k] !== undefined)].sort();
    expect(keys).toEqual(expected);
  });
});

describe('HTTP: @modelcontextprotocol/server-everything', () => {
  const servers: ChildProcess[] = [];
  let streamable: number;
  let sse: number;

  beforeAll(async () => {
    const [a, b] = await Promise.all([startEverything('streamableHttp'), startEverything('sse')]);
    servers.push(a.child, b.child);
    streamable = a.port;
    sse = b.port;
  });
  afterAll(() => {
    for (const child of servers) child.kill();
  });

  it('lints over Streamable HTTP on 127.0.0.1', async () => {
    const run = await runCli(['lint', '--url', `http://127.0.0.1:${streamable}/mcp`, '--json']);
    expect(run.code, run.stderr).toBe(0);
    const result = LintResultSchema.parse(JSON.parse(run.stdout));
    const names = result.tools.map((t) => t.name);
    expect(names).toEqual(expect.arrayContaining(['echo', 'get-sum', 'get-env', 'trigger-long-running-operation']));
  });

  it('dump says which transport it used, and keeps non-standard keys from the wire', async () => {
    const dump = await runCli(['dump', '--url', `http://127.0.0.1:${streamable}/mcp`]);
    expect(dump.code, dump.stderr).toBe(0);
    expect(dump.stderr).toContain(`from http://127.0.0.1:${streamable}/mcp (streamable-http)`);
    const saved = JSON.parse(dump.stdout) as { tools: Record<string, unknown>[] };
    expect(saved.tools.find((t) => t.name === 'echo')).toMatchObject({ title: 'Echo Tool', annotations: { readOnlyHint: true } });
  });

  it('falls back to HTTP+SSE for a server that only speaks the old transport', async () => {
    const dump = await runCli(['dump', '--url', `http://127.0.0.1:${sse}/sse`]);
    expect(dump.code, dump.stderr).toBe(0);
    expect(dump.stderr).toContain(`from http://127.0.0.1:${sse}/sse (sse)`);
    const names = (JSON.parse(dump.stdout) as { tools: { name: string }[] }).tools.map((t) => t.name);
    expect(names).toEqual(expect.arrayContaining(['echo', 'get-sum']));
  });
});
