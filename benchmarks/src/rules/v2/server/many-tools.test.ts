import { describe, expect, it } from 'vitest';
import { T } from '../thresholds.js';
import { distinctTools, runServerRule } from '../test/helpers.js';
import { manyTools } from './many-tools.js';

describe('many_tools', () => {
  it('is minor at 26 tools, with the count', async () => {
    expect(T.manyTools).toBe(25);
    expect(await runServerRule(manyTools, distinctTools(26))).toEqual([
      {
        code: 'many_tools',
        severity: 'minor',
        message: '26 tools: above 25, models start to struggle to tell them apart',
        fields: [],
        data: { tools: 26, maximum: 25 },
      },
    ]);
  });

  it('does not fire at exactly 25 tools', async () => {
    expect(await runServerRule(manyTools, distinctTools(25))).toEqual([]);
  });

  it('still fires at 40 and gives way to too_many_tools at 41', async () => {
    expect((await runServerRule(manyTools, distinctTools(40))).map((f) => f.data)).toEqual([{ tools: 40, maximum: 25 }]);
    expect(await runServerRule(manyTools, distinctTools(41))).toEqual([]);
  });
});
