import { describe, expect, it } from 'vitest';
import type { EvalCase, TrialRecord, Verdict, VerdictKind } from '../contracts/eval.js';
import { MetricsSchema } from '../contracts/eval.js';
import { computeMetrics } from './metrics.js';

const kase = (id: string, expected: string | null, over: Partial<EvalCase> = {}): EvalCase => ({ id, kind: expected ? 'tool-directed' : 'no-call', language: 'en', source: 'offline', utterance: id, expected, ...over });
const v = (kind: VerdictKind, over: Partial<Verdict> = {}): Verdict => ({
  kind,
  scored: kind !== 'error' && kind !== 'truncated',
  pass: kind === 'correct' || kind === 'correct_abstention',
  selected: kind === 'correct' ? true : ['correct_abstention', 'over_triggered', 'error', 'truncated'].includes(kind) ? null : false,
  called: '(none)',
  argsValid: kind === 'correct' ? true : null,
  argsMatch: null,
  argErrors: [],
  multiCall: kind === 'extra_calls',
  forbiddenCalled: [],
  distractor: false,
  ...over,
});
const rec = (caseId: string, trialIndex: number, verdict: Verdict): TrialRecord => ({
  caseId,
  trialIndex,
  calls: [],
  text: '',
  truncated: verdict.kind === 'truncated',
  error: verdict.kind === 'error' ? { code: 'timeout', message: 't' } : null,
  usage: { inputTokens: null, outputTokens: null },
  latencyMs: 1,
  cached: false,
  verdict,
});

describe('computeMetrics', () => {
  it('shows "—" (null) for every rate when nothing counts, never 0', () => {
    const m = computeMetrics([], []);
    expect(MetricsSchema.parse(m)).toEqual(m);
    for (const r of [m.selectionAcc, m.argValidity, m.falseCallRate, m.passRate, m.passAtK, m.passHatK, m.errorRate]) expect(r.value).toBeNull();
  });

  it('counts selection, argument validity, false calls; excludes truncated and failed trials from all three', () => {
    const cases = [kase('a', 'read'), kase('b', 'write'), kase('n', null)];
    const records = [
      rec('a', 0, v('correct', { called: 'read' })),
      rec('a', 1, v('correct', { called: 'read', argsValid: false, pass: false })),
      rec('b', 0, v('wrong_tool', { called: 'read' })),
      rec('b', 1, v('truncated')),
      rec('n', 0, v('correct_abstention')),
      rec('n', 1, v('over_triggered', { called: 'write' })),
      rec('a', 2, v('error')),
      rec('b', 2, v('correct', { called: 'write', argsValid: null })), // unreadable schema: excluded from argValidity
    ];
    const m = computeMetrics(cases, records, [{ tool: 'write', reason: 'x' }]);
    expect(m).toMatchObject({ trials: 8, scored: 6, truncated: 1, errors: 1, k: 3 });
    expect(m.selectionAcc).toMatchObject({ numerator: 3, denominator: 4, value: 0.75 });
    expect(m.argValidity).toMatchObject({ numerator: 1, denominator: 2, value: 0.5 });
    expect(m.falseCallRate).toMatchObject({ numerator: 1, denominator: 2, value: 0.5 });
    expect(m.errorRate).toMatchObject({ numerator: 1, denominator: 8 });
    expect(m.selectionAcc.ci95![0]).toBeGreaterThan(0);
    expect(m.unreadableSchemas).toHaveLength(1);
    expect(m.verdicts).toMatchObject({ correct: 3, wrong_tool: 1, truncated: 1, error: 1 });
    // Only case n has 3 of 3? No: n has 2 trials; a and b have an excluded trial → no case qualifies for k = 3.
    expect(m.passAtK).toMatchObject({ denominator: 0, value: null });
  });

  it('builds the confusion matrix with tools as rows, (none) last, special columns at the end', () => {
    const cases = [kase('a', 'read'), kase('b', 'write'), kase('n', null)];
    const m = computeMetrics(cases, [
      rec('a', 0, v('correct', { called: 'read' })),
      rec('b', 0, v('wrong_tool', { called: 'read' })),
      rec('b', 1, v('phantom', { called: '(phantom)' })),
      rec('n', 0, v('over_triggered', { called: 'write' })),
      rec('n', 1, v('correct_abstention', { called: '(none)' })),
    ]);
    expect(m.confusion.rows).toEqual(['read', 'write', '(none)']);
    expect(m.confusion.columns).toEqual(['read', 'write', '(none)', '(phantom)']);
    expect(m.confusion.cells).toEqual([
      { expected: 'read', called: 'read', count: 1 },
      { expected: 'write', called: 'read', count: 1 },
      { expected: 'write', called: '(phantom)', count: 1 },
      { expected: '(none)', called: 'write', count: 1 },
      { expected: '(none)', called: '(none)', count: 1 },
    ]);
  });

  it('computes pass@k and pass^k over cases with k scored trials, and per-tier, kind and language rates', () => {
    const cases = [kase('a', 'read', { tier: 'read' }), kase('b', 'write', { tier: 'guarded', language: 'ja' }), kase('c', 'read', { tier: 'read' })];
    const records = [
      ...[0, 1, 2].map((i) => rec('a', i, v('correct'))),
      rec('b', 0, v('correct')),
      rec('b', 1, v('wrong_tool')),
      rec('b', 2, v('correct')),
      ...[0, 1, 2].map((i) => rec('c', i, v('abstained'))),
    ];
    const m = computeMetrics(cases, records);
    expect(m.k).toBe(3);
    expect(m.passAtK).toMatchObject({ numerator: 2, denominator: 3 });
    expect(m.passHatK).toMatchObject({ numerator: 1, denominator: 3 });
    expect(m.byTier.read).toMatchObject({ numerator: 3, denominator: 6 });
    expect(m.byTier.guarded).toMatchObject({ numerator: 2, denominator: 3 });
    expect(m.byLanguage.ja).toMatchObject({ numerator: 2, denominator: 3 });
    expect(m.byKind['tool-directed']).toMatchObject({ numerator: 5, denominator: 9 });
  });

  it('counts multi-call behaviour and refuses records of unknown cases', () => {
    const m = computeMetrics([kase('a', 'x')], [rec('a', 0, v('extra_calls', { called: '(multiple calls)' })), rec('a', 1, v('correct'))]);
    expect(m.multiCallRate).toMatchObject({ numerator: 1, denominator: 2 });
    expect(() => computeMetrics([], [rec('zz', 0, v('correct'))])).toThrow(/unknown case/);
  });
});
