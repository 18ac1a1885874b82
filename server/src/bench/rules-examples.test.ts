import { describe, expect, it } from 'vitest';
import { loadTokenCounter, ruleSets } from '@toolmark/benchmarks';
import { rulesV2 } from '@toolmark/benchmarks/rules/v2';
import { nodeSha256Hex } from '../native-hash.js';
import { describeExample, RULES_EXAMPLES } from './rules-examples.js';

// The "issue 12 examples" section of bench:rules: v2 does on each example what the issue asks, and v1 still
// shows the class the issue found (so the before / after table shows a change).

const deps = { countTokens: await loadTokenCounter(), sha256Hex: nodeSha256Hex };

describe('issue 12 examples', () => {
  it('covers the issue\'s list, each with a distinct id', () => {
    expect(RULES_EXAMPLES.length).toBeGreaterThanOrEqual(25);
    expect(new Set(RULES_EXAMPLES.map((e) => e.id)).size).toBe(RULES_EXAMPLES.length);
  });

  for (const ex of RULES_EXAMPLES) {
    it(`${ex.id}: v2 — ${ex.expect}`, () => {
      const v2 = describeExample(rulesV2, ex, deps);
      expect(ex.holds(v2.result, v2.plain), v2.line).toBe(true);
    });
  }

  // Where the class is v1's defect, v1 fails the same check. Not on two: description null (the parser is
  // shared and fixed for every version) and "Summarise a thread…" (v1's verb list has the British spelling;
  // the class bites v1 on the adverb and label openings beside it).
  const V1_ALSO_HOLDS = new Set(['description-null', 'summarise']);
  it('v1 fails the check on every example but those fixed for every version', () => {
    const v1 = ruleSets.v1!;
    const failing = RULES_EXAMPLES.filter((ex) => {
      const r = describeExample(v1, ex, deps);
      return !ex.holds(r.result, r.plain);
    }).map((ex) => ex.id);
    expect(failing).toEqual(RULES_EXAMPLES.map((e) => e.id).filter((id) => !V1_ALSO_HOLDS.has(id)));
  });
});
