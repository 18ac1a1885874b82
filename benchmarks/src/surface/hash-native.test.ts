import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { lintSurface } from '../lint.js';
import { parseSurfaceValue } from './parse.js';
import { sha256Hex, surfaceHashes } from './hash.js';

const nodeSha = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

describe('a native sha256 passed in by an adapter', () => {
  const surface = parseSurfaceValue({
    tools: [
      { name: 'b_tool', description: 'Ünïcode ✓ 日本語 😀\r\n', inputSchema: { type: 'object', required: ['y', 'x'] } },
      { name: 'a_tool', inputSchema: { properties: { q: { type: 'string' } }, type: 'object' }, _meta: { x: 1 } },
    ],
  });

  it('gives exactly the pure-JS hashes', () => {
    expect(sha256Hex('Ünïcode ✓ 😀')).toBe(nodeSha('Ünïcode ✓ 😀'));
    const native = surfaceHashes(surface, nodeSha);
    expect(native).toEqual(surfaceHashes(surface));
    expect(native.surface).toMatch(/^sha256:[0-9a-f]{64}$/);
  });

  it('gives exactly the same lint result', async () => {
    expect(await lintSurface(surface, 'v1', { sha256Hex: nodeSha })).toEqual(await lintSurface(surface, 'v1'));
  });

  it('is really used', async () => {
    let calls = 0;
    const counting = (text: string) => (calls++, nodeSha(text));
    await lintSurface(surface, 'v1', { sha256Hex: counting });
    expect(calls).toBe(3); // two tools and the surface
  });
});
