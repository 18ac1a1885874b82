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
});
