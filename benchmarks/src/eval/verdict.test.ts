import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { EvalCase } from '../contracts/eval.js';
import type { ProposedCall, TurnResult } from '../contracts/provider.js';
import { createArgChecker } from './args.js';
import { judgeContext, judgeTrial, recordTrial, type JudgeContext, type TrialOutcome } from './verdict.js';
import { planRun } from './plan.js';

const obj = (props: Record<string, unknown>, required: string[] = []) => ({ type: 'object', properties: props, required });
const schemas: Record<string, Record<string, unknown>> = {
  read_file: obj({ path: { type: 'string' } }, ['path']),
  write_file: obj({ path: { type: 'string' }, content: { type: 'string' } }, ['path', 'content']),
  list_users: obj({}),
  search_users: obj({ q: { type: 'string' } }, ['q']),
  create_finding: obj({ title: { type: 'string' } }, ['title']),
  publish_finding: obj({ id: { type: 'string' } }),
  set_point_size: obj({ px: { type: 'number' } }, ['px']),
  remember: obj({}),
};
const readOnly = new Set(['read_file', 'list_users', 'search_users']);
const ctx: JudgeContext = {
  byName: new Map(Object.keys(schemas).map((n) => [n, { origin: n === 'remember' ? 'memory' : 'server', readOnly: readOnly.has(n) }] as const)),
  checker: createArgChecker(Object.entries(schemas).map(([name, inputSchema]) => ({ name, inputSchema }))),
};

const call = (name: string, args: unknown = {}): ProposedCall => ({ name, argumentsText: JSON.stringify(args), arguments: args, parseError: null });
const answer = (calls: ProposedCall[], truncated = false): TrialOutcome => ({
  result: { calls, text: '', truncated, usage: { inputTokens: 1, outputTokens: 1 }, latencyMs: 5, fingerprint: 'f', unsupported: [] } satisfies TurnResult,
});
const kase = (over: Partial<EvalCase>): EvalCase => ({ id: 'c', kind: 'task', language: 'en', source: 'file', utterance: 'u', expected: null, ...over });
const judge = (c: Partial<EvalCase>, calls: ProposedCall[]) => judgeTrial(kase(c), answer(calls), ctx);

describe('judgeTrial: excluded answers', () => {
  it('does not score provider errors or truncated answers', () => {
    expect(judgeTrial(kase({ expected: 'read_file' }), { error: { code: 'timeout', message: 't' } }, ctx)).toMatchObject({ kind: 'error', scored: false, pass: false, selected: null });
    expect(judgeTrial(kase({ expected: 'read_file' }), answer([call('read_file', { path: 'a' })], true), ctx)).toMatchObject({ kind: 'truncated', scored: false });
  });
});

describe('judgeTrial: no-call cases', () => {
  it('passes without a call and counts any call as over-triggered', () => {
    expect(judge({}, [])).toMatchObject({ kind: 'correct_abstention', pass: true, called: '(none)' });
    expect(judge({}, [call('read_file', { path: 'x' })])).toMatchObject({ kind: 'over_triggered', pass: false, called: 'read_file' });
    expect(judge({}, [call('ghost')])).toMatchObject({ kind: 'over_triggered', called: '(phantom)' });
    expect(judge({}, [call('remember'), call('read_file')])).toMatchObject({ distractor: true, multiCall: true });
  });
});

