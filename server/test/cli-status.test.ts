// A live capture from the CLI says what it is doing on stderr when stderr is a terminal (one line, erased
// when done), and writes nothing there when stderr is a pipe or a file.
import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import type { CliIo } from '../src/cli/io.js';
import { loadSurface } from '../src/cli/source.js';
import { RAW_SERVER } from './helpers.js';

function fakeIo(stderrIsTTY: boolean): { io: CliIo; err: () => string } {
  const stderr = new PassThrough();
  const chunks: Buffer[] = [];
  stderr.on('data', (c: Buffer) => chunks.push(c));
  const io: CliIo = { stdin: new PassThrough(), stdout: new PassThrough(), stderr, env: {}, stdoutIsTTY: false, columns: undefined, stderrIsTTY };
  return { io, err: () => Buffer.concat(chunks).toString('utf8') };
}

const source = { kind: 'stdio' as const, command: process.execPath, args: [RAW_SERVER, 'pages'], env: {} };
const options = { env: [], timeout: '30', connectTimeout: '30' };

describe('stdio capture status', () => {
  it('on a terminal: names the command while it starts and reads the tools, then erases the line', async () => {
    const { io, err } = fakeIo(true);
    const loaded = await loadSurface(source, options, io);
    expect(loaded.surface.tools.length).toBe(3);
    // eslint-disable-next-line no-control-regex -- the terminal's erase-line sequence is what this checks
    expect(err()).toMatch(/^toolmark: starting .*raw-server\.mjs pages and reading its tools…\r\u001b\[2K$/);
  });

  it('not on a terminal: nothing on stderr', async () => {
    const { io, err } = fakeIo(false);
    await loadSurface(source, options, io);
    expect(err()).toBe('');
  });
});
