import { describe, expect, it } from 'vitest';
import { runCategory, tool } from '../test/helpers.js';
import { usage } from './usage.js';

// Regression: negated phrasings matched the "when to use" cues too ("do not USE IT FOR", "never CALL THIS
// tool", "not INTENDED FOR"), giving 15 points for a description that only says when NOT to use the tool;
// and the Japanese "only when" phrasings (場合にのみ使用します, ときだけ使います) were not "when" cues.

const score = async (description: string) => runCategory(usage, tool({ name: 'read_file', description }));

describe('usage: "not" phrasings are not "when to use"', () => {
  it.each([
    'Do not use it for pull requests.',
    'Do not use this when the file is binary.',
    'Never call this tool for directories.',
    'Not intended for large files.',
  ])('%j gives 5 (when-not only)', async (sentence) => {
    expect((await score(sentence)).points).toBe(5);
    expect((await score(`Reads one file from the workspace. ${sentence}`)).points).toBe(5);
  });

  it('"Use this when you need one file." still gives the when-to-use points', async () => {
    expect((await score('Use this when you need one file.')).points).toBe(10);
    expect((await score('Reads one file from the workspace. Use this when you need one file.')).points).toBe(10);
  });

  it('a negated sentence next to a real "when" sentence gives both (15)', async () => {
    expect((await score('Reads one file. Use this when you need one file. Do not use it for directories.')).points).toBe(15);
  });
});

describe('usage: Japanese "only when" is a when-to-use cue', () => {
  it.each([
    'ファイルを読み込みます。テキストファイルの場合にのみ使用します。',
    'ファイルを読み込みます。内容が必要なときだけ使います。',
  ])('%s', async (description) => {
    expect((await score(description)).points).toBeGreaterThanOrEqual(10);
  });
});
