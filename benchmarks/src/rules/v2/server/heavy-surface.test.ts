import { describe, expect, it } from 'vitest';
import { T } from '../thresholds.js';
import { runServerRule, toolOfTokens } from '../test/helpers.js';
import { heavySurface } from './heavy-surface.js';

/** Two tools whose tokens sum to exactly `total`. */
async function surfaceOfTokens(total: number) {
  const half = Math.floor(total / 2);
  return [await toolOfTokens(half, 'render_report'), await toolOfTokens(total - half, 'export_report')];
}

describe('heavy_surface', () => {
  it('is minor above 10 000 tokens', async () => {
    expect([T.heavySurfaceTokensMinor, T.heavySurfaceTokensRequired]).toEqual([10_000, 25_000]);
    expect(await runServerRule(heavySurface, await surfaceOfTokens(10_001))).toEqual([
      {
        code: 'heavy_surface',
        severity: 'minor',
        message: 'the tools cost 10001 tokens (o200k_base) in every request',
        fields: ['description', 'inputSchema'],
        data: { tokens: 10_001, tokenizer: 'o200k_base', minor: 10_000, required: 25_000 },
      },
    ]);
  });

  it('does not fire at exactly 10 000 tokens', async () => {
    expect(await runServerRule(heavySurface, await surfaceOfTokens(10_000))).toEqual([]);
  });

  it('stays minor at exactly 25 000 and becomes required at 25 001', async () => {
    expect((await runServerRule(heavySurface, await surfaceOfTokens(25_000))).map((f) => f.severity)).toEqual(['minor']);
    const out = await runServerRule(heavySurface, await surfaceOfTokens(25_001));
    expect(out.map((f) => [f.severity, f.data.tokens])).toEqual([['required', 25_001]]);
  });

  it('does not fire for a small surface', async () => {
    expect(await runServerRule(heavySurface, [await toolOfTokens(300)])).toEqual([]);
  });
});
