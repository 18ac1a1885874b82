// The lanes of bench:faults run every scenario exactly once, and a serial run keeps the table's order.
import { describe, expect, it } from 'vitest';
import { LANES, plan, SCENARIOS } from './scenarios.js';

describe('bench:faults lanes', () => {
  it('hold every scenario once and nothing else', () => {
    const ids = SCENARIOS.map((s) => s.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(LANES.flat().sort()).toEqual([...ids].sort());
  });

  it('plan: one lane in table order, the lanes, or lanes given, filtered by the chosen ids', () => {
    expect(plan(['slow-bodies', 'fuzz'], '1')).toEqual([['fuzz', 'slow-bodies']]);
    expect(plan(SCENARIOS.map((s) => s.id))).toEqual(LANES);
    expect(plan(['slow-bodies', 'fuzz', 'mcp'], 'mcp,fuzz|slow-bodies,worker-killed')).toEqual([['mcp', 'fuzz'], ['slow-bodies']]);
    expect(() => plan(['fuzz', 'mcp'], 'fuzz')).toThrow(/missing mcp/);
    expect(() => plan(['fuzz'], 'fuzz|fuzz')).toThrow(/twice/);
    expect(() => plan(['fuzz'], 'fuzz|nope')).toThrow(/unknown nope/);
  });
});
