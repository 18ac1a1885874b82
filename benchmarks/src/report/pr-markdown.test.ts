import { describe, expect, it } from 'vitest';
import { compareLint } from '../baseline/compare.js';
import { DEFAULT_GATE, regressions } from '../baseline/gate.js';
import { renderPrMarkdown } from './pr-markdown.js';
import { sampleResult, sampleTool } from './sample-result.js';

function changed(): ReturnType<typeof sampleResult> {
  const r = sampleResult();
  const [list, , del] = r.tools;
  if (!list || !del) throw new Error('sample changed');
  r.tools = [list, sampleTool('search_users', 35, [{ code: 'too_short', severity: 'required', message: 'description is too short (2 words)', fields: ['description'], data: {} }]), del];
  r.score = 46.3;
  return r;
}

describe('renderPrMarkdown', () => {
  const comparison = compareLint(sampleResult(), changed(), new Set());
  const found = regressions(comparison, DEFAULT_GATE);

  it('tabulates score, band, tool deltas, new and fixed findings, and links the server page', () => {
    const md = renderPrMarkdown(comparison, found, { baseline: 'main', serverUrl: 'https://toolmark.example.com/servers/users' });
    expect(md).toContain('**❌ 3 regressions** against main (rules v1)');
    expect(md).toContain('[Server page](https://toolmark.example.com/servers/users)');
    expect(md).toContain('| Server mean | 53.0 | 46.3 | −6.7 |');
    expect(md).toContain('| search\\_users | 55 ☁ cloudy | 35 ☂ rain | −20 ⚠ band down |');
    expect(md).toContain('### Tools (1 changed, 2 unchanged)');
    expect(md).toContain('### New findings (1)');
    expect(md).toContain('| search\\_users | `too_short` | required | description is too short \\(2 words\\) |');
    expect(md).toContain('### Fixed findings (2)');
  });

  it('says no regression, and never links a URL that could break out of the link', () => {
    const same = compareLint(sampleResult(), sampleResult(), new Set());
    const md = renderPrMarkdown(same, [], { baseline: 'main', serverUrl: 'javascript:alert(1)' });
    expect(md).toContain('**✅ no regression**');
    expect(md).not.toContain('Server page');
  });

  it('stays under the limit with whole lines and a note of what was left out', () => {
    const big = sampleResult();
    big.tools = Array.from({ length: 200 }, (_, i) => sampleTool(`tool_${i}_${'x'.repeat(60)}`, 90));
    const after = sampleResult();
    after.tools = big.tools.map((t) => ({ ...t, score: 20, band: 'rain' as const }));
    const c = compareLint(big, after, new Set());
    const md = renderPrMarkdown(c, regressions(c, DEFAULT_GATE), { baseline: 'main', limit: 4000 });
    expect(md.length).toBeLessThanOrEqual(4000);
    expect(md).toMatch(/_… \d+ more lines left out to stay under the 4000-character comment limit/);
    expect(renderPrMarkdown(c, regressions(c, DEFAULT_GATE), { baseline: 'main' }).length).toBeGreaterThan(4000);
  });
});
