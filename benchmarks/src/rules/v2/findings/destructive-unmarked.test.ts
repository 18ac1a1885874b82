import { describe, expect, it } from 'vitest';
import { runToolRule, tool } from '../test/helpers.js';
import { destructiveUnmarked } from './destructive-unmarked.js';

const description = 'Deletes a branch from the remote repository; this cannot be undone.';

describe('destructive_unmarked', () => {
  it('fires for a destructive verb in the name without destructiveHint', async () => {
    expect(await runToolRule(destructiveUnmarked, tool({ name: 'delete_branch', description }))).toEqual([
      {
        code: 'destructive_unmarked',
        severity: 'required',
        tool: 'delete_branch',
        message: 'looks destructive ("delete") but has no destructiveHint',
        fields: ['annotations.destructiveHint'],
        data: { verb: 'delete' },
      },
    ]);
  });

  it('fires when other annotations exist but destructiveHint does not', async () => {
    const out = await runToolRule(destructiveUnmarked, tool({ name: 'drop_table', description: 'Drops a table.', annotations: { readOnlyHint: false } }));
    expect(out.map((f) => f.data)).toEqual([{ verb: 'drop' }]);
  });

  it('reads the first word of an English description when the name is neutral', async () => {
    const out = await runToolRule(destructiveUnmarked, tool({ name: 'branch_cleanup', description: 'Removes merged branches from the remote.' }));
    expect(out.map((f) => f.data)).toEqual([{ verb: 'remove' }]);
  });

  it('reads the first sentence of a Japanese description', async () => {
    const out = await runToolRule(destructiveUnmarked, tool({ name: 'branch_cleanup', description: 'マージ済みのブランチを削除します。取り消せません。' }));
    expect(out.map((f) => f.data)).toEqual([{ verb: '削除' }]);
  });

  it('does not fire when destructiveHint is set (true or false: false is destructive_hint_false)', async () => {
    expect(await runToolRule(destructiveUnmarked, tool({ name: 'delete_branch', description, annotations: { destructiveHint: true } }))).toEqual([]);
    expect(await runToolRule(destructiveUnmarked, tool({ name: 'delete_branch', description, annotations: { destructiveHint: false } }))).toEqual([]);
  });

  // Issue 12 (class 5): a hint given as a string ("false") silenced destructive_unmarked.
  it('fires when destructiveHint is a string, not a boolean ("false", "true")', async () => {
    for (const value of ['false', 'true', 1]) {
      const out = await runToolRule(destructiveUnmarked, tool({ name: 'delete_branch', description, annotations: { destructiveHint: value } as Record<string, unknown> }));
      expect(out.map((f) => f.data), String(value)).toEqual([{ verb: 'delete' }]);
    }
  });

  it('reads the opening verb after an adverb or a label when the name has no verb', async () => {
    for (const d of ['Irreversibly removes merged branches.', '⚠️ Danger: Wipes the branch cache.', 'This tool permanently deletes merged branches.']) {
      const out = await runToolRule(destructiveUnmarked, tool({ name: 'branch_cleanup', description: d }));
      expect(out, d).toHaveLength(1);
    }
  });

  it('reads the description when the name’s verb is neutral (run_cleanup)', async () => {
    const out = await runToolRule(destructiveUnmarked, tool({ name: 'run_cleanup', description: 'Deletes temporary files older than a day.' }));
    expect(out.map((f) => f.data)).toEqual([{ verb: 'delete' }]);
  });

  it('does not fire for a read-only tool that merely mentions deletion later in the text', async () => {
    const out = await runToolRule(destructiveUnmarked, tool({ name: 'list_branches', description: 'Lists branches, including those scheduled to be deleted.' }));
    expect(out).toEqual([]);
  });
});
