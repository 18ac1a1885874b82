import { describe, expect, it } from 'vitest';
import { runToolRule, tool } from '../test/helpers.js';
import { noConstraints } from './no-constraints.js';

describe('no_constraints', () => {
  it('fires with no behaviour hints and no word on limits', async () => {
    const t = tool({ name: 'search_docs', description: 'Searches the documentation for a phrase.' });
    expect(await runToolRule(noConstraints, t)).toEqual([
      {
        code: 'no_constraints',
        severity: 'minor',
        tool: 'search_docs',
        message: 'no annotations and no word of limits, side effects, auth or rate limits',
        fields: ['annotations', 'description'],
        data: {},
      },
    ]);
  });

  it('still fires when annotations hold only a title or openWorldHint (not behaviour hints)', async () => {
    const t = tool({ name: 'search_docs', description: 'Searches the documentation for a phrase.', annotations: { title: 'Search', openWorldHint: true } });
    expect((await runToolRule(noConstraints, t)).map((f) => f.code)).toEqual(['no_constraints']);
  });

  it('is satisfied by one behaviour hint', async () => {
    for (const annotations of [{ readOnlyHint: true }, { destructiveHint: false }, { idempotentHint: true }]) {
      expect(await runToolRule(noConstraints, tool({ description: 'Searches the documentation.', annotations }))).toEqual([]);
    }
  });

  it('is satisfied by a word on limits or effects, in English or Japanese', async () => {
    expect(await runToolRule(noConstraints, tool({ description: 'Searches the documentation; returns at most 20 hits.' }))).toEqual([]);
    expect(await runToolRule(noConstraints, tool({ description: 'Requires an API key with read access.' }))).toEqual([]);
    expect(await runToolRule(noConstraints, tool({ description: 'ドキュメントを検索します。結果は最大20件です。' }))).toEqual([]);
  });
});
