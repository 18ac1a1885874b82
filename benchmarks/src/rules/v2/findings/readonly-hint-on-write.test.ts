import { describe, expect, it } from 'vitest';
import { runToolRule, tool } from '../test/helpers.js';
import { readonlyHintOnWrite } from './readonly-hint-on-write.js';

describe('readonly_hint_on_write', () => {
  it('fires for a write verb in the name marked readOnlyHint: true', async () => {
    const t = tool({ name: 'update_issue', description: 'Updates the title or body of an issue.', annotations: { readOnlyHint: true } });
    expect(await runToolRule(readonlyHintOnWrite, t)).toEqual([
      {
        code: 'readonly_hint_on_write',
        severity: 'required',
        tool: 'update_issue',
        message: 'name says "update" but readOnlyHint is true',
        fields: ['annotations.readOnlyHint', 'name'],
        data: { verb: 'update' },
      },
    ]);
  });

  it('also fires for a destructive verb and for camelCase names', async () => {
    const out = await runToolRule(readonlyHintOnWrite, tool({ name: 'deleteComment', annotations: { readOnlyHint: true } }));
    expect(out.map((f) => f.data)).toEqual([{ verb: 'delete' }]);
  });

  it('does not fire for a read verb marked read-only', async () => {
    expect(await runToolRule(readonlyHintOnWrite, tool({ name: 'list_issues', annotations: { readOnlyHint: true } }))).toEqual([]);
  });

  it('does not fire for a write verb that is not marked read-only', async () => {
    expect(await runToolRule(readonlyHintOnWrite, tool({ name: 'update_issue', annotations: { readOnlyHint: false } }))).toEqual([]);
    expect(await runToolRule(readonlyHintOnWrite, tool({ name: 'update_issue' }))).toEqual([]);
  });
});
