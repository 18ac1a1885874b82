import { describe, expect, it } from 'vitest';
import type { EvalCase } from '../contracts/eval.js';
import { TurnRequestSchema } from '../contracts/provider.js';
import type { Surface, Tool } from '../contracts/tool.js';
import { EvalError } from './errors.js';
import { assertWithinBudget, DEFAULT_LIMITS, HARD_LIMITS, PAID_TRIAL_BUDGET, planRun, selectCases, trialRequest, trialTools } from './plan.js';
import { DEFAULT_SYSTEM } from './render.js';

const t = (name: string, readOnly = false): Tool => ({ name, description: `${name} tool`, inputSchema: { type: 'object' }, ...(readOnly ? { annotations: { readOnlyHint: true } } : {}) });
const server: Surface = { tools: [t('a', true), t('b'), t('c')] };
const cases: EvalCase[] = [
  { id: 'x', kind: 'tool-directed', language: 'en', source: 'offline', utterance: 'use a', expected: 'a' },
  { id: 'y', kind: 'no-call', language: 'en', source: 'offline', utterance: 'hi', expected: null },
];
const base = { server, cases, model: 'm', settings: { temperature: 0 }, seed: 3, repeats: 3 };

describe('planRun', () => {
  it('lays out cases × repeats, case-major, with origins and read-only flags', () => {
    const p = planRun(base);
    expect(p.trials.map((x) => `${x.caseId}#${x.trialIndex}`)).toEqual(['x#0', 'x#1', 'x#2', 'y#0', 'y#1', 'y#2']);
    expect(p.trials.map((x) => x.ordinal)).toEqual([0, 1, 2, 3, 4, 5]);
    expect(p.shown.map((e) => [e.tool.name, e.origin, e.readOnly])).toEqual([
      ['a', 'server', true],
      ['b', 'server', false],
      ['c', 'server', false],
    ]);
    expect(p.settings).toEqual({ temperature: 0, maxOutputTokens: 1024, toolChoice: 'auto' });
    expect(p.system).toBe(DEFAULT_SYSTEM);
    expect(p.warnings).toEqual([]);
    expect(p.budget).toEqual([]);
    expect(p.hashes.surface).toBe(p.hashes.shown);
    expect(() => assertWithinBudget(p)).not.toThrow();
  });

  it('adds distractor sets after the server tools, drops and warns on name collisions', () => {
    const p = planRun({ ...base, distractors: [{ name: 'memory', hash: 'sha256:m', surface: { tools: [t('b'), t('remember')] } }] });
    expect(p.shown.map((e) => `${e.tool.name}:${e.origin}`)).toEqual(['a:server', 'b:server', 'c:server', 'remember:memory']);
    expect(p.warnings[0]).toMatchObject({ code: 'name_collision', names: ['b (server and memory)'] });
    expect(p.distractors).toEqual([{ name: 'memory', hash: 'sha256:m', toolCount: 2 }]);
    expect(p.hashes.shown).not.toBe(p.hashes.surface);
  });

  it('warns above 60 tools and refuses over the tool limit and the trial budget', () => {
    const many = { tools: Array.from({ length: 61 }, (_, i) => t(`t${i}`)) };
    const p = planRun({ ...base, server: many, limits: { maxTools: 50, maxTrials: 4 } });
    expect(p.warnings.map((w) => w.code)).toEqual(['many_tools']);
    expect(p.budget.map((b) => [b.code, b.limit, b.actual])).toEqual([
      ['tool_limit_exceeded', 50, 61],
      ['trial_budget_exceeded', 4, 6],
    ]);
    expect(() => assertWithinBudget(p)).toThrow(EvalError);
    try {
      assertWithinBudget(p);
    } catch (e) {
      expect((e as EvalError).toJSON()).toEqual({ error: { code: 'tool_limit_exceeded', message: '61 tools would be shown; the limit is 50', detail: { limit: 50, actual: 61 } } });
    }
    expect(planRun({ ...base, limits: { maxTrials: 10 ** 9 } }).limits.maxTrials).toBe(HARD_LIMITS.maxTrials);
  });

  it('refuses bad repeats, seeds and duplicate case ids; warns on no cases and unpermuted repeats', () => {
    expect(() => planRun({ ...base, repeats: 0 })).toThrow(/repeats must be/);
    expect(() => planRun({ ...base, repeats: 1.5 })).toThrow(EvalError);
    expect(() => planRun({ ...base, seed: 0.5 })).toThrow(/seed/);
    expect(() => planRun({ ...base, cases: [cases[0]!, cases[0]!] })).toThrow(/appears twice/);
    expect(planRun({ ...base, cases: [], permute: false }).warnings.map((w) => w.code)).toEqual(['no_cases', 'repeats_without_permutation']);
  });

  it('permutes the tool order per trial from (seed, case, repeat), stable across case order', () => {
    const many = { tools: Array.from({ length: 12 }, (_, i) => t(`t${i}`)) };
    const p = planRun({ ...base, server: many });
    const orders = p.trials.map((x) => trialTools(p, x).map((s) => s.name).join(','));
    expect(new Set(orders).size).toBe(orders.length);
    const reversed = planRun({ ...base, server: many, cases: [...cases].reverse() });
    const find = (pl: typeof p, id: string, i: number) => trialTools(pl, pl.trials.find((x) => x.caseId === id && x.trialIndex === i)!).map((s) => s.name);
    expect(find(reversed, 'x', 1)).toEqual(find(p, 'x', 1));
    expect(trialTools(planRun({ ...base, server: many, seed: 4 }), p.trials[0]!)).not.toEqual(trialTools(p, p.trials[0]!));
    expect(trialTools(planRun({ ...base, server: many, permute: false }), p.trials[0]!).map((s) => s.name)).toEqual(many.tools.map((x) => x.name));
  });

  it('renders each trial request with the one renderer', () => {
    const p = planRun(base);
    const req = trialRequest(p, p.trials[4]!);
    expect(TurnRequestSchema.parse(req)).toEqual(req);
    expect(req).toMatchObject({ model: 'm', utterance: 'hi', system: DEFAULT_SYSTEM });
    expect(req.tools).toHaveLength(3);
    expect(() => trialRequest(p, { caseId: 'zz', caseIndex: 0, trialIndex: 0, ordinal: 0 })).toThrow(/unknown case/);
  });
});

