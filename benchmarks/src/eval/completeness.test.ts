import { describe, expect, it } from 'vitest';
import { answeredOf, isComplete, MIN_ANSWERED_SHARE } from './completeness.js';

describe('completeness', () => {
  it('ranks a run only from 95 % of its planned trials answered, compared exactly', () => {
    expect(MIN_ANSWERED_SHARE).toBe(0.95);
    expect(isComplete({ answered: 95, planned: 100 })).toBe(true);
    expect(isComplete({ answered: 94, planned: 100 })).toBe(false);
    // 19 of 20 is exactly 95 %; 37 of 39 is 94.9 %.
    expect(isComplete({ answered: 19, planned: 20 })).toBe(true);
    expect(isComplete({ answered: 37, planned: 39 })).toBe(false);
    expect(isComplete({ answered: 0, planned: 0 })).toBe(false);
    expect(isComplete({ answered: 5, planned: 4 })).toBe(false);
  });

  it('the issue\'s run: 18 of 38 answered is incomplete', () => {
    const a = answeredOf({ trials: 38, errors: 20 });
    expect(a).toEqual({ answered: 18, planned: 38 });
    expect(isComplete(a)).toBe(false);
    expect(isComplete(answeredOf({ trials: 38, errors: 1 }))).toBe(true);
  });
});