describe('judgeTrial: one expected tool', () => {
  it('correct with valid arguments passes; invalid arguments are selected but fail', () => {
    expect(judge({ expected: 'read_file' }, [call('read_file', { path: 'a' })])).toMatchObject({ kind: 'correct', selected: true, pass: true, argsValid: true, called: 'read_file' });
    const bad = judge({ expected: 'read_file' }, [call('read_file', { path: 3 })]);
    expect(bad).toMatchObject({ kind: 'correct', selected: true, pass: false, argsValid: false });
    expect(bad.argErrors).toMatchObject([{ argument: 'path', kind: 'wrong_type' }]);
  });

  it('abstained, wrong tool, distractor, phantom', () => {
    expect(judge({ expected: 'read_file' }, [])).toMatchObject({ kind: 'abstained', selected: false, called: '(none)' });
    expect(judge({ expected: 'search_users' }, [call('list_users')])).toMatchObject({ kind: 'wrong_tool', called: 'list_users', distractor: false });
    expect(judge({ expected: 'write_file' }, [call('remember')])).toMatchObject({ kind: 'wrong_tool', called: 'remember', distractor: true });
    expect(judge({ expected: 'write_file' }, [call('nonexistent')])).toMatchObject({ kind: 'phantom', called: '(phantom)' });
  });

  it('does not penalise read-only calls before the expected call, whatever the expected tool (seed 004: "look, then decide")', () => {
    expect(judge({ expected: 'write_file' }, [call('read_file', { path: 'a' }), call('write_file', { path: 'a', content: 'b' })])).toMatchObject({ kind: 'correct', pass: true });
    expect(judge({ expected: 'write_file' }, [call('read_file', { path: 'a' })])).toMatchObject({ kind: 'wrong_tool', called: 'read_file' });
    // A read-only expected tool (seed 004's `read` tier: query/list) after a look at the state: not penalised either.
    expect(judge({ expected: 'search_users' }, [call('list_users'), call('search_users', { q: 'r' })])).toMatchObject({ kind: 'correct', pass: true, called: 'search_users' });
    // A call that changes something before the expected one is an extra call, not a look.
    expect(judge({ expected: 'create_finding' }, [call('write_file', { path: 'p', content: 'c' }), call('create_finding', { title: 't' })])).toMatchObject({ kind: 'extra_calls', pass: false });
  });

  it('flags unexpected additional calls (not counted correct) but accepts repeated calls of the expected tool', () => {
    expect(judge({ expected: 'create_finding' }, [call('create_finding', { title: 't' }), call('write_file', { path: 'p', content: 'c' })])).toMatchObject({
      kind: 'extra_calls',
      selected: false,
      pass: false,
      multiCall: true,
      called: '(multiple calls)',
    });
    expect(judge({ expected: 'read_file' }, [call('read_file', { path: 'a' }), call('read_file', { path: 'b' })])).toMatchObject({ kind: 'correct', pass: true });
    expect(judge({ expected: 'search_users' }, [call('search_users', { q: 'a' }), call('write_file', { path: 'p', content: 'c' })])).toMatchObject({ kind: 'extra_calls' });
  });

  it('checks every call of the expected tool: a later call with schema- or range-breaking arguments fails the case', () => {
    const range = { expected: 'set_point_size', args: { px: { min: 1, max: 10 } } };
    expect(judge(range, [call('set_point_size', { px: 3 }), call('set_point_size', { px: 5 })])).toMatchObject({ kind: 'correct', pass: true, argsMatch: true });
    const outOfRange = judge(range, [call('set_point_size', { px: 3 }), call('set_point_size', { px: 50 })]);
    expect(outOfRange).toMatchObject({ kind: 'correct', selected: true, argsValid: true, argsMatch: false, pass: false });
    expect(outOfRange.argErrors).toMatchObject([{ argument: 'px', keyword: 'expect', message: 'argument "px" is 50, expected in [1, 10]' }]);
    const schema = judge({ expected: 'read_file' }, [call('read_file', { path: 'a' }), call('read_file', { path: 7 })]);
    expect(schema).toMatchObject({ kind: 'correct', argsValid: false, pass: false });
    expect(schema.argErrors).toMatchObject([{ argument: 'path', kind: 'wrong_type' }]);
  });

  it('checks partial expected args', () => {
    expect(judge({ expected: 'set_point_size', args: { px: { min: 1 } } }, [call('set_point_size', { px: 3 })])).toMatchObject({ pass: true, argsMatch: true });
    const v = judge({ expected: 'set_point_size', args: { px: { min: 1 } } }, [call('set_point_size', { px: 0.5 })]);
    expect(v).toMatchObject({ kind: 'correct', selected: true, argsValid: true, argsMatch: false, pass: false });
    expect(v.argErrors[0]).toMatchObject({ argument: 'px', keyword: 'expect' });
  });

  it('fails forbidden calls whatever else happened', () => {
    const v = judge({ expected: 'create_finding', forbid: ['publish_finding'] }, [call('create_finding', { title: 'crack' }), call('publish_finding')]);
    expect(v).toMatchObject({ kind: 'forbidden', pass: false, forbiddenCalled: ['publish_finding'] });
  });
});

