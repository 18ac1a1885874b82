import { describe, expect, it } from 'vitest';
import { runToolRule, tool } from '../test/helpers.js';
import { noUsageContext } from './no-usage-context.js';

const check = (description: string, name = 'list_issues', siblings = [tool({ name: 'search_code' })]) =>
  runToolRule(noUsageContext, tool({ name, description }), siblings);

describe('no_usage_context', () => {
  it('is minor when the description says what but never when, and no sibling has a close name', async () => {
    const out = await check('Lists the issues of a repository with their labels and assignees.');
    expect(out).toEqual([
      { code: 'no_usage_context', severity: 'minor', tool: 'list_issues', message: 'nothing says when to use or not use this tool', fields: ['description'], data: { namesakes: [] } },
    ]);
  });

  // Issue 12 (class 6): required on 73 % of all tools; now only where the names alone do not tell tools apart.
  it('is required when a sibling’s name extends this one’s with the same verb (read_file / read_text_file)', async () => {
    const out = await runToolRule(noUsageContext, tool({ name: 'read_file', description: 'Reads the complete contents of a file as text.' }), [
      tool({ name: 'read_text_file' }),
      tool({ name: 'write_file' }),
    ]);
    expect(out.map((f) => [f.severity, f.data, f.message])).toEqual([
      ['required', { namesakes: ['read_text_file'] }, 'nothing says when to use this tool rather than read_text_file, whose names are close to its own'],
    ]);
  });

  it('is minor when the longer name adds another verb (crawl / check_crawl_status), or names share only a namespace', async () => {
    const crawl = await runToolRule(noUsageContext, tool({ name: 'fc_crawl', description: 'Starts a crawl of a website and returns its pages.' }), [
      tool({ name: 'fc_check_crawl_status' }),
      tool({ name: 'fc_map' }),
      tool({ name: 'fc_scrape' }),
    ]);
    expect(crawl.map((f) => f.severity)).toEqual(['minor']);
    // "browser" is on every tool of a 4-tool surface: a namespace, not a shared meaning.
    const ns = await runToolRule(noUsageContext, tool({ name: 'browser_close', description: 'Closes the current page of the browser.' }), [
      tool({ name: 'browser_resize' }),
      tool({ name: 'browser_click' }),
      tool({ name: 'browser_type' }),
    ]);
    expect(ns.map((f) => f.severity)).toEqual(['minor']);
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
