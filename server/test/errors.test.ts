// End-to-end: every error path exits 2 with the code, the message and where on stderr.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { freePort, RAW_SERVER, runCli, startHttp } from './helpers.js';

const dir = mkdtempSync(join(tmpdir(), 'toolmark-err-'));
const file = (name: string, content: string): string => {
  const path = join(dir, name);
  writeFileSync(path, content);
  return path;
};
const schema = { type: 'object' };

describe('input errors (exit 2)', () => {
  it('a missing file', async () => {
    const path = join(dir, 'nope.json');
    const run = await runCli(['lint', path]);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain(`toolmark lint: file_not_found: no such file: ${path}`);
    expect(run.stdout).toBe('');
  });

  it('invalid JSON, with the code and where', async () => {
    const path = file('bad.json', '{"tools": [');
    const run = await runCli(['lint', path]);
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/^toolmark lint: invalid_json: surface is not valid JSON/);
    expect(run.stderr).toContain(`where: ${path}`);
    expect(run.stderr).toContain('at: $');
  });

  it('duplicate tool names, naming the name, the JSON path and the key', async () => {
    const path = file('dup.json', JSON.stringify({ tools: [{ name: 'a', inputSchema: schema }, { name: 'b', inputSchema: schema }, { name: 'a', inputSchema: schema }] }));
    const run = await runCli(['lint', path]);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('duplicate_tool_name: tool name "a" is used twice ($.tools[0] and $.tools[2])');
    expect(run.stderr).toContain('at: $.tools[2].name');
    expect(run.stderr).toContain('key: name');
    expect(run.stderr).toContain('names: a');
  });

  it('with --json, the error shape is also printed on stdout', async () => {
    const path = file('dup2.json', JSON.stringify([{ name: 'x', inputSchema: schema }, { name: 'x', inputSchema: schema }]));
    const run = await runCli(['lint', path, '--json']);
    expect(run.code).toBe(2);
    const body = JSON.parse(run.stdout) as { error: { code: string; detail: Record<string, unknown> } };
    expect(body.error.code).toBe('duplicate_tool_name');
    expect(body.error.detail).toMatchObject({ path: '$[1].name', key: 'name', names: ['x'], where: path });
  });

  it('too many tools', async () => {
    const path = file('many.json', JSON.stringify(Array.from({ length: 201 }, (_, i) => ({ name: `t${i}`, inputSchema: schema }))));
    const run = await runCli(['lint', path]);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('tool_limit_exceeded: surface has 201 tools; the limit is 200');
  });
});

describe('usage errors (exit 2)', () => {
  it('no source, two sources, an unknown option, an unknown rules version, a bad --fail-under', async () => {
    const path = file('ok.json', JSON.stringify([{ name: 'x', inputSchema: schema }]));
    const cases: [string[], RegExp][] = [
      [['lint'], /usage: say what to read/],
      [['lint', path, '--url', 'https://x.example/mcp'], /usage: give only one of/],
      [['lint', path, '--bogus'], /unknown option '--bogus'/],
      [['lint', path, '--rules', 'v9'], /usage: unknown rules version "v9"; known: v1/],
      [['lint', path, '--fail-under', 'high'], /usage: --fail-under expects a score between 0 and 100/],
      [['lint', path, '--format', 'html'], /argument 'html' is invalid/],
      [['lint', path, '--env', 'A=1'], /usage: --env applies only to a server started with --/],
      [['lint', '--'], /usage: nothing after --/],
      [['dump', '--url', 'ftp://x.example/mcp'], /invalid_url: unsupported scheme "ftp:"/],
      [[], /Usage: toolmark/],
    ];
    for (const [args, pattern] of cases) {
      const run = await runCli(args);
      expect(run.code, args.join(' ')).toBe(2);
      expect(run.stderr, args.join(' ')).toMatch(pattern);
    }
  });

  it('--help and --version exit 0', async () => {
    expect((await runCli(['--help'])).code).toBe(0);
    const version = await runCli(['--version']);
    expect(version.code).toBe(0);
    expect(version.stdout).toMatch(/^\d+\.\d+\.\d+/);
  });
});

