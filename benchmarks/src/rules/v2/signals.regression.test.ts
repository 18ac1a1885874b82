import { describe, expect, it } from 'vitest';
import { destructiveUnmarked } from './findings/destructive-unmarked.js';
import { readonlyHintOnWrite } from './findings/readonly-hint-on-write.js';
import { runToolRule, tool } from './test/helpers.js';

// Regression: any write or destructive token anywhere in the name decided, so get_commit / get_workflow_run
// (commit, run) looked like writes and send_password_reset_email (reset) looked destructive; a Japanese
// description mentioning 削除 anywhere in its first sentence ("deleted files in the trash") looked
// destructive. Now the first name token found in the read, write or destructive verb lists decides.

const readOnly = (name: string) => tool({ name, description: 'Does one thing with one item of the repository.', annotations: { readOnlyHint: true } });
const unmarked = (name: string, description = 'Does one thing with one item of the repository.') => tool({ name, description });

describe('readonly_hint_on_write: the leading verb decides', () => {
  it.each(['get_commit', 'get_workflow_run', 'list_commits', 'search_deployments', 'fetch_pull_request_merge_status', 'view_run'])(
    'not on %s with readOnlyHint true',
    async (name) => {
      expect(await runToolRule(readonlyHintOnWrite, readOnly(name))).toEqual([]);
    },
  );

  it('still on create_issue with readOnlyHint true', async () => {
    const out = await runToolRule(readonlyHintOnWrite, readOnly('create_issue'));
    expect(out.map((f) => f.code)).toEqual(['readonly_hint_on_write']);
    expect(out[0]!.data.verb).toBe('create');
  });
});

describe('destructive_unmarked: the leading verb decides', () => {
  it('not on send_password_reset_email (send is a write verb and comes first)', async () => {
    expect(await runToolRule(destructiveUnmarked, unmarked('send_password_reset_email', 'Sends a password reset email to the user.'))).toEqual([]);
  });

  it('not on get_reset_status (a read verb comes first)', async () => {
    expect(await runToolRule(destructiveUnmarked, unmarked('get_reset_status', 'Gets the status of a pending reset.'))).toEqual([]);
  });

  it.each([
    ['firecrawl_monitor_delete', 'Deletes a monitor of the crawler.'],
    ['delete_branch', 'Deletes a branch of the repository.'],
  ])('still on %s', async (name, description) => {
    const out = await runToolRule(destructiveUnmarked, unmarked(name, description));
    expect(out.map((f) => f.code)).toEqual(['destructive_unmarked']);
    expect(out[0]!.data.verb).toBe('delete');
  });

  it('not on a Japanese listing of deleted files (trash_items)', async () => {
    expect(await runToolRule(destructiveUnmarked, unmarked('trash_items', 'ゴミ箱内の削除済みファイルを一覧表示します。'))).toEqual([]);
  });

  it.each(['remove_it', 'file_tool_x'])('on a Japanese "deletes the file" description (tool %s)', async (name) => {
    const out = await runToolRule(destructiveUnmarked, unmarked(name, '指定したファイルを削除します。'));
    expect(out.map((f) => f.code)).toEqual(['destructive_unmarked']);
  });
});
