import { describe, expect, it } from 'vitest';
import { EvalError } from './errors.js';
import { casesToTaskSet, parseTaskSet, promptLanguage, stringifyTaskSet, taskSetToCases } from './task-set.js';

const errorOf = (text: string): EvalError => {
  try {
    parseTaskSet(text);
  } catch (e) {
    if (e instanceof EvalError) return e;
    throw e;
  }
  throw new Error('no error');
};

const GOOD = `version: 1
tiers:
  read: { readOnly: true }
tasks:
  - id: users.list
    prompt: 'Show me all the users'
    expected: list_users
    tier: read
  - id: det-point-bigger
    prompt: 点が細かすぎるので大きくして
    expected: set_point_size
    args: { px: { min: 1 } }
  - id: fd-no-autopublish
    prompt: ひび割れの所見を起票して
    expected: create_finding
    expect:
      - name: create_finding
        args: { title: { oneOf: [ひび割れ, crack] } }
    forbid: [publish_finding]
  - id: distractor.joke
    prompt: Tell me a joke
    expected: null
    tags: [chit-chat]
`;

describe('parseTaskSet', () => {
  it('reads tasks with every extension and turns them into cases', () => {
    const set = parseTaskSet(GOOD);
    expect(set.tasks).toHaveLength(4);
    const cases = taskSetToCases(set);
    expect(cases.map((c) => [c.id, c.language, c.expected])).toEqual([
      ['users.list', 'en', 'list_users'],
      ['det-point-bigger', 'ja', 'set_point_size'],
      ['fd-no-autopublish', 'ja', 'create_finding'],
      ['distractor.joke', 'en', null],
    ]);
    expect(cases[2]).toMatchObject({ kind: 'task', source: 'file', forbid: ['publish_finding'], expect: [{ name: 'create_finding' }] });
    expect(cases[1]!.args).toEqual({ px: { min: 1 } });
  });

  it('round-trips through YAML text, expected: null written out', () => {
    const set = parseTaskSet(GOOD);
    const text = stringifyTaskSet(set);
    expect(text).toContain('expected: null');
    expect(parseTaskSet(text)).toEqual(set);
    expect(parseTaskSet(stringifyTaskSet(casesToTaskSet(taskSetToCases(set))))).toMatchObject({ version: 1 });
  });

  it('accepts JSON', () => {
    expect(parseTaskSet('{"version":1,"tasks":[{"id":"a","prompt":"p","expected":null}]}').tasks).toHaveLength(1);
  });

  it('says where a YAML syntax error is', () => {
    const e = errorOf('version: 1\ntasks:\n  - id: a\n    prompt: [x\n');
    expect(e.code).toBe('invalid_task_set');
    expect(e.message).toMatch(/^YAML error at line \d+, column \d+/);
    expect(e.detail.line).toBeGreaterThan(1);
    expect(errorOf('version: 1\nversion: 2\ntasks: []\n').message).toMatch(/YAML error at line 2/);
  });

  it('names the task, the line and the field when a task is wrong', () => {
    const missing = errorOf('version: 1\ntasks:\n  - id: a\n    prompt: p\n    expected: x\n  - id: b\n    prompt: q\n');
    expect(missing.message).toBe('task "b", line 6: tasks[1].expected: "expected" is required (write expected: null when no tool should be called)');
    expect(missing.detail).toMatchObject({ taskId: 'b', line: 6, path: 'tasks[1].expected' });
    const typo = errorOf('version: 1\ntasks:\n  - id: a\n    prompt: p\n    expected: x\n    forbidd: [y]\n');
    expect(typo.message).toMatch(/task "a", line 6: tasks\[0\]: unknown key "forbidd" \(did you mean "forbid"\?\)/);
    const badType = errorOf('version: 1\ntasks:\n  - id: a\n    prompt: p\n    expected: 3\n');
    expect(badType.detail).toMatchObject({ line: 5, taskId: 'a' });
    expect(errorOf('version: 2\ntasks: []\n').message).toMatch(/line 1: version/);
    expect(errorOf('- just a list\n').message).toMatch(/file|expected object/);
    expect(errorOf('version: 1\ntasks:\n  - prompt: p\n    expected: null\n').message).toMatch(/task #1, line 3: tasks\[0\].id/);
  });

  it('refuses unknown keys anywhere in a task, naming the task id, the key and the nearest known key', () => {
    const task = (extra: string) => `version: 1\ntasks:\n  - id: t1\n    prompt: p\n    expected: create_finding\n${extra}`;
    const forbiden = errorOf(task('    forbiden: [publish_finding]\n'));
    expect(forbiden.message).toBe('task "t1", line 6: tasks[0]: unknown key "forbiden" (did you mean "forbid"?); allowed: id, prompt, expected, tags, tier, args, expect, forbid, language');
    expect(forbiden.detail).toMatchObject({ taskId: 't1', key: 'forbiden', line: 6 });
    // Inside an expect step: a misspelt "args" used to vanish, and with it the argument check.
    const step = errorOf(task('    expect:\n      - name: create_finding\n        arg: { title: crack }\n'));
    expect(step.message).toMatch(/^task "t1", line 8: tasks\[0\]\.expect\[0\]: unknown key "arg" \(did you mean "args"\?\); allowed: name, args$/);
    expect(step.detail).toMatchObject({ taskId: 't1', key: 'arg' });
    // Inside an argument expectation: a misspelt operator is not a literal object.
    const op = errorOf(task('    args: { px: { mni: 1 } }\n'));
    expect(op.message).toMatch(/task "t1", line 6: tasks\[0\]\.args\.px\.mni: unknown key "mni" \(did you mean "min"\?\)/);
    expect(errorOf(task('    args: { px: { min: 1, mx: 5 } }\n')).message).toMatch(/args\.px\.mx: unknown key "mx" \(did you mean "max"\?\); allowed: min, max: a range has only min and max/);
    expect(errorOf(task('    args: { px: { oneof: [1, 2] } }\n')).message).toMatch(/unknown key "oneof" \(did you mean "oneOf"\?\)/);
    expect(errorOf('version: 1\ntasks: []\ntiers: { read: { readonly: true } }\n').message).toMatch(/tiers\.read: unknown key "readonly" \(did you mean "readOnly"\?\)/);
    // A literal object whose keys are not near an operator is still a literal.
    expect(parseTaskSet(task('    args: { filter: { owner: rossi } }\n')).tasks[0]!.args).toEqual({ filter: { owner: 'rossi' } });
  });

  it('refuses expectations that cannot mean what they say: impossible ranges, non-numeric bounds, args beside expect', () => {
    const task = (extra: string, expected = 'set_point_size') => `version: 1\ntasks:\n  - id: t1\n    prompt: p\n    expected: ${expected}\n${extra}`;
    const range = errorOf(task('    args: { px: { min: 10, max: 2 } }\n'));
    expect(range.message).toBe('task "t1", line 6: tasks[0].args.px: impossible range: min 10 is greater than max 2 (no value can meet it)');
    expect(range.detail).toMatchObject({ problem: 'impossible_range' });
    expect(errorOf(task('    expect:\n      - name: set_point_size\n        args: { px: { min: 5, max: 1 } }\n')).message).toMatch(/tasks\[0\]\.expect\[0\]\.args\.px: impossible range/);
    expect(errorOf(task('    args: { px: { min: "1" } }\n')).message).toMatch(/args\.px\.min: min must be a number, got "1"/);
    expect(errorOf(task('    args: { px: 2 }\n    expect: [{ name: set_point_size }]\n')).message).toMatch(/args beside an expect sequence would be ignored/);
    expect(errorOf(task('    expect: [{ name: other }]\n')).message).toMatch(/expected tool "set_point_size" is not in its expect sequence/);
    expect(errorOf(task('    args: { px: 2 }\n', 'null')).message).toMatch(/expected is null but the task lists args/);
  });

  it('refuses oversized files and alias bombs', () => {
    expect(errorOf('x'.repeat(4 * 1024 * 1024 + 1)).message).toMatch(/larger than/);
    const bomb = ['a: &a [x,x,x,x,x,x,x,x,x,x]', ...Array.from({ length: 8 }, (_, i) => `${String.fromCharCode(98 + i)}: &${String.fromCharCode(98 + i)} [${Array(10).fill(`*${String.fromCharCode(97 + i)}`).join(',')}]`)].join('\n');
    expect(errorOf(bomb).message).toMatch(/YAML error/);
  });

  it('detects the prompt language', () => {
    expect(promptLanguage('標高で色分けして')).toBe('ja');
    expect(promptLanguage('colour by elevation')).toBe('en');
  });
});
