import { describe, expect, it } from 'vitest';
import { cuesOf } from '../facts.js';
import { runCategory, tool } from '../test/helpers.js';
import { usage } from './usage.js';

const score = async (description: string, siblings = [tool({ name: 'search_code' }), tool({ name: 'get_file_contents' })]) =>
  runCategory(usage, tool({ name: 'search_issues', description }), siblings);

describe('usage (20)', () => {
  it('gives full marks for when, when not, and an alternative', async () => {
    const out = await score('Searches issues. Use this when the user asks about known bugs. Do not use it for code; use search_code instead.');
    expect(out).toEqual({
      points: 20,
      max: 20,
      notes: ['says when to use it (+10)', 'says when not to use it (+5)', 'names an alternative: search_code (+5)'],
    });
  });

  it('gives 0 when the description only says what the tool does', async () => {
    expect(await score('Searches the issues of a repository by keyword.')).toEqual({
      points: 0,
      max: 20,
      notes: ['nothing on when to use it (+0)', 'nothing on when not to use it (+0)', 'no alternative named (+0)'],
    });
  });

  it('gives 10 for "when" alone and 5 for "when not" alone', async () => {
    expect((await score('Searches issues. Useful for triage of incoming bug reports.')).points).toBe(10);
    expect((await score('Searches issues. Does not support pull requests.')).points).toBe(5);
    expect((await score('Searches issues. Avoid using it on pull requests.')).points).toBe(5);
  });

  it('counts an alternative named by a sibling tool name, or by a cue word', async () => {
    const bySibling = await score('Searches issues by keyword. For file contents, see get_file_contents.');
    expect(bySibling.points).toBe(5);
    expect(bySibling.notes[2]).toBe('names an alternative: get_file_contents (+5)');
    const byCue = await score('Searches issues by keyword rather than by number.');
    expect(byCue.notes[2]).toBe('names an alternative (+5)');
  });

  it('does not count a sibling name embedded in a longer identifier, or the tool naming itself', async () => {
    expect((await score('Searches issues; the results feed search_code_v2 pipelines.')).points).toBe(0);
    expect((await score('Searches issues. search_issues accepts a keyword.')).points).toBe(0);
  });

  // Issue 12 (class 4): "to use" inside a noun phrase is not a usage cue; explicit guidance is.
  it('does not read "the locale to use for dates" as a "when to use"', async () => {
    expect((await score('Formats a date. The locale to use for dates is taken from the profile.')).points).toBe(0);
    expect((await score('Formats a date. Which template to use for the body is up to the caller.')).points).toBe(0);
  });

  it.each([
    ['When to use: triage of incoming bug reports.', 10],
    ['Use when the user asks about known bugs.', 10],
    ['Searches issues. Great for finding duplicates before filing.', 10],
    ['DEPRECATED: use search_issues_v2 instead.', 10],
    ['Searches issues. Use bulk_export instead for more than 100 issues.', 10],
    ['Searches issues. Prefer list_milestones when the user names a milestone.', 10],
    ['Searches issues. Use this when the user asks about bugs; use search_code for code.', 20],
  ])('scores explicit guidance: %s → %i', async (description, points) => {
    expect((await score(description)).points).toBe(points);
  });

  it('does not count a negated "when to use" ("do not use it when …") as one', async () => {
    const out = await score('Searches issues. Do not use it when the user asks about code.');
    expect(out.notes.slice(0, 2)).toEqual(['nothing on when to use it (+0)', 'says when not to use it (+5)']);
  });

  it('reads Japanese cues with particles, adverbs and endings between their parts', async () => {
    for (const [description, points] of [
      ['課題を検索します。既知のバグを調べる場合に限って使ってください。', 10],
      ['課題を検索します。重複の確認にとても便利です。', 10],
      ['課題を検索します。コードの検索には向いていません。', 5],
      ['課題を検索します。コードを探す場合は代わりに search_code を使ってください。', 10],
      ['課題を検索します。コードではなく課題を探すときに使います。', 15],
    ] as const) {
      expect((await score(description)).points, description).toBe(points);
    }
  });

  it('reads Japanese cues for all three parts', async () => {
    const out = await score('課題を検索します。既知のバグについて尋ねられたときに使います。コードの検索には使わないでください。代わりに search_code を使ってください。');
    expect(out.points).toBe(20);
  });

  // The classes, in phrasings of their own: W = when to use, N = when not to, A = an alternative.
  it.each([
    ['If you need a single file, use this tool.', 'W--'],
    ['When you need many pages, use crawl_site.', '-NA'],
    ['Use crawl_site when you need many pages.', '-NA'],
    ['Use this instead of read_file for large files.', 'W-A'],
    ['Should only be used for drafts.', 'W--'],
    ['Avoid for files over 1 GB.', '-N-'],
    ['Obsolete; superseded by export_v2.', '-NA'],
    ['The template to use for the body is optional.', '---'],
    ['検索する前にこのツールを呼び出してください。', 'W--'],
    ['多数のページが必要な場合は crawl_site を使ってください。', '-NA'],
    ['read_file の代わりにこのツールを使ってください。', 'W-A'],
    ['下書きにのみ使用してください。', 'W--'],
    ['大きなファイルでは使用を避けてください。', '-N-'],
    ['大きなファイルには不向きです。', '-N-'],
    ['本文に使うテンプレートは任意です。', '---'],
  ])('reads "%s" as %s', (description, want) => {
    const c = cuesOf(description);
    expect(`${c.usageWhen ? 'W' : '-'}${c.usageWhenNot ? 'N' : '-'}${c.usageAlternative ? 'A' : '-'}`).toBe(want);
  });
});
