import { describe, expect, it } from 'vitest';
import { runCategory, tool } from '../test/helpers.js';
import { returns } from './returns.js';

describe('returns (15)', () => {
  it('gives 15 for an outputSchema, whatever the description says', async () => {
    const t = tool({ name: 'get_user', description: 'Gets a user.', outputSchema: { type: 'object', properties: { id: { type: 'string' } } } });
    expect(await runCategory(returns, t)).toEqual({ points: 15, max: 15, notes: ['outputSchema present (+15)'] });
  });

  it('gives 10 when the description says what comes back', async () => {
    for (const description of ['Gets a user and returns the profile with its email.', 'Gets a user; the response contains the profile.', 'ユーザーを取得し、プロフィールを返します。']) {
      expect(await runCategory(returns, tool({ name: 'get_user', description })), description).toEqual({
        points: 10,
        max: 15,
        notes: ['description says what comes back (+10)'],
      });
    }
  });

  it('gives 0 when nothing says what comes back', async () => {
    expect(await runCategory(returns, tool({ name: 'get_user', description: 'Gets a user by id from the directory.' }))).toEqual({
      points: 0,
      max: 15,
      notes: ['nothing says what comes back (+0)'],
    });
  });

  it('does not read a returns cue in a word that only contains it ("returnable")', async () => {
    expect((await runCategory(returns, tool({ name: 'get_order', description: 'Gets an order and marks it returnable.' }))).points).toBe(0);
  });

  it('reads passive and "the response contains" forms in Japanese as in English', async () => {
    for (const [en, ja] of [
      ['Gets an order. The order is returned as JSON.', '注文を取得します。注文はJSONで返されます。'],
      ['Gets an order. The response contains its lines.', '注文を取得します。レスポンスには明細が含まれます。'],
    ]) {
      expect((await runCategory(returns, tool({ name: 'get_order', description: en! }))).points, en).toBe(10);
      expect((await runCategory(returns, tool({ name: 'get_order', description: ja! }))).points, ja).toBe(10);
    }
  });
});