describe('the trial budget of a paid run', () => {
  const many: EvalCase[] = Array.from({ length: 70 }, (_, i) => ({ id: `c${i}`, kind: 'tool-directed', language: 'en', source: 'offline', utterance: `u${i}`, expected: 'a' }));
  it('is PAID_TRIAL_BUDGET unless the operator sets one, and the refusal says how to raise it', () => {
    const paid = planRun({ ...base, cases: many, limits: { paid: true } });
    expect(paid.limits.maxTrials).toBe(PAID_TRIAL_BUDGET);
    expect(paid.budget).toEqual([
      {
        code: 'trial_budget_exceeded',
        message: '210 trials planned; the budget is 200 (the default of a paid run: check the workload with --dry-run, then raise it with --max-trials 210 or trials.maxTrials in toolmark.config.json)',
        limit: 200,
        actual: 210,
      },
    ]);
    expect(planRun({ ...base, cases: many, limits: { paid: true, maxTrials: 210 } }).budget).toEqual([]);
    // The free baseline and the mock keep the general default.
    expect(planRun({ ...base, cases: many }).limits.maxTrials).toBe(DEFAULT_LIMITS.maxTrials);
  });
});

describe('selectCases', () => {
  const ids = ['td:read_file:en:1', 'td:read_file:en:2', 'td:write_file:en:1', 'nc:en:1', 'gd-publish'].map((id) => ({ id }));
  it('keeps ids starting with an --only prefix and drops --skip prefixes', () => {
    expect(selectCases(ids, {}).map((c) => c.id)).toEqual(ids.map((c) => c.id));
    expect(selectCases(ids, { only: ['td:read_file', 'gd-'] }).map((c) => c.id)).toEqual(['td:read_file:en:1', 'td:read_file:en:2', 'gd-publish']);
    expect(selectCases(ids, { skip: ['td:'] }).map((c) => c.id)).toEqual(['nc:en:1', 'gd-publish']);
    expect(selectCases(ids, { only: ['td:'], skip: ['td:read_file:en:2'] }).map((c) => c.id)).toEqual(['td:read_file:en:1', 'td:write_file:en:1']);
  });
  it('refuses a filter that leaves no case, naming it', () => {
    expect(() => selectCases(ids, { only: ['sp-'] })).toThrow(/^--only sp- leave\(s\) none of the 5 cases \(ids such as "td:read_file:en:1"/);
  });
});
