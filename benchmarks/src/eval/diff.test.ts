import { describe, expect, it } from 'vitest';
import { RunDiffSchema, type RunReport } from '../contracts/eval.js';
import { diffRuns } from './diff.js';
import { EvalError } from './errors.js';
import { answer, call, CASES, perfect, perfectCalls, runFixture } from './test/run-fixture.js';

const refused = (f: () => unknown): EvalError => {
  try {
    f();
  } catch (e) {
    if (e instanceof EvalError) return e;
  }
  throw new Error('not refused');
};

describe('diffRuns', () => {
  const base = runFixture(perfect, { repeats: 4 });

  it('finds nothing between identical runs', () => {
    const d = diffRuns(base, base);
    expect(RunDiffSchema.parse(d)).toEqual(d);
    expect(d).toMatchObject({ pairs: 32, regressed: 0, improved: 0, pValue: null, significant: false, regression: false, unpaired: 0 });
    expect(d.selectionAcc.delta).toBe(0);
  });

  it('refuses runs that differ in a condition and says which', () => {
    expect(refused(() => diffRuns(base, runFixture(perfect, { repeats: 4, model: 'model-b' }))).detail).toMatchObject({ field: 'model', base: 'model-a', head: 'model-b' });
    expect(refused(() => diffRuns(base, runFixture(perfect, { repeats: 4, seed: 2 }))).message).toMatch(/seed differs/);
    expect(refused(() => diffRuns(base, runFixture(perfect, { repeats: 3 }))).detail.field).toBe('repeats');
    const other = { ...base, conditions: { ...base.conditions, caseSetHash: 'sha256:x' } };
    expect(refused(() => diffRuns(base, other)).detail.field).toBe('caseSetHash');
    const settings = { ...base, conditions: { ...base.conditions, settings: { ...base.conditions.settings, temperature: 1 } } };
    expect(refused(() => diffRuns(base, settings)).detail.field).toBe('settings');
    expect(refused(() => diffRuns(base, { ...base, conditions: { ...base.conditions, endpoint: 'http://localhost:11434' } })).code).toBe('not_comparable');
    expect(refused(() => diffRuns(base, { ...base, conditions: { ...base.conditions, permute: false } })).detail.field).toBe('permute');
  });

  it('identifies the endpoint by its full base URL: another path on the same host is another endpoint', () => {
    const at = (endpoint: string): RunReport => ({ ...base, conditions: { ...base.conditions, endpoint } });
    const e = refused(() => diffRuns(at('https://gw.example.com/team-a/v1'), at('https://gw.example.com/team-b/v1')));
    expect(e.detail).toMatchObject({ field: 'endpoint', base: 'https://gw.example.com/team-a/v1', head: 'https://gw.example.com/team-b/v1' });
    expect(diffRuns(at('https://gw.example.com/team-a/v1'), at('https://gw.example.com/team-a/v1')).pairs).toBe(32);
  });

  it('refuses runs with different distractor sets and names them', () => {
    const sets = (...d: [string, string][]): RunReport => ({ ...base, distractors: d.map(([name, hash]) => ({ name, hash, toolCount: 1 })) });
    const e = refused(() => diffRuns(sets(['memory', 'sha256:mem'], ['notion', 'sha256:n']), sets(['memory', 'sha256:mem2'], ['context7', 'sha256:c'])));
    expect(e.detail).toMatchObject({ field: 'distractors', base: ['memory', 'notion'], head: ['memory', 'context7'] });
    expect(e.message).toBe('runs are not comparable: the distractor sets differ (only in base: notion; only in head: context7; another version of: memory)');
    // The order they were listed in does not matter.
    expect(diffRuns(sets(['a', 'sha256:a'], ['b', 'sha256:b']), sets(['b', 'sha256:b'], ['a', 'sha256:a'])).pairs).toBe(32);
  });

  it('a seed-only difference is reported as the seed (the CLI sends the seed in the settings too)', () => {
    const seeded = (seed: number): RunReport => ({ ...base, conditions: { ...base.conditions, seed, settings: { ...base.conditions.settings, seed } } });
    const e = refused(() => diffRuns(seeded(1), seeded(5)));
    expect(e.detail).toMatchObject({ field: 'seed', base: 1, head: 5 });
    expect(e.message).toBe('runs are not comparable: the seed differs (1 vs 5)');
    const warmer = { ...seeded(1), conditions: { ...seeded(1).conditions, settings: { ...seeded(1).conditions.settings, temperature: 0.7 } } };
    expect(refused(() => diffRuns(seeded(1), warmer)).message).toBe('runs are not comparable: settings differ (temperature: 0 vs 0.7)');
  });

  it('pairs by case and trial index and flags a distinguishable drop with the exact sign test', () => {
    // Head breaks every read case: 16 paired trials go from pass to fail.
    const head = runFixture((c, i) => (c.expected === 'list_users' || c.expected === 'search_users' ? answer([call('create_user', { name: 'x' })]) : perfect(c, i)), { repeats: 4 });
    const d = diffRuns(base, head);
    expect(d).toMatchObject({ regressed: 16, improved: 0, significant: true, regression: true });
    expect(d.pValue).toBeCloseTo(2 / 2 ** 16, 12);
    expect(d.cases[0]).toMatchObject({ caseId: 'list_users:1', trialIndex: 0, change: 'regressed', base: 'correct', head: 'wrong_tool' });
    expect(d.selectionAcc.delta).toBeCloseTo(-2 / 3, 12);
    expect(d.reasons[0]).toMatch(/16 trial\(s\) regressed/);
    // The reverse is an improvement, not a regression.
    expect(diffRuns(head, base)).toMatchObject({ improved: 16, regression: false, significant: true });
  });

  it('does not call a small, indistinguishable change a regression', () => {
    const head = runFixture((c, i) => (c.id === 'create_user:1' && i === 0 ? answer([]) : perfect(c, i)), { repeats: 4 });
    expect(diffRuns(base, head)).toMatchObject({ regressed: 1, pValue: 1, significant: false, regression: false });
  });

  it('flags a distinguishable increase in unexpected multi-call behaviour even when the first pick did not move', () => {
    const head = runFixture((c, i) => (c.expected === null ? perfect(c, i) : answer([...perfectCalls(c), call('remember')])), { repeats: 4 });
    const d = diffRuns(base, head);
    expect(d.multiCall).toMatchObject({ increased: 24, decreased: 0 });
    expect(d.regression).toBe(true);
    expect(d.reasons.some((r) => r.includes('multi-call'))).toBe(true);
  });

  it('skips pairs not scored in both runs and counts unpaired trials', () => {
    const head = runFixture((c, i) => (i === 0 ? answer([], true) : perfect(c, i)), { repeats: 4 });
    expect(diffRuns(base, head).pairs).toBe(24);
    const fewer = { ...base, trials: base.trials.slice(1) };
    expect(diffRuns(fewer, base).unpaired).toBe(1);
    expect(CASES.length).toBe(8);
  });
});