describe('judgeTrial: expected sequences', () => {
  const seq = { expected: 'create_finding', expect: [{ name: 'create_finding', args: { title: 'crack' } }, { name: 'set_point_size' }] };
  it('passes an order-preserving subsequence with read-only calls around it', () => {
    expect(judge(seq, [call('list_users'), call('create_finding', { title: 'Crack' }), call('read_file', { path: 'x' }), call('set_point_size', { px: 2 })])).toMatchObject({
      kind: 'correct',
      pass: true,
      argsMatch: true,
      argsValid: true,
    });
  });
  it('fails the wrong order, missing steps and unmatched mutating calls', () => {
    expect(judge(seq, [call('set_point_size', { px: 2 }), call('create_finding', { title: 'crack' })])).toMatchObject({ kind: 'sequence_mismatch', selected: false, called: 'set_point_size' });
    expect(judge(seq, [])).toMatchObject({ kind: 'abstained' });
    expect(judge(seq, [call('create_finding', { title: 'crack' }), call('write_file', { path: 'p', content: 'c' }), call('set_point_size', { px: 1 })])).toMatchObject({ kind: 'extra_calls', pass: false });
  });
  it('checks every call of a step\'s tool, each against the step it follows', () => {
    expect(judge(seq, [call('create_finding', { title: 'crack' }), call('create_finding', { title: 'Crack ' }), call('set_point_size', { px: 1 })])).toMatchObject({ kind: 'correct', pass: true });
    expect(judge(seq, [call('create_finding', { title: 'x' }), call('create_finding', { title: 'crack' }), call('set_point_size', { px: 1 })])).toMatchObject({ kind: 'correct', pass: false, argsMatch: false });
    expect(judge(seq, [call('create_finding', { title: 'crack' }), call('set_point_size', { px: 1 }), call('create_finding', { title: 'other' })])).toMatchObject({ kind: 'correct', pass: false, argsMatch: false });
    expect(judge(seq, [call('create_finding', { title: 'crack' }), call('set_point_size', { px: 1 }), call('set_point_size', { px: 'big' })])).toMatchObject({ kind: 'correct', pass: false, argsValid: false });
  });
});

describe('judgeTrial: one meaning for one expectation', () => {
  const names = [...Object.keys(schemas), 'ghost'];
  const arbArgs = fc.dictionary(fc.constantFrom('path', 'content', 'q', 'px', 'title'), fc.oneof(fc.string({ maxLength: 3 }), fc.integer({ min: -2, max: 12 })), { maxKeys: 3 });
  const arbCall = fc.record({ name: fc.constantFrom(...names), args: arbArgs }).map((c) => call(c.name, c.args));
  const arbExpectation = fc.option(
    fc.dictionary(fc.constantFrom('px', 'title', 'path', 'q'), fc.oneof(fc.integer({ min: 0, max: 10 }), fc.constantFrom('crack', 'a'), fc.record({ min: fc.integer({ min: 0, max: 5 }), max: fc.integer({ min: 5, max: 10 }) })), { minKeys: 1, maxKeys: 2 }),
    { nil: undefined },
  );

  it('expected + args and the one-step expect give the same verdict on any answer', () => {
    fc.assert(
      fc.property(fc.constantFrom(...Object.keys(schemas)), arbExpectation, fc.option(fc.array(fc.constantFrom(...names), { maxLength: 2 }), { nil: undefined }), fc.array(arbCall, { maxLength: 5 }), (tool, args, forbid, calls) => {
        const f = forbid ? { forbid: forbid.filter((n) => n !== tool) } : {};
        const single = judge({ expected: tool, ...(args ? { args } : {}), ...f }, calls);
        const step = judge({ expected: tool, expect: [{ name: tool, ...(args ? { args } : {}) }], ...f }, calls);
        expect(step).toEqual(single);
      }),
      { numRuns: 2000 },
    );
  });

  it.each([
    ['a look at the state, then the read-only expected query', 'search_users', [call('list_users'), call('search_users', { q: 'r' })], 'correct', true],
    ['a look, then the command', 'set_point_size', [call('read_file', { path: 's' }), call('set_point_size', { px: 2 })], 'correct', true],
    ['two looks, the command, a look', 'create_finding', [call('list_users'), call('read_file', { path: 'a' }), call('create_finding', { title: 't' }), call('list_users')], 'correct', true],
    ['only looks', 'create_finding', [call('list_users')], 'wrong_tool', false],
    ['a write first', 'set_point_size', [call('write_file', { path: 'p', content: 'c' }), call('set_point_size', { px: 2 })], 'extra_calls', false],
  ] as const)('seed 004, both forms: %s (%s)', (_what, tool, calls, kind, pass) => {
    for (const c of [{ expected: tool }, { expected: tool, expect: [{ name: tool }] }]) expect(judge(c, [...calls])).toMatchObject({ kind, pass });
  });
});