describe('connection errors (exit 2)', () => {
  it('connection refused', async () => {
    const port = await freePort();
    const run = await runCli(['lint', '--url', `http://127.0.0.1:${port}/mcp`]);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('connection_failed: could not connect: connection refused (ECONNREFUSED)');
    expect(run.stderr).toContain(`where: http://127.0.0.1:${port}/mcp`);
  });

  it('a command that exits before answering, with its stderr', async () => {
    const run = await runCli(['lint', '--', process.execPath, RAW_SERVER, 'exit']);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('connection_failed: the server closed the connection during initialize');
    expect(run.stderr).toContain('fatal: cannot open the database');
    expect(run.stderr).toContain(`where: ${process.execPath}`);
  });

  it('a command that does not exist', async () => {
    const run = await runCli(['lint', '--', 'toolmark-no-such-command-xyz']);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('spawn_failed: could not start the server: command not found (ENOENT)');
  });

  it('a server that never answers, within --connect-timeout', async () => {
    const started = Date.now();
    const run = await runCli(['lint', '--connect-timeout', '1', '--', process.execPath, RAW_SERVER, 'hang']);
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/timeout: /);
    expect(Date.now() - started).toBeLessThan(15_000);
  });

  it('a server without the tools capability', async () => {
    const run = await runCli(['lint', '--', process.execPath, RAW_SERVER, 'no-tools']);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('protocol_error: the server does not offer tools');
  });

  it('a JSON-RPC error to tools/list, and a server that pages forever', async () => {
    const failing = await runCli(['lint', '--', process.execPath, RAW_SERVER, 'list-error']);
    expect(failing.code).toBe(2);
    expect(failing.stderr).toContain('protocol_error: the server answered tools/list with an error: MCP error -32603: tool registry unavailable');
    const loop = await runCli(['dump', '--', process.execPath, RAW_SERVER, 'loop']);
    expect(loop.code).toBe(2);
    expect(loop.stderr).toContain('protocol_error: tools/list (page 2) repeated an earlier cursor');
  });

  it('duplicate names and invalid tools sent by a live server are input errors with a JSON path', async () => {
    const dup = await runCli(['lint', '--', process.execPath, RAW_SERVER, 'duplicate']);
    expect(dup.code).toBe(2);
    expect(dup.stderr).toContain('duplicate_tool_name: tool name "same" is used twice');
    const invalid = await runCli(['lint', '--', process.execPath, RAW_SERVER, 'invalid']);
    expect(invalid.code).toBe(2);
    expect(invalid.stderr).toContain('invalid_input_schema: tool "broken" has no inputSchema');
    expect(invalid.stderr).toContain('at: $.tools[1].inputSchema');
    const many = await runCli(['lint', '--', process.execPath, RAW_SERVER, 'many']);
    expect(many.code).toBe(2);
    expect(many.stderr).toContain('tool_limit_exceeded');
  });

  it('an auth failure is reported with a hint, without falling back to SSE', async () => {
    const locked = await startHttp((_req, res) => res.writeHead(401, { 'content-type': 'text/plain' }).end('unauthorized'));
    try {
      const run = await runCli(['lint', '--url', locked.url]);
      expect(run.code).toBe(2);
      expect(run.stderr).toContain('http_error: HTTP 401 during initialize');
      expect(run.stderr).toContain('set TOOLMARK_HTTP_AUTHORIZATION');
      expect(locked.requests.map((r) => r.method)).toEqual(['POST']);
    } finally {
      locked.server.close();
    }
  });

  it('a URL that does not speak MCP (404 on both transports)', async () => {
    const missing = await startHttp((_req, res) => res.writeHead(404).end('Not Found'));
    try {
      const run = await runCli(['lint', '--url', missing.url]);
      expect(run.code).toBe(2);
      expect(run.stderr).toContain('http_error: HTTP 404 during initialize');
      expect(run.stderr).toContain('after Streamable HTTP failed');
      expect(missing.requests.map((r) => r.method)).toEqual(['POST', 'GET']);
    } finally {
      missing.server.close();
    }
  });

  it('a redirect is refused, never followed', async () => {
    const target = await startHttp((_req, res) => res.writeHead(200).end('{}'));
    const redirector = await startHttp((_req, res) => res.writeHead(307, { location: `${target.url}?token=abc` }).end());
    try {
      const run = await runCli(['lint', '--url', redirector.url]);
      expect(run.code).toBe(2);
      expect(run.stderr).toContain(`redirect_refused: the server answered 307, redirecting to ${target.url}; redirects are never followed`);
      expect(run.stderr).not.toContain('token=abc');
      expect(target.requests).toHaveLength(0);
    } finally {
      redirector.server.close();
      target.server.close();
    }
  });
});

