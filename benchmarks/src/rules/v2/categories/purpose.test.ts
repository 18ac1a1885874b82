import { describe, expect, it } from 'vitest';
import { runCategory, tool } from '../test/helpers.js';
import { purpose } from './purpose.js';

const score = async (description: string | undefined, name = 'read_text') =>
  runCategory(purpose, tool(description === undefined ? { name } : { name, description }));

describe('purpose (20)', () => {
  it('gives full marks to a verb-first description of 8+ words that says more than the name', async () => {
    expect(await score('Reads a UTF-8 text file from the workspace and returns its lines.')).toEqual({
      points: 20,
      max: 20,
      notes: ['description present (+4)', '13 words (+6)', 'says what it does with a verb (+4)', 'more than a restatement of the name (+6)'],
    });
  });

  it('gives 0 without a description', async () => {
    expect(await score(undefined)).toEqual({ points: 0, max: 20, notes: ['no description'] });
    expect((await score('   ')).points).toBe(0);
  });

  it('caps a restated name at 4, however it is phrased', async () => {
    expect(await score('Reads a text.')).toEqual({ points: 4, max: 20, notes: ['description only restates the name: capped at 4'] });
    expect((await score('This tool reads the text', 'read_text')).points).toBe(4);
  });

  it('steps the length points: 8 words 6, 4–7 words 3, 3 words 0', async () => {
    // All start with a verb and say more than the name: 4 + length + 4 + 6.
    expect((await score('Reads a text file from the workspace disk.')).points).toBe(20); // 8 words
    expect((await score('Reads a text file from the workspace.')).points).toBe(17); // 7 words
    expect((await score('Reads the workspace notes.')).points).toBe(17); // 4 words
    expect((await score('Reads workspace notes.')).points).toBe(14); // 3 words
  });

  it('withholds 4 points when the description does not start with a verb', async () => {
    const out = await score('A text file reader for the workspace and its notes.');
    expect(out.points).toBe(16);
    expect(out.notes).toContain('does not start with a verb (+0)');
  });

  it('recognises third-person verbs ending in -es and -ies', async () => {
    expect((await score('Fetches the text file from the remote workspace share.')).points).toBe(20);
    expect((await score('Queries the workspace index for matching text files.')).points).toBe(20);
  });

  it('scores a Japanese description by its predicate and segmented length', async () => {
    const out = await score('ワークスペースからUTF-8のテキストファイルを読み込み、その行を返します。');
    expect(out.points).toBe(20);
    const noPredicate = await score('ワークスペースのテキストファイルの読み込み用ツール。');
    expect(noPredicate.points).toBe(16);
  });
});