describe('recordTrial', () => {
  it('records the answer, the permuted order and the verdict', () => {
    const server = { tools: Object.entries(schemas).map(([name, inputSchema]) => ({ name, inputSchema })) };
    const plan = planRun({ server, cases: [kase({ id: 'a', expected: 'list_users' })], model: 'm', settings: {}, seed: 1, repeats: 2 });
    const jctx = judgeContext(plan, createArgChecker(plan.shown.map((e) => e.tool)));
    const rec = recordTrial(plan, jctx, plan.trials[1]!, answer([call('list_users')]), true);
    expect(rec).toMatchObject({ caseId: 'a', trialIndex: 1, cached: true, error: null, verdict: { kind: 'correct' } });
    expect(rec.order!.slice().sort()).toEqual(Object.keys(schemas).sort());
    const err = recordTrial(plan, jctx, plan.trials[0]!, { error: { code: 'rate_limited', message: '429' } });
    expect(err).toMatchObject({ calls: [], error: { code: 'rate_limited' }, verdict: { kind: 'error' } });
  });
});

describe('judgeTrial: invariants over random answers', () => {
  it('never passes an unscored or unselected tool case, and no-call cases pass exactly without calls', () => {
    const names = [...Object.keys(schemas), 'ghost'];
    const arbCall = fc.record({ name: fc.constantFrom(...names), args: fc.dictionary(fc.constantFrom('path', 'content', 'q', 'px', 'title'), fc.oneof(fc.string(), fc.integer())) }).map((c) => call(c.name, c.args));
    const arbCase = fc.record({
      expected: fc.option(fc.constantFrom(...Object.keys(schemas)), { nil: null }),
      forbid: fc.option(fc.array(fc.constantFrom(...names), { maxLength: 2 }), { nil: undefined }),
    });
    fc.assert(
      fc.property(arbCase, fc.array(arbCall, { maxLength: 4 }), fc.boolean(), (c, calls, truncated) => {
        const v = judgeTrial(kase({ expected: c.expected, ...(c.forbid ? { forbid: c.forbid } : {}) }), answer(calls, truncated), ctx);
        if (truncated) expect(v).toMatchObject({ kind: 'truncated', scored: false, pass: false });
        if (v.pass) {
          expect(v.scored).toBe(true);
          expect(v.forbiddenCalled).toEqual([]);
          if (c.expected === null) expect(calls).toEqual([]);
          else expect(v.selected).toBe(true);
        }
        if (!truncated && c.expected === null && !(c.forbid ?? []).some((f) => calls.some((k) => k.name === f))) expect(v.pass).toBe(calls.length === 0);
        if (c.expected !== null && !truncated) expect(v.selected).not.toBeNull();
      }),
    );
  });
});
