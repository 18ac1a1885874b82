import { describe, expect, it } from 'vitest';
import { riskLast, toolAtRisk } from './security-status.js';

describe('ranking by security (issue 25: presentation, for every rules version)', () => {
  it('puts an entry with a security finding after every entry without, in either direction of the sort', () => {
    const tools = [
      { name: 'b_clean', score: 40, risk: false },
      { name: 'a_risky', score: 95, risk: true },
      { name: 'c_clean', score: 10, risk: false },
      { name: 'd_risky', score: 5, risk: true },
    ];
    for (const dir of [1, -1]) {
      const sorted = [...tools].sort((a, b) => riskLast(a.risk, b.risk) || dir * (a.score - b.score));
      expect(sorted.map((t) => t.risk)).toEqual([false, false, true, true]);
      expect(sorted.slice(0, 2).map((t) => t.score)).toEqual(dir === 1 ? [10, 40] : [40, 10]);
    }
  });

  it("reads a tool's findings with the security codes of the rule set that scored it", () => {
    const hidden = { findings: [{ code: 'hidden_instructions' }, { code: 'too_short' }] } as never;
    const plain = { findings: [{ code: 'too_short' }, { code: 'no_constraints' }] } as never;
    for (const rules of ['v1', 'v2', 'unknown-version']) {
      expect(toolAtRisk(rules, hidden), rules).toBe(true);
      expect(toolAtRisk(rules, plain), rules).toBe(false);
    }
  });
});
