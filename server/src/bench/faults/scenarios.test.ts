// The lanes of bench:faults run every scenario exactly once, and a serial run keeps the table's order.
import { describe, expect, it } from 'vitest';
import { LANES, plan, SCENARIOS } from './scenarios.js';

describe('bench:faults lanes', () => {
  it('hold every scenario once and nothing else', () => {
    const ids = SCENARIOS.map((s) => s.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(LANES.flat().sort()).toEqual([...ids].sort());
  });

  it('plan: one lane in table order, or the lanes filtered by the chosen ids', () => {
    expect(plan(['slow-bodies', 'fuzz'], 1)).toEqual([['fuzz', 'slow-bodies']]);
    expect(plan(['slow-bodies', 'fuzz', 'mcp'], 0)).toEqual([['fuzz', 'mcp'], ['slow-bodies']]);
    expect(plan(SCENARIOS.map((s) => s.id), 0)).toEqual(LANES);
  });
});
