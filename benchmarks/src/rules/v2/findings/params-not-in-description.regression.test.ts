import { describe, expect, it } from 'vitest';
import { objectSchema, runToolRule, tool } from '../test/helpers.js';
import { paramsNotInDescription } from './params-not-in-description.js';

// Regression: camelCase names were not matched by their words ("filePath" by "file path"), while short
// names matched inside other words ("id" inside "provide").

const check = async (description: string, names: string[]) =>
  runToolRule(
    paramsNotInDescription,
    tool({ name: 'read_lines', description, inputSchema: objectSchema(Object.fromEntries(names.map((n) => [n, { type: 'string' }]))) }),
  );

describe('params_not_in_description: names matched as words', () => {
  it('camelCase filePath / startLine / endLine are mentioned by "file path", "start line", "end line"', async () => {
    const description = 'Reads the lines between the start line and the end line of the file at the given file path.';
    expect(await check(description, ['filePath', 'startLine', 'endLine'])).toEqual([]);
  });

  it('short names do not match inside words (id, ab, xy vs "Provide nothing useful here at all, really.")', async () => {
    const out = await check('Provide nothing useful here at all, really.', ['id', 'ab', 'xy']);
    expect(out.map((f) => f.code)).toEqual(['params_not_in_description']);
    expect(out[0]!.data.parameters).toEqual(['ab', 'id', 'xy']);
  });

  it('a short name written as a word still counts', async () => {
    expect(await check('Looks up the record by its id and returns it.', ['id', 'ab', 'xy'])).toEqual([]);
  });
});
