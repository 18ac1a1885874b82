import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { captureTools, droppedPaths } from './capture-session.js';
import { binOf, setPath } from './capture.js';

const FIXTURE = fileURLToPath(new URL('./fixtures/paged-server.mjs', import.meta.url));
const server = (mode: string) => ({
  command: process.execPath,
  args: [FIXTURE, mode],
  env: { PATH: process.env.PATH ?? '' },
  timeoutMs: 10_000,
});

describe('captureTools', () => {
  it('follows nextCursor and keeps every field as sent, reporting what the SDK would drop', async () => {
    const captured = await captureTools(server('ok'));
    expect(captured.pages).toBe(2);
    expect(captured.protocolVersion).toBe('2025-11-25');
    expect(captured.serverInfo).toEqual({ name: 'paged-fixture', version: '1.2.3' });
    expect(captured.tools).toEqual([
      {
        name: 'alpha',
        description: 'First tool.',
        inputSchema: { type: 'object', properties: { q: { type: 'string', 'x-order': 1 } } },
        annotations: { readOnlyHint: true, 'x-cost': 'low' },
        'x-vendor': { tier: 'free' },
      },
      { name: 'beta', inputSchema: { type: 'object' } },
    ]);
    // Key order on the wire is kept too (tools.json is written from these objects).
    expect(Object.keys(captured.tools[0] as object)).toEqual(['name', 'description', 'inputSchema', 'annotations', 'x-vendor']);
    expect(captured.sdkDroppedPaths.sort()).toEqual(['alpha.annotations.x-cost', 'alpha.x-vendor']);
    expect(captured.sdkError).toBeUndefined();
  });

  it('fails with the server error when tools/list is refused', async () => {
    await expect(captureTools(server('error'))).rejects.toThrow(/tools\/list with error -32000: tools are on strike/);
  });

  it('stops on a cursor that repeats instead of looping forever', async () => {
    await expect(captureTools(server('loop'))).rejects.toThrow(/repeated cursor "again"/);
  });

  it('fails clearly when the server cannot start', async () => {
    await expect(
      captureTools({ command: process.execPath, args: ['-e', 'console.error("no token"); process.exit(3)'], env: {}, timeoutMs: 5_000 }),
    ).rejects.toThrow(/no token/);
  });
});

describe('droppedPaths', () => {
  it('lists keys missing from the parsed copy, at any depth', () => {
    expect(droppedPaths({ a: 1, b: { c: 2, d: [{ e: 3, f: 4 }] } }, { a: 1, b: { c: 2, d: [{ e: 3 }] } }, 't')).toEqual(['t.b.d[0].f']);
    expect(droppedPaths({ a: 1 }, { a: 1 }, 't')).toEqual([]);
  });
});

describe('capture helpers', () => {
  it('finds the bin of a package', () => {
    expect(binOf({ name: 'x', bin: 'cli.js' })).toBe('cli.js');
    expect(binOf({ name: '@s/x', bin: { whatever: 'dist/index.js' } })).toBe('dist/index.js');
    expect(binOf({ name: '@s/x', bin: { y: 'y.js', x: 'x.js' } })).toBe('x.js');
    expect(() => binOf({ name: 'x' })).toThrow(/declares no bin/);
    expect(() => binOf({ name: 'x', bin: { y: 'y.js', z: 'z.js' } })).toThrow(/several bins/);
  });

  it('puts reference surfaces under reference/', () => {
    expect(setPath({ name: 'everything', kind: 'reference' })).toBe('reference/everything');
    expect(setPath({ name: 'memory', kind: 'distractor' })).toBe('memory');
  });
});
