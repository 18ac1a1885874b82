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

  // Issue 12 (class 5): start_*/run_* were read as writes, so every read-only such tool was called wrong.
  it.each(['run_query', 'start_trace', 'execute_readonly_sql', 'exec_report'])('does not fire for %s marked read-only (a neutral verb)', async (name) => {
    expect(await runToolRule(readonlyHintOnWrite, tool({ name, annotations: { readOnlyHint: true } }))).toEqual([]);
  });

  it('still fires when a write verb follows an HTTP method prefix (API-post-page) but not for API-post-search', async () => {
    expect((await runToolRule(readonlyHintOnWrite, tool({ name: 'API-post-page', annotations: { readOnlyHint: true } }))).map((f) => f.data)).toEqual([{ verb: 'post' }]);
    expect(await runToolRule(readonlyHintOnWrite, tool({ name: 'API-post-search', annotations: { readOnlyHint: true } }))).toEqual([]);
  });

  it('does not fire for a read verb marked read-only', async () => {
    expect(await runToolRule(readonlyHintOnWrite, tool({ name: 'list_issues', annotations: { readOnlyHint: true } }))).toEqual([]);
  });

  it('does not fire for a write verb that is not marked read-only', async () => {
    expect(await runToolRule(readonlyHintOnWrite, tool({ name: 'update_issue', annotations: { readOnlyHint: false } }))).toEqual([]);
    expect(await runToolRule(readonlyHintOnWrite, tool({ name: 'update_issue' }))).toEqual([]);
  });
});
