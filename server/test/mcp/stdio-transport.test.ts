// `toolmark mcp`'s stdio transport as a raw client meets it: the BUILT CLI spawned in a scratch directory,
// each case written to its stdin byte for byte, the replies read line by line from stdout, the exit code
// and stderr checked. A garbage line, a batch and a non-message are answered (never silence) and the
// stream goes on; a message over 10 MiB is answered, then the process exits non-zero saying why on stderr.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { STDIO_MAX_MESSAGE_BYTES } from '../../src/cli/mcp/stdio-transport.js';
import { CLI } from '../helpers.js';

const work = mkdtempSync(join(tmpdir(), 'toolmark-stdio-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

interface Session {
  /** Resolves with the next `n` reply lines, parsed. */
  replies(n: number): Promise<unknown[]>;
  write(text: string | Buffer): void;
  end(): void;
  exit: Promise<{ code: number | null; stderr: string; stdout: string }>;
}

function launch(): Session {
  const child = spawn(process.execPath, [CLI, 'mcp', '--cwd', work], { cwd: work, env: { PATH: process.env.PATH ?? '', HOME: work }, stdio: ['pipe', 'pipe', 'pipe'] });
  let out = '';
  let err = '';
  let waiting: (() => void) | undefined;
  child.stdout.on('data', (d: Buffer) => {
    out += d.toString();
    waiting?.();
  });
  child.stderr.on('data', (d: Buffer) => (err += d.toString()));
  // The child may stop reading (an over-size message): our side of the pipe then fails with EPIPE.
  child.stdin.on('error', () => undefined);
  let taken = 0;
  const lines = () => out.split('\n').slice(0, -1);
  return {
    replies: (n) =>
      new Promise((resolve, reject) => {
        const check = () => {
          if (lines().length >= taken + n) {
            const next = lines().slice(taken, taken + n).map((l) => JSON.parse(l) as unknown);
            taken += n;
            waiting = undefined;
            resolve(next);
          }
        };
        waiting = check;
        child.once('exit', () => (lines().length >= taken + n ? check() : reject(new Error(`exited with ${lines().length - taken} of ${n} replies; stderr: ${err}`))));
        check();
      }),
    write: (text) => child.stdin.write(text),
    end: () => child.stdin.end(),
    exit: new Promise((resolve) => child.on('close', (code) => resolve({ code, stderr: err, stdout: out }))),
  };
}

const ping = (id: number | string) => `${JSON.stringify({ jsonrpc: '2.0', id, method: 'ping' })}\n`;

describe('toolmark mcp: what the stdio transport answers', { timeout: 60_000 }, () => {
  it('a garbage line gets a -32700 parse error (id null), a non-message -32600 with its id, and the stream goes on', async () => {
    const s = launch();
    s.write('hello, is this MCP?\n');
    expect(await s.replies(1)).toEqual([
      { jsonrpc: '2.0', id: null, error: { code: -32700, message: expect.stringMatching(/^the line is not JSON \(.+\); send one JSON-RPC message per line$/), data: { code: 'invalid_json', bytes: 19 } } },
    ]);
    s.write('{"jsonrpc":"2.0","id":5,"method":3}\n');
    expect(await s.replies(1)).toEqual([{ jsonrpc: '2.0', id: 5, error: { code: -32600, message: expect.stringMatching(/^not a JSON-RPC 2\.0 message/), data: { code: 'invalid_message' } } }]);
    s.write('{"jsonrpc":"2.0","id":6,"id":7,"method":"ping"}\n');
    expect(await s.replies(1)).toEqual([{ jsonrpc: '2.0', id: null, error: { code: -32700, message: 'the key "id" appears twice in one object (at $.id); send it once', data: { code: 'duplicate_key', key: 'id', path: '$.id' } } }]);
    s.write(ping(1));
    expect(await s.replies(1)).toEqual([{ jsonrpc: '2.0', id: 1, result: {} }]);
    s.end();
    const { code, stderr } = await s.exit;
    expect(code).toBe(0);
    expect(stderr).toMatch(/toolmark mcp: warn: refused a line: the line is not JSON/);
    expect(stderr).toMatch(/toolmark mcp: warn: refused a line: not a JSON-RPC 2\.0 message/);
  });

  it('a batch gets one -32600 error per request in it, by id; one with id null when it holds no request; nothing in it runs', async () => {
    const s = launch();
    s.write(`[${ping(1).trim()},${ping('two').trim()},{"jsonrpc":"2.0","method":"notifications/initialized"}]\n`);
    const message = 'JSON-RPC batches are not supported (MCP dropped them in protocol 2025-06-18): send one message per request';
    expect(await s.replies(2)).toEqual([
      { jsonrpc: '2.0', id: 1, error: { code: -32600, message, data: { code: 'batch_not_supported', messages: 3 } } },
      { jsonrpc: '2.0', id: 'two', error: { code: -32600, message, data: { code: 'batch_not_supported', messages: 3 } } },
    ]);
    s.write('[]\n');
    expect(await s.replies(1)).toEqual([{ jsonrpc: '2.0', id: null, error: { code: -32600, message, data: { code: 'batch_not_supported', messages: 0 } } }]);
    s.write(ping(3));
    expect(await s.replies(1)).toEqual([{ jsonrpc: '2.0', id: 3, result: {} }]);
    s.end();
    const { code, stderr, stdout } = await s.exit;
    expect(code).toBe(0);
    expect(stdout.trim().split('\n')).toHaveLength(4);
    expect(stderr).toMatch(/warn: a JSON-RPC batch was refused \{"messages":3\}/);
  });

  it('a message over 10 MiB gets an error reply, then the process exits 2 saying why on stderr (even when stdin ends right after it)', async () => {
    const s = launch();
    s.write(ping(1));
    expect(await s.replies(1)).toEqual([{ jsonrpc: '2.0', id: 1, result: {} }]);
    const head = '{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"lint_surface","arguments":{"tools":"';
    s.write(Buffer.from(head + 'x'.repeat(STDIO_MAX_MESSAGE_BYTES + 1 - head.length)));
    // stdin ends right after it: still fatal (exit 2), not a clean close.
    s.end();
    const [reply] = await s.replies(1);
    expect(reply).toEqual({
      jsonrpc: '2.0',
      id: null,
      error: { code: -32600, message: expect.stringMatching(/^a message over the 10485760-byte limit of one stdio message was sent \(at least \d+ bytes before its newline\); the connection is closed$/), data: { code: 'message_too_large', limit: 10485760 } },
    });
    const { code, stderr } = await s.exit;
    expect(code).toBe(2);
    expect(stderr).toMatch(/toolmark mcp: error: fatal transport error \{"err":"a message over the 10485760-byte limit/);
  });

  it('a message of exactly the limit is read (and answered by the server)', async () => {
    const s = launch();
    const head = '{"jsonrpc":"2.0","id":9,"method":"ping","params":{"pad":"';
    const tail = '"}}';
    s.write(Buffer.from(head + 'x'.repeat(STDIO_MAX_MESSAGE_BYTES - head.length - tail.length) + tail + '\n'));
    expect(await s.replies(1)).toEqual([{ jsonrpc: '2.0', id: 9, result: {} }]);
    s.end();
    expect((await s.exit).code).toBe(0);
  });
});
