import { describe, expect, it } from 'vitest';
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

  it('reads Japanese cues for all three parts', async () => {
    const out = await score('課題を検索します。既知のバグについて尋ねられたときに使います。コードの検索には使わないでください。代わりに search_code を使ってください。');
    expect(out.points).toBe(20);
  });
});
