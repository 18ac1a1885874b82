import { describe, expect, it } from 'vitest';
import { parseSurfaceValue } from './parse.js';
import { surfaceHashes, surfaceHashesAsync } from './hash.js';

describe('surfaceHashesAsync (native sha256)', () => {
  const surface = parseSurfaceValue({
    tools: [
      { name: 'b_tool', description: 'Ünïcode ✓ 日本語\r\n', inputSchema: { type: 'object', required: ['y', 'x'] } },
      { name: 'a_tool', inputSchema: { properties: { q: { type: 'string' } }, type: 'object' }, _meta: { x: 1 } },
    ],
  });

  it('gives exactly the pure-JS hashes', async () => {
    const native = await surfaceHashesAsync(surface);
    expect(native).toEqual(surfaceHashes(surface));
    expect(native.surface).toMatch(/^sha256:[0-9a-f]{64}$/);
    expect(native.tools).toHaveLength(2);
  });

  it('distinguishes different surfaces', async () => {
    const other = parseSurfaceValue({ tools: [{ name: 'a_tool', inputSchema: { type: 'object' } }] });
    expect((await surfaceHashesAsync(other)).surface).not.toBe((await surfaceHashesAsync(surface)).surface);
  });
});
