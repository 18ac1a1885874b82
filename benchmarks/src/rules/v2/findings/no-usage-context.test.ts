import { describe, expect, it } from 'vitest';
import { runToolRule, tool } from '../test/helpers.js';
import { noUsageContext } from './no-usage-context.js';

describe('no_usage_context', () => {
  it('fires when the description says what but never when', async () => {
    const out = await runToolRule(noUsageContext, tool({ name: 'list_issues', description: 'Lists the issues of a repository with their labels and assignees.' }));
    expect(out).toEqual([
      { code: 'no_usage_context', severity: 'required', tool: 'list_issues', message: 'nothing says when to use or not use this tool', fields: ['description'], data: {} },
    ]);
  });

  it('is satisfied by a "when to use" cue', async () => {
    const description = 'Lists the issues of a repository. Use this when the user asks what is open or assigned to them.';
    expect(await runToolRule(noUsageContext, tool({ name: 'list_issues', description }))).toEqual([]);
  });

  it('is satisfied by a "when not to use" cue alone', async () => {
    const description = 'Lists the issues of a repository. Do not use it for pull requests.';
    expect(await runToolRule(noUsageContext, tool({ name: 'list_issues', description }))).toEqual([]);
  });

  it('reads Japanese cues', async () => {
    expect(await runToolRule(noUsageContext, tool({ name: 'list_issues', description: 'リポジトリの課題を一覧表示します。未解決の課題を確認したいときに使います。' }))).toEqual([]);
    expect(await runToolRule(noUsageContext, tool({ name: 'list_issues', description: 'リポジトリの課題を一覧表示します。' }))).toHaveLength(1);
  });

  it('does not fire without a description (no_description covers it)', async () => {
    expect(await runToolRule(noUsageContext, tool({ name: 'list_issues' }))).toEqual([]);
  });
});
