import { describe, expect, it } from 'vitest';
import type { Task, TaskSet } from '../contracts/eval.js';
import type { Surface } from '../contracts/tool.js';
import { lintTaskSet } from './task-lint.js';

const surface: Surface = {
  tools: [
    { name: 'list_users', inputSchema: { type: 'object', properties: {} }, annotations: { readOnlyHint: true } },
    { name: 'set_point_size', inputSchema: { type: 'object', properties: { px: { type: 'number', minimum: 1, maximum: 64 }, mode: { enum: ['a', 'b'] } }, required: ['px'] } },
    { name: 'publish', inputSchema: { type: 'object' } },
  ],
};
const t = (id: string, expected: string | null, over: Partial<Task> = {}): Task => ({ id, prompt: id, expected, ...over });
const good = (): TaskSet => ({
  version: 1,
  tasks: [
    ...[1, 2, 3].map((i) => t(`l${i}`, 'list_users', { tier: 'read' })),
    ...[1, 2, 3].map((i) => t(`p${i}`, 'set_point_size', { tier: 'det', args: { px: { min: 2, max: 10 } } })),
    ...[1, 2, 3].map((i) => t(`u${i}`, 'publish', { tier: 'guarded' })),
    t('n1', null, { tier: 'none' }),
    t('n2', null, { tier: 'none' }),
  ],
});
const codes = (set: TaskSet) => lintTaskSet(set, surface).problems.map((p) => p.code);

describe('lintTaskSet', () => {
  it('passes a sound set and counts it', () => {
    const r = lintTaskSet(good(), surface);
    expect(r.problems).toEqual([]);
    expect(r).toMatchObject({ ok: true, counts: { tasks: 11, noCall: 2, byTool: { list_users: 3, set_point_size: 3, publish: 3 } } });
  });

  it('finds duplicate ids, unknown tools in expected/expect/forbid', () => {
    const s = good();
    s.tasks.push(t('l1', 'ghost'), t('x', 'list_users', { expect: [{ name: 'list_users' }, { name: 'phantom' }], forbid: ['nope'] }));
    const r = lintTaskSet(s, surface);
    expect(r.ok).toBe(false);
    expect(r.problems.filter((p) => p.code === 'unknown_tool').map((p) => p.tool)).toEqual(['ghost', 'phantom', 'nope']);
    expect(codes(s)).toContain('duplicate_id');
  });

  it('checks expected arguments against the schema: literals, range ends, allowed values', () => {
    const s = good();
    s.tasks[3] = t('p1', 'set_point_size', { tier: 'det', args: { px: { min: 0, max: 100 } } });
    s.tasks[4] = t('p2', 'set_point_size', { tier: 'det', args: { mode: { oneOf: ['a', 'z'] } } });
    s.tasks[5] = t('p3', 'set_point_size', { tier: 'det', args: { px: 'big', colour: 'red' } });
    const r = lintTaskSet(s, surface);
    const fails = r.problems.filter((p) => p.code === 'args_fail_schema').map((p) => p.message);
    expect(fails).toHaveLength(4);
    expect(fails[0]).toMatch(/"px" = 0 fails the schema/);
    expect(fails[2]).toMatch(/"mode" = "z"/);
    expect(codes(s)).toContain('unknown_argument');
  });

  it('needs 3 cases per expected tool and 15 % no-call cases; warns on uncovered tools', () => {
    const s: TaskSet = { version: 1, tasks: [t('a', 'list_users'), t('b', 'list_users'), t('c', 'set_point_size')] };
    const r = lintTaskSet(s, surface);
    expect(r.problems.map((p) => [p.code, p.level, p.tool])).toEqual([
      ['too_few_cases', 'error', 'list_users'],
      ['too_few_cases', 'error', 'set_point_size'],
      ['tool_not_covered', 'warning', 'publish'],
      ['too_few_no_call', 'error', undefined],
    ]);
    expect(lintTaskSet(s, surface, { minCasesPerTool: 1, minNoCallShare: 0 }).ok).toBe(true);
  });

  it('checks tiers: declared, consistent with read-only annotations, present on all or none', () => {
    const s = good();
    s.tasks[6] = t('u1', 'publish', { tier: 'read' });
    expect(codes(s)).toContain('tier_inconsistent');
    const declared: TaskSet = { ...good(), tiers: { read: { readOnly: true }, det: {}, guarded: {} } };
    expect(lintTaskSet(declared, surface).problems.map((p) => [p.code, p.taskId])).toEqual([
      ['undeclared_tier', 'n1'],
      ['undeclared_tier', 'n2'],
    ]);
    const partly = good();
    delete partly.tasks[0]!.tier;
    expect(codes(partly)).toEqual(['tier_missing']);
  });

  it('counts tools named only inside expect steps toward the per-tool minimum, each task once per tool', () => {
    // Seed 004's shape: one case per command, the command named in its expect step.
    const steps = (id: string, name: string): Task => t(id, name, { expect: [{ name: 'list_users' }, { name }] });
    const s: TaskSet = { version: 1, tasks: [steps('a', 'publish'), steps('b', 'publish'), steps('c', 'set_point_size'), t('n', null)] };
    const r = lintTaskSet(s, surface, { minNoCallShare: 0 });
    expect(r.counts.byTool).toEqual({ publish: 2, set_point_size: 1, list_users: 3 });
    expect(r.problems.filter((p) => p.code === 'too_few_cases').map((p) => p.tool)).toEqual(['set_point_size', 'publish']);
    expect(r.problems.find((p) => p.tool === 'publish')?.message).toBe('publish has 2 task(s); at least 3 are needed for a rate worth reading (--min-cases-per-tool sets this)');
    // The minimum is a setting: one case per command is legitimate.
    expect(lintTaskSet(s, surface, { minCasesPerTool: 1, minNoCallShare: 0 }).ok).toBe(true);
  });

  it('finds impossible ranges and misspelt expectation keys (sets built in code, not only files)', () => {
    const s = good();
    s.tasks[3] = t('p1', 'set_point_size', { tier: 'det', args: { px: { min: 10, max: 2 } } });
    s.tasks[4] = t('p2', 'set_point_size', { tier: 'det', expect: [{ name: 'set_point_size', args: { px: { mni: 1 } } }] });
    const r = lintTaskSet(s, surface);
    expect(r.ok).toBe(false);
    expect(r.problems.filter((p) => p.code === 'impossible_range').map((p) => p.message)).toEqual(['task "p1": args.px: impossible range: min 10 is greater than max 2 (no value can meet it)']);
    expect(r.problems.filter((p) => p.code === 'unknown_key').map((p) => [p.taskId, p.message])).toEqual([
      ['p2', 'task "p2": expect[0].args.px.mni: unknown key "mni" (did you mean "min"?); allowed: min, max, oneOf, equals (a literal object is written { equals: … })'],
    ]);
  });

  it('finds inconsistent expectations', () => {
    const s = good();
    s.tasks.push(
      t('z1', null, { args: { a: 1 } }),
      t('z2', 'publish', { expect: [{ name: 'list_users' }] }),
      t('z3', 'publish', { forbid: ['publish'] }),
      t('z6', 'publish', { args: { a: 1 }, expect: [{ name: 'publish' }] }),
      t('z4', null),
      t('z5', null),
    );
    expect(codes(s).filter((c) => c === 'inconsistent_expectation')).toHaveLength(4);
  });
});
