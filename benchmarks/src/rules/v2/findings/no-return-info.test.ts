import { describe, expect, it } from 'vitest';
import { runToolRule, tool } from '../test/helpers.js';
import { noReturnInfo } from './no-return-info.js';

describe('no_return_info', () => {
  it('fires without outputSchema and without a returns cue', async () => {
    const t = tool({ name: 'create_issue', description: 'Creates an issue in the given repository.' });
    expect(await runToolRule(noReturnInfo, t)).toEqual([
      { code: 'no_return_info', severity: 'minor', tool: 'create_issue', message: 'nothing says what comes back', fields: ['outputSchema', 'description'], data: {} },
    ]);
  });

  it('fires without any description either', async () => {
    expect((await runToolRule(noReturnInfo, tool({ name: 'create_issue' }))).map((f) => f.code)).toEqual(['no_return_info']);
  });

  it('is satisfied by an outputSchema', async () => {
    const t = tool({ description: 'Creates an issue in the given repository.', outputSchema: { type: 'object', properties: { number: { type: 'integer' } } } });
    expect(await runToolRule(noReturnInfo, t)).toEqual([]);
  });

  it('is satisfied by an English or a Japanese returns cue', async () => {
    expect(await runToolRule(noReturnInfo, tool({ description: 'Creates an issue and returns its number and URL.' }))).toEqual([]);
    expect(await runToolRule(noReturnInfo, tool({ description: '課題を作成し、その番号とURLを返します。' }))).toEqual([]);
  });
});
