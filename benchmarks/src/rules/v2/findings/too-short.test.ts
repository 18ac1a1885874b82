import { describe, expect, it } from 'vitest';
import { T } from '../thresholds.js';
import { runToolRule, tool } from '../test/helpers.js';
import { tooShort } from './too-short.js';

describe('too_short', () => {
  it('fires at 7 words (one below the threshold) with the real count', async () => {
    expect(T.minWords).toBe(8);
    const out = await runToolRule(tooShort, tool({ name: 'read_text', description: 'Reads a text file from the workspace.' }));
    expect(out).toEqual([
      {
        code: 'too_short',
        severity: 'required',
        tool: 'read_text',
        message: 'description is too short (7 words)',
        fields: ['description'],
        data: { words: 7, minimum: 8 },
      },
    ]);
  });

  it('does not fire at exactly 8 words', async () => {
    expect(await runToolRule(tooShort, tool({ name: 'read_text', description: 'Reads a text file from the workspace disk.' }))).toEqual([]);
  });

  it('counts Japanese words with the segmenter, not characters or spaces', async () => {
    // 7 segments: ワークスペース / から / テキスト / ファイル / を / 読み込み / ます
    const out = await runToolRule(tooShort, tool({ name: 'read_text', description: 'ワークスペースからテキストファイルを読み込みます。' }));
    expect(out).toHaveLength(1);
    expect(out[0]!.data).toEqual({ words: 7, minimum: 8 });
    const longer = await runToolRule(tooShort, tool({ name: 'read_text', description: 'ワークスペースからUTF-8のテキストファイルを読み込みます。' }));
    expect(longer).toEqual([]);
  });

  it('leaves a restated name to restates_name (no double report)', async () => {
    expect(await runToolRule(tooShort, tool({ name: 'read_file', description: 'Reads a file.' }))).toEqual([]);
  });

  it('does not fire without a description (that is no_description)', async () => {
    expect(await runToolRule(tooShort, tool({ name: 'read_text' }))).toEqual([]);
  });
});
