import { describe, expect, it } from 'vitest';
import { runCategory, tool } from '../test/helpers.js';
import { constraints } from './constraints.js';

describe('constraints (10)', () => {
  it('gives 10 for behaviour hints and a word on limits', async () => {
    const t = tool({ name: 'delete_file', description: 'Deletes a file permanently.', annotations: { destructiveHint: true } });
    expect(await runCategory(constraints, t)).toEqual({
      points: 10,
      max: 10,
      notes: ['readOnly/destructive/idempotent hints present (+5)', 'mentions limits, side effects, permissions or cost (+5)'],
    });
  });

  it('gives 5 for hints alone, and 5 for words alone', async () => {
    expect((await runCategory(constraints, tool({ description: 'Reads a file.', annotations: { idempotentHint: true } }))).points).toBe(5);
    expect((await runCategory(constraints, tool({ description: 'Reads a file of up to 5 MB.' }))).points).toBe(5);
    expect((await runCategory(constraints, tool({ description: 'ファイルを読み込みます。読み取り専用です。' }))).points).toBe(5);
  });

  it('gives 0 with neither (title and openWorldHint are not behaviour hints)', async () => {
    expect(await runCategory(constraints, tool({ description: 'Reads a file.', annotations: { title: 'Read', openWorldHint: false } }))).toEqual({
      points: 0,
      max: 10,
      notes: ['no behaviour annotations (+0)', 'no word on limits, side effects, permissions or cost (+0)'],
    });
  });

  // Fairness to Japanese (issue 12): each cue has its counterpart in the other language, and words as
  // common outside any limit as "only" or "the following" count in neither.
  it.each([
    ['Do not call this tool more than 3 times per question.', '1つの質問につき、このツールを4回以上呼び出さないでください。'],
    ['Files larger than 100 MB are rejected.', '100MBを超えるファイルは拒否されます。'],
    ['Safe to call at any time.', 'いつ呼び出しても安全です。'],
    ['Pages behind a login are not supported.', 'ログインが必要なページには対応していません。'],
    ['Costs one credit per page.', '1ページごとにコストがかかります。'],
  ])('counts "%s" and "%s" alike', async (en, ja) => {
    expect((await runCategory(constraints, tool({ description: en }))).points, en).toBe(5);
    expect((await runCategory(constraints, tool({ description: ja }))).points, ja).toBe(5);
  });

  it.each([
    ['Only the following fields are returned.', '以下のフィールドのみを返します。'],
    ['Call it once for each file.', 'ファイルごとに1回呼び出します。'],
  ])('counts neither "%s" nor "%s"', async (en, ja) => {
    expect((await runCategory(constraints, tool({ description: en }))).points, en).toBe(0);
    expect((await runCategory(constraints, tool({ description: ja }))).points, ja).toBe(0);
  });
});