describe('the auth header', () => {
  const secret = 'Bearer s3cr3t-t0ken-value';

  it('is refused for another origin, before any connection', async () => {
    const other = await startHttp((_req, res) => res.writeHead(500).end());
    try {
      const run = await runCli(['lint', '--url', other.url], {
        env: { TOOLMARK_HTTP_AUTHORIZATION: secret, TOOLMARK_HTTP_AUTHORIZATION_ORIGIN: 'https://mcp.example' },
      });
      expect(run.code).toBe(2);
      expect(run.stderr).toContain(`auth_refused: TOOLMARK_HTTP_AUTHORIZATION_ORIGIN allows https://mcp.example, not ${other.origin}`);
      expect(run.stderr).not.toContain('s3cr3t');
      expect(other.requests).toHaveLength(0);
    } finally {
      other.server.close();
    }
  });

  it('is refused over plain HTTP to a host that is not loopback, without any network traffic', async () => {
    // 198.51.100.0/24 is TEST-NET-2: nothing answers there, so a connection attempt would hang until the timeout.
    const started = Date.now();
    const run = await runCli(['lint', '--url', 'http://198.51.100.7/mcp', '--connect-timeout', '20'], {
      env: { TOOLMARK_HTTP_AUTHORIZATION: secret, TOOLMARK_HTTP_AUTHORIZATION_ORIGIN: 'http://198.51.100.7' },
    });
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('auth_refused: refusing to send the auth header over plain HTTP to 198.51.100.7');
    expect(Date.now() - started).toBeLessThan(10_000);
  });

  it('is refused when its origin is not set', async () => {
    const run = await runCli(['lint', '--url', 'https://mcp.example/mcp'], { env: { TOOLMARK_HTTP_AUTHORIZATION: secret } });
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('auth_refused: TOOLMARK_HTTP_AUTHORIZATION is set but TOOLMARK_HTTP_AUTHORIZATION_ORIGIN is not');
  });

  it('is sent to the matching loopback origin, and never printed even when the server echoes it', async () => {
    const echo = await startHttp((req, res) => res.writeHead(400, { 'content-type': 'text/plain' }).end(`bad credentials: ${req.headers.authorization}`));
    try {
      const run = await runCli(['lint', '--url', echo.url], {
        env: { TOOLMARK_HTTP_AUTHORIZATION: secret, TOOLMARK_HTTP_AUTHORIZATION_ORIGIN: echo.origin },
      });
      expect(run.code).toBe(2);
      expect(echo.requests.length).toBeGreaterThan(0);
      expect(echo.requests.every((r) => r.headers.authorization === secret)).toBe(true);
      expect(run.stderr).toContain('[redacted]');
      expect(run.stderr).not.toContain('s3cr3t');
    } finally {
      echo.server.close();
    }
  });
});
