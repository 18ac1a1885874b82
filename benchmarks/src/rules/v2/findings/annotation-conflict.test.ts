import { describe, expect, it } from 'vitest';
import { runToolRule, tool } from '../test/helpers.js';
import { annotationConflict } from './annotation-conflict.js';

describe('annotation_conflict', () => {
  it('fires when readOnlyHint and destructiveHint are both true', async () => {
    const t = tool({ name: 'get_status', description: 'Gets the build status.', annotations: { readOnlyHint: true, destructiveHint: true } });
    expect(await runToolRule(annotationConflict, t)).toEqual([
      {
        code: 'annotation_conflict',
        severity: 'required',
        tool: 'get_status',
        message: 'readOnlyHint and destructiveHint are both true',
        fields: ['annotations.readOnlyHint', 'annotations.destructiveHint'],
        data: {},
      },
    ]);
  });

  it('does not fire for consistent hints', async () => {
    for (const annotations of [{ readOnlyHint: true, destructiveHint: false }, { readOnlyHint: false, destructiveHint: true }, { readOnlyHint: true }, {}]) {
      expect(await runToolRule(annotationConflict, tool({ name: 'get_status', annotations }))).toEqual([]);
    }
  });

  it('requires real booleans: the strings "true" do not count', async () => {
    const t = tool({ name: 'get_status', annotations: { readOnlyHint: 'true', destructiveHint: 'true' } as Record<string, unknown> });
    expect(await runToolRule(annotationConflict, t)).toEqual([]);
  });
});
