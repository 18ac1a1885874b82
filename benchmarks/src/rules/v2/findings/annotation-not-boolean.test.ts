import { describe, expect, it } from 'vitest';
import { lintV2, only, runToolRule, tool } from '../test/helpers.js';
import { annotationNotBoolean } from './annotation-not-boolean.js';

// Issue 12 (class 5): annotation hints given as strings ("false") were read as present.
describe('annotation_not_boolean', () => {
  it('lists every behaviour hint that is not a boolean, with its value', async () => {
    const t = tool({ name: 'delete_branch', annotations: { destructiveHint: 'false', readOnlyHint: 'true', idempotentHint: true, openWorldHint: 0, title: 'Delete' } as Record<string, unknown> });
    expect(await runToolRule(annotationNotBoolean, t)).toEqual([
      {
        code: 'annotation_not_boolean',
        severity: 'required',
        tool: 'delete_branch',
        message: 'behaviour hints that are not booleans (counted as absent): readOnlyHint "true", destructiveHint "false", openWorldHint 0',
        fields: ['annotations.readOnlyHint', 'annotations.destructiveHint', 'annotations.openWorldHint'],
        data: {
          hints: [
            { key: 'readOnlyHint', value: 'true' },
            { key: 'destructiveHint', value: 'false' },
            { key: 'openWorldHint', value: 0 },
          ],
        },
      },
    ]);
  });

  it('counts a string hint as absent: no constraint points, and destructive_unmarked fires', async () => {
    const r = await lintV2([tool({ name: 'delete_branch', description: 'Deletes a branch of the repository.', annotations: { destructiveHint: 'false' } as Record<string, unknown> })]);
    const t = r.tools[0]!;
    expect(t.categories.constraints.notes[0]).toBe('no behaviour annotations (+0)');
    expect(only(t.findings, 'destructive_unmarked')).toHaveLength(1);
    expect(only(t.findings, 'destructive_hint_false')).toHaveLength(0);
  });

  it('does not fire for boolean hints or without annotations', async () => {
    expect(await runToolRule(annotationNotBoolean, tool({ annotations: { readOnlyHint: true, destructiveHint: false } }))).toEqual([]);
    expect(await runToolRule(annotationNotBoolean, tool())).toEqual([]);
  });
});
