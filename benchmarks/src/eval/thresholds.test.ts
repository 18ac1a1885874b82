import { describe, expect, it } from 'vitest';
import { computeMetrics } from './metrics.js';
import { checkThresholds, compareShare, decimalFraction } from './thresholds.js';
import { CASES, answer, call, perfect, runFixture } from './test/run-fixture.js';

describe('checkThresholds', () => {
  it('passes a clean run under default thresholds', () => {
    expect(checkThresholds(runFixture(perfect).metrics)).toEqual({ limits: { maxErrorRate: 0.1, minScored: 1 }, ok: true, executionFailure: false, failures: [] });
  });

  it('fails quality thresholds (exit 1): accuracy under the minimum, false calls over the maximum', () => {
    const m = runFixture((c) => (c.expected === null ? answer([call('list_users')]) : answer([call('list_users')]))).metrics;
    const r = checkThresholds(m, { minAccuracy: 0.9, maxFalseCalls: 0.1 });
    expect(r).toMatchObject({ ok: false, executionFailure: false });
    expect(r.failures.map((f) => f.threshold)).toEqual(['minAccuracy', 'maxFalseCalls']);
    expect(r.failures[0]!.message).toMatch(/selectionAcc 33.3 % is under 90.0 %/);
  });

  it('fails execution thresholds (exit 2): too many provider errors, too few scored; "—" accuracy fails a minimum', () => {
    const m = runFixture(() => ({ error: { code: 'server_error', message: '500' } })).metrics;
    const r = checkThresholds(m, { minAccuracy: 0.5 });
    expect(r).toMatchObject({ ok: false, executionFailure: true });
    expect(r.failures.map((f) => [f.threshold, f.actual])).toEqual([
      ['maxErrorRate', 1],
      ['minScored', 0],
      ['minAccuracy', null],
    ]);
    expect(checkThresholds(computeMetrics(CASES, []), { minScored: 0 }).ok).toBe(true);
  });

  it('compares shares with limits exactly, in integers', () => {
    expect(decimalFraction(0.58)).toEqual({ num: 58n, den: 100n });
    expect(decimalFraction(1e-7)).toEqual({ num: 1n, den: 10_000_000n });
    expect(decimalFraction(1)).toEqual({ num: 1n, den: 1n });
    expect(compareShare(29, 50, 0.58)).toBe(0);
    expect(compareShare(30, 50, 0.58)).toBe(1);
    expect(compareShare(28, 50, 0.58)).toBe(-1);
    expect(() => decimalFraction(Number.NaN)).toThrow(RangeError);
  });
});
