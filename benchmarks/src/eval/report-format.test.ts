import { describe, expect, it } from 'vitest';
import { rate } from './stats.js';
import { formatRate, formatShare, metricRows, runTitle, topConfusions } from './report-format.js';
import { answer, call, perfect, runFixture } from './test/run-fixture.js';

describe('report formatting helpers', () => {
  it('formats rates with counts and interval, "—" when nothing counts', () => {
    expect(formatShare(null)).toBe('—');
    expect(formatRate(rate(0, 0))).toBe('— (0/0)');
    expect(formatRate(rate(5, 10))).toBe('50.0 % (5/10, 95 % CI 23.7–76.3 %)');
    expect(formatRate(rate(10, 10))).toMatch(/^100.0 % \(10\/10, 95 % CI 72.2–100.0 %\)$/);
  });
  it('labels the baseline and shows pass@k only with repeats', () => {
    expect(runTitle(runFixture(perfect, { provider: 'lexical' }))).toBe('model-a via lexical (baseline)');
    expect(metricRows(runFixture(perfect, { repeats: 1 })).map((r) => r.key)).not.toContain('passAtK');
    expect(metricRows(runFixture(perfect, { repeats: 3 })).map((r) => r.key)).toContain('passHatK');
  });
  it('lists mistakes largest first, without the diagonal', () => {
    const r = runFixture((c, i) => (c.expected === 'search_users' ? answer([call('list_users')]) : perfect(c, i)));
    expect(topConfusions(r)).toEqual([{ expected: 'search_users', called: 'list_users', count: 4 }]);
  });
});
