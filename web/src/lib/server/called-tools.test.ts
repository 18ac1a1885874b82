import { describe, expect, it } from 'vitest';
import type { Confusion } from '@toolmark/benchmarks';
import { calledTools, FOCUS_ABOVE } from './called-tools';

/** A confusion matrix of `n` tools, each right `right` times, plus the given mistakes. */
function matrix(n: number, mistakes: { expected: string; called: string; count: number }[]): Confusion {
  const rows = [...Array.from({ length: n }, (_, i) => `tool_${i}`), '(none)'];
  const cells = [...rows.map((r) => ({ expected: r, called: r, count: 3 })), ...mistakes];
  const columns = [...rows.filter((r) => r !== '(none)')];
  for (const c of cells) if (!columns.includes(c.called)) columns.push(c.called);
  return { rows, columns, cells };
}

describe('calledTools', () => {
  it('keeps every row and column up to 12 tools, the diagonal right', () => {
    const t = calledTools(matrix(FOCUS_ABOVE, [{ expected: 'tool_1', called: 'tool_2', count: 2 }]), false);
    expect(t.focused).toBe(false);
    expect(t.rows.map((r) => r.name)).toHaveLength(FOCUS_ABOVE + 1);
    const row1 = t.rows.find((r) => r.name === 'tool_1')!;
    expect(row1.cells[t.columns.indexOf('tool_1')]).toBe(3);
    expect(row1.cells[t.columns.indexOf('tool_2')]).toBe(2);
    expect(row1).toMatchObject({ right: 3, total: 5 });
  });

  it('over 12 tools keeps only rows with errors and columns called by mistake, unless all are asked for', () => {
    const c = matrix(20, [
      { expected: 'tool_4', called: 'tool_9', count: 1 },
      { expected: '(none)', called: 'tool_4', count: 2 },
      { expected: 'tool_7', called: '(none)', count: 1 },
    ]);
    const t = calledTools(c, false);
    expect(t.focused).toBe(true);
    expect(t.rows.map((r) => r.name)).toEqual(['tool_4', 'tool_7', '(none)']);
    expect(t.columns).toEqual(['tool_4', 'tool_9', '(none)']);
    expect(t.rows.find((r) => r.name === '(none)')).toMatchObject({ right: 3, total: 5, cells: [2, 0, 3] });
    expect(t).toMatchObject({ tools: 20, allRows: 21, allColumns: 21 });
    const all = calledTools(c, true);
    expect(all.focused).toBe(false);
    expect(all.rows).toHaveLength(21);
    expect(all.columns).toHaveLength(21);
  });

  it('shows invisible characters of tool names', () => {
    const t = calledTools({ rows: ['a\u202Eb'], columns: ['a\u202Eb'], cells: [{ expected: 'a\u202Eb', called: 'a\u202Eb', count: 1 }] }, false);
    expect(t.rows[0]!.name).toBe('a<U+202E>b');
    expect(t.columns[0]).toBe('a<U+202E>b');
  });
});
