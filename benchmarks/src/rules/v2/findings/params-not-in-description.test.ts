import { describe, expect, it } from 'vitest';
import { T } from '../thresholds.js';
import { objectSchema, runToolRule, tool } from '../test/helpers.js';
import { paramsNotInDescription } from './params-not-in-description.js';

const threeParams = objectSchema({ path: { type: 'string' }, start: { type: 'integer' }, end: { type: 'integer' } });

describe('params_not_in_description', () => {
  it('fires with three parameters none of which the description names', async () => {
    expect(T.paramsMentionMin).toBe(3);
    const t = tool({ name: 'read_lines', description: 'Reads lines of a text document and returns them.', inputSchema: threeParams });
    expect(await runToolRule(paramsNotInDescription, t)).toEqual([
      {
        code: 'params_not_in_description',
        severity: 'minor',
        tool: 'read_lines',
        message: '3 parameters and the description mentions none of them',
        fields: ['description'],
        data: { parameters: ['end', 'path', 'start'] },
      },
    ]);
  });

  it('does not fire with two parameters (below the minimum)', async () => {
    const t = tool({ description: 'Reads lines of a text document and returns them.', inputSchema: objectSchema({ path: { type: 'string' }, start: { type: 'integer' } }) });
    expect(await runToolRule(paramsNotInDescription, t)).toEqual([]);
  });

  it('does not fire when one parameter is named (case-insensitive)', async () => {
    const t = tool({ description: 'Reads lines of the document at PATH and returns them.', inputSchema: threeParams });
    expect(await runToolRule(paramsNotInDescription, t)).toEqual([]);
  });

  it('accepts a snake_case parameter written with spaces ("max results" for max_results)', async () => {
    const t = tool({
      description: 'Searches the index and returns at most max results hits.',
      inputSchema: objectSchema({ max_results: { type: 'integer' }, q_text: { type: 'string' }, sort_key: { type: 'string' } }),
    });
    expect(await runToolRule(paramsNotInDescription, t)).toEqual([]);
  });

  it('does not fire without a description (no_description covers it)', async () => {
    expect(await runToolRule(paramsNotInDescription, tool({ inputSchema: threeParams }))).toEqual([]);
  });
});
