import { describe, expect, it } from 'vitest';
import { toolsFor } from '../mcp/register.js';
import { tools as all } from '../mcp/tools/index.js';
import { tools as packed } from './mcp-tools.js';

describe('the packed CLI\'s MCP tools', () => {
  it('are exactly the stdio tools of mcp/tools/index.ts, in its order (the same defs)', () => {
    expect(packed.map((t) => t.name)).toEqual(toolsFor('stdio', all).map((t) => t.name));
    for (const def of packed) expect(all).toContain(def);
  });
});
