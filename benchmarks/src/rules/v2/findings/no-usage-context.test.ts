import { describe, expect, it } from 'vitest';
import { lintV2, runToolRule, tool } from '../test/helpers.js';
import { noUsageContext } from './no-usage-context.js';

const check = (description: string, name = 'list_issues', siblings = [tool({ name: 'search_code' })]) =>
  runToolRule(noUsageContext, tool({ name, description }), siblings);

describe('no_usage_context', () => {
  it('is minor when the description says what but never when', async () => {
    const out = await check('Lists the issues of a repository with their labels and assignees.');
    expect(out).toEqual([
      { code: 'no_usage_context', severity: 'minor', tool: 'list_issues', message: 'nothing says when to use or not use this tool', fields: ['description'], data: { confusableWith: [] } },
    ]);
  });

  // Issue 12 (class 6): required on 73 % of all tools in v1. In v2 a name that extends a sibling's
  // (read_file / read_text_file) no longer makes it required either: on the labelled corpus that was right
  // on 10 of 72 tools (get_room / get_room_file, get_issue / get_issue_comments are told apart by name).
  it('is minor beside a sibling whose name extends its own', async () => {
    const out = await runToolRule(noUsageContext, tool({ name: 'get_room', description: 'Gets the settings of one chat room.' }), [
      tool({ name: 'get_room_file', description: 'Gets one file posted in a chat room.' }),
      tool({ name: 'write_file' }),
    ]);
    expect(out.map((f) => f.severity)).toEqual(['minor']);
  });

  // Where a sibling overlaps, the pair is the defect: confusable_pair is required and this finding names it.
  it('names the confusable sibling in a lint, and stays minor (the pair is reported at required)', async () => {
    const result = await lintV2([
      tool({ name: 'list_tickets', description: 'Lists tickets of a project with their status.' }),
      tool({ name: 'search_tickets', description: 'Searches tickets of a project by status.' }),
      tool({ name: 'get_weather', description: 'Gets the current weather for a city.' }),
    ]);
    const of = (name: string) => result.tools.find((t) => t.name === name)!.findings.filter((f) => f.code === 'no_usage_context');
    expect(of('list_tickets').map((f) => [f.severity, f.message, f.data])).toEqual([
      ['minor', 'nothing says when to use this tool rather than search_tickets, which a model may confuse it with (confusable_pair)', { confusableWith: ['search_tickets'] }],
    ]);
    expect(of('get_weather').map((f) => f.data)).toEqual([{ confusableWith: [] }]);
    expect(result.findings.filter((f) => f.code === 'confusable_pair').map((f) => [f.severity, f.data.tools])).toEqual([['required', ['list_tickets', 'search_tickets']]]);
  });

  it('is satisfied by a "when to use" cue', async () => {
    expect(await check('Lists the issues of a repository. Use this when the user asks what is open or assigned to them.')).toEqual([]);
  });

  it('is satisfied by a "when not to use" cue alone', async () => {
    expect(await check('Lists the issues of a repository. Do not use it for pull requests.')).toEqual([]);
  });

  // Issue 12 (class 4): explicit guidance was misread as none.
  it.each([
    'DEPRECATED: use list_items_v2 instead.',
    'When to use: triage of incoming bug reports.',
    'Imports rows one at a time. Use bulk_import instead for more than 100 rows.',
    'Lists the issues of a repository. Prefer search_issues when the user gives keywords.',
    'Lists the issues of a repository. For pull requests, use `list_pulls`.',
    'Lists the issues of a repository; better suited than search_code for open work.',
  ])('is satisfied by explicit guidance: %s', async (description) => {
    expect(await check(description)).toEqual([]);
  });

  it('is satisfied by naming a sibling tool', async () => {
    expect(await check('Lists the issues of a repository; search_code finds code.')).toEqual([]);
  });

  it('reads Japanese cues, with particles and endings between their parts', async () => {
    for (const description of [
      'リポジトリの課題を一覧表示します。未解決の課題を確認したいときに使います。',
      'リポジトリの課題を一覧表示します。トリアージの場合に限って使ってください。',
      'リポジトリの課題を一覧表示します。担当者の確認にとても便利です。',
      'リポジトリの課題を一覧表示します。プルリクエストには向いていません。',
      'リポジトリの課題を一覧表示します。キーワードがある場合は search_issues を使ってください。',
      '非推奨：代わりに list_items_v2 を使ってください。',
    ]) {
      expect(await check(description), description).toEqual([]);
    }
    expect(await check('リポジトリの課題を一覧表示します。')).toHaveLength(1);
  });

  it('does not fire without a description (no_description covers it)', async () => {
    expect(await runToolRule(noUsageContext, tool({ name: 'list_issues' }))).toEqual([]);
  });
});
