import { describe, expect, it } from 'vitest';
import { T } from '../thresholds.js';
import { distinctTools, runServerRule } from '../test/helpers.js';
import { tooManyTools } from './too-many-tools.js';

describe('too_many_tools', () => {
  it('is required at 41 tools, with the count', async () => {
    expect(T.tooManyTools).toBe(40);
    expect(await runServerRule(tooManyTools, distinctTools(41))).toEqual([
      {
        code: 'too_many_tools',
        severity: 'required',
        message: '41 tools: above 40, models select less accurately',
        fields: [],
        data: { tools: 41, maximum: 40 },
      },
    ]);
  });

  it('does not fire at exactly 40 tools, nor at 26', async () => {
    expect(await runServerRule(tooManyTools, distinctTools(40))).toEqual([]);
    expect(await runServerRule(tooManyTools, distinctTools(26))).toEqual([]);
  });

  it('fires at the 200-tool input limit', async () => {
    expect((await runServerRule(tooManyTools, distinctTools(200))).map((f) => f.data)).toEqual([{ tools: 200, maximum: 40 }]);
  });
});
