import { describe, expect, it } from 'vitest';
import type { LintFactRow, RunMetricsRow } from './rows.js';
import { validityTable, type ToolAccuracy } from './validity.js';

const metrics = (serverId: string, selectionAcc: number | null) => ({ serverId, selectionAcc }) as RunMetricsRow;
const fact = (serverId: string, tool: string | null, score: number, findingCodes: string[] = []): LintFactRow => ({ rulesId: 'v2', rulesHash: 'h', serverId, versionId: `${serverId}-v`, tool, score, findingCodes });

describe('the validity table', () => {
  it('correlates server scores with selectionAcc and averages tool accuracy with and without each finding', () => {
    const lint = [fact('a', null, 80), fact('b', null, 60), fact('c', null, 40), fact('a', 't', 90), fact('b', 't', 50, ['vague']), fact('c', 't', 30, ['vague', 'short'])];
    const accuracy: ToolAccuracy = new Map([
      ['a\u0000t', { selected: 4, scored: 4 }],
      ['b\u0000t', { selected: 2, scored: 4 }],
      ['c\u0000t', { selected: 0, scored: 4 }],
    ]);
    const table = validityTable('m', false, [metrics('a', 0.9), metrics('b', 0.7), metrics('c', 0.5), metrics('d', null)], lint, accuracy);
    expect(table.servers).toBe(3);
    expect(table.baselineOnly).toBe(false);
    expect(table.correlations).toEqual([{ rulesId: 'v2', rulesHash: 'h', servers: 3, spearman: 1, ci95: expect.any(Array) }]);
    expect(table.findings).toEqual([
      { rulesId: 'v2', code: 'short', toolsWith: 1, toolsWithout: 2, meanWith: 0, meanWithout: 0.75 },
      { rulesId: 'v2', code: 'vague', toolsWith: 2, toolsWithout: 1, meanWith: 0.25, meanWithout: 1 },
    ]);
  });

  it('is the same table for the same rows (the bootstrap is seeded)', () => {
    const lint = Array.from({ length: 12 }, (_, i) => fact(`s${i}`, null, 30 + 5 * i));
    const m = lint.map((l, i) => metrics(l.serverId, ((i * 37) % 11) / 10));
    expect(validityTable('m', true, m, lint, new Map())).toEqual(validityTable('m', true, m, lint, new Map()));
  });
});
