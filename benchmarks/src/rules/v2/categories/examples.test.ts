import { describe, expect, it } from 'vitest';
import { objectSchema, runCategory, tool } from '../test/helpers.js';
import { examples } from './examples.js';

describe('examples (10)', () => {
  it('gives 10 for an example in the description', async () => {
    const t = tool({ name: 'search_code', description: 'Searches code, e.g. "useEffect lang:ts".' });
    expect(await runCategory(examples, t)).toEqual({ points: 10, max: 10, notes: ['example in the description (+10)'] });
    expect((await runCategory(examples, tool({ description: 'コードを検索します。例えば「useEffect」。' }))).points).toBe(10);
  });

  it("gives 10 for a parameter's examples / example, naming the parameter", async () => {
    const t = tool({ description: 'Searches code.', inputSchema: objectSchema({ limit: { type: 'integer' }, query: { type: 'string', examples: ['useEffect'] } }) });
    expect(await runCategory(examples, t)).toEqual({ points: 10, max: 10, notes: ['example on parameter query (+10)'] });
    const single = tool({ description: 'Searches code.', inputSchema: objectSchema({ query: { type: 'string', example: 'useEffect' } }) });
    expect((await runCategory(examples, single)).points).toBe(10);
  });

  it("gives 10 for an example cue in a parameter's description", async () => {
    const t = tool({ description: 'Searches code.', inputSchema: objectSchema({ query: { type: 'string', description: 'Search text, for example "useEffect".' } }) });
    expect((await runCategory(examples, t)).notes).toEqual(['example on parameter query (+10)']);
  });

  it('gives 0 without any example (a default is not an example)', async () => {
    const t = tool({ description: 'Searches code.', inputSchema: objectSchema({ limit: { type: 'integer', default: 10, description: 'Most hits.' } }) });
    expect(await runCategory(examples, t)).toEqual({ points: 0, max: 10, notes: ['no example (+0)'] });
  });

  it('reads an example in a variant of a parameter (anyOf) and in Japanese (例, 使用例), not 例外 (exception)', async () => {
    const variant = tool({ description: 'Searches code.', inputSchema: objectSchema({ q: { anyOf: [{ type: 'string', examples: ['useEffect'] }, { type: 'null' }] } }) });
    expect((await runCategory(examples, variant)).points).toBe(10);
    expect((await runCategory(examples, tool({ description: 'コードを検索します。使用例：useEffect の定義を探す。' }))).points).toBe(10);
    expect((await runCategory(examples, tool({ description: 'コードを検索します。見つからない場合は例外を投げます。' }))).points).toBe(0);
  });
});
