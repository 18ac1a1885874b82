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
    expect(typo.message).toMatch(/task "a", line 3: tasks\[0\]: unknown key\(s\) "forbidd"/);
    const badType = errorOf('version: 1\ntasks:\n  - id: a\n    prompt: p\n    expected: 3\n');
    expect(badType.detail).toMatchObject({ line: 5, taskId: 'a' });
    expect(errorOf('version: 2\ntasks: []\n').message).toMatch(/line 1: version/);
    expect(errorOf('- just a list\n').message).toMatch(/file|expected object/);
    expect(errorOf('version: 1\ntasks:\n  - prompt: p\n    expected: null\n').message).toMatch(/task #1, line 3: tasks\[0\].id/);
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
