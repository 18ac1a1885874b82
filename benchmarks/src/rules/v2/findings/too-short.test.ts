import { describe, expect, it } from 'vitest';
import { T } from '../thresholds.js';
import { runToolRule, tool } from '../test/helpers.js';
import { tooShort } from './too-short.js';

describe('too_short', () => {
  it('is minor at 7 words (one below the threshold): a short complete sentence, with the real count', async () => {
    expect(T.minWords).toBe(8);
    const out = await runToolRule(tooShort, tool({ name: 'read_text', description: 'Reads a text file from the workspace.' }));
    expect(out).toEqual([
      {
        code: 'too_short',
        severity: 'minor',
        tool: 'read_text',
        message: 'description is too short (7 words)',
        fields: ['description'],
        data: { words: 7, minimum: 8 },
      },
    ]);
  });

  // Issue 12 (class 6): too_short was "required" on complete sentences.
  it('is required only below halfWords (3 words cannot say what and on what), minor from 4', async () => {
    expect(T.halfWords).toBe(4);
    const three = await runToolRule(tooShort, tool({ name: 'browser_dialog', description: 'Handle a dialog.' }));
    expect(three.map((f) => [f.severity, f.data.words])).toEqual([['required', 3]]);
    const four = await runToolRule(tooShort, tool({ name: 'browser_go', description: 'Navigate to a URL.' }));
    expect(four.map((f) => [f.severity, f.data.words])).toEqual([['minor', 4]]);
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
