import { describe, expect, it } from 'vitest';
import { T } from '../thresholds.js';
import { runToolRule, tool, toolOfTokens } from '../test/helpers.js';
import { heavyTool } from './heavy-tool.js';

describe('heavy_tool', () => {
  it('fires above 1000 tokens with the real count and tokenizer', async () => {
    expect(T.heavyToolTokens).toBe(1000);
    const t = await toolOfTokens(1001);
    expect(await runToolRule(heavyTool, t)).toEqual([
      {
        code: 'heavy_tool',
        severity: 'minor',
        tool: 'render_report',
        message: 'tool costs 1001 tokens (o200k_base) in every request',
        fields: ['description', 'inputSchema'],
        data: { tokens: 1001, maximum: 1000, tokenizer: 'o200k_base' },
      },
    ]);
  });

  it('does not fire at exactly 1000 tokens', async () => {
    expect(await runToolRule(heavyTool, await toolOfTokens(1000))).toEqual([]);
  });

  it('counts the input schema too, not just the description', async () => {
    const properties = Object.fromEntries(Array.from({ length: 80 }, (_, i) => [`field_${i}`, { type: 'string', description: `Value of field number ${i}` }]));
    const out = await runToolRule(heavyTool, tool({ name: 'render_report', description: 'Renders the report.', inputSchema: { type: 'object', properties } }));
    expect(out).toHaveLength(1);
    expect(out[0]!.data.tokens as number).toBeGreaterThan(1000);
  });
});
