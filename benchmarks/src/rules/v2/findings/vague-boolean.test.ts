import { describe, expect, it } from 'vitest';
import { T } from '../thresholds.js';
import { objectSchema, runToolRule, tool } from '../test/helpers.js';
import { vagueBoolean } from './vague-boolean.js';

describe('vague_boolean', () => {
  it('reports every vague boolean of a tool in one finding', async () => {
    expect(T.booleanMinWords).toBe(4);
    const t = tool({
      name: 'list_files',
      inputSchema: objectSchema({
        recursive: { type: 'boolean' },
        hidden: { type: 'boolean', description: 'Include hidden' },
        follow: { type: 'boolean', description: 'If true, follow symbolic links.' },
        path: { type: 'string' },
      }),
    });
    expect(await runToolRule(vagueBoolean, t)).toEqual([
      {
        code: 'vague_boolean',
        severity: 'minor',
        tool: 'list_files',
        message: 'meaning of boolean parameters hidden, recursive is unclear',
        fields: ['inputSchema.properties.hidden', 'inputSchema.properties.recursive'],
        data: { parameters: ['hidden', 'recursive'] },
      },
    ]);
  });

  it('uses the singular for one parameter', async () => {
    const out = await runToolRule(vagueBoolean, tool({ name: 'list_files', inputSchema: objectSchema({ recursive: { type: 'boolean', description: 'Recursive.' } }) }));
    expect(out.map((f) => f.message)).toEqual(['meaning of boolean parameter recursive is unclear']);
  });

  it('accepts 4 words without a cue, but not 3', async () => {
    const four = await runToolRule(vagueBoolean, tool({ inputSchema: objectSchema({ hidden: { type: 'boolean', description: 'Include hidden dot files' } }) }));
    expect(four).toEqual([]);
    const three = await runToolRule(vagueBoolean, tool({ inputSchema: objectSchema({ hidden: { type: 'boolean', description: 'Include hidden files' } }) }));
    expect(three.map((f) => f.data)).toEqual([{ parameters: ['hidden'] }]);
  });

  it('accepts a short description that says what true/false does, in English or Japanese', async () => {
    for (const description of ['Whether to recurse', 'Defaults to false.', '再帰するかどうか']) {
      const out = await runToolRule(vagueBoolean, tool({ inputSchema: objectSchema({ recursive: { type: 'boolean', description } }) }));
      expect(out, description).toEqual([]);
    }
  });

  it('ignores nullable booleans typed as a union with another type, and non-booleans', async () => {
    const t = tool({ inputSchema: objectSchema({ flag: { type: ['boolean', 'string'] }, n: { type: 'integer' } }) });
    expect(await runToolRule(vagueBoolean, t)).toEqual([]);
    const nullable = await runToolRule(vagueBoolean, tool({ inputSchema: objectSchema({ flag: { type: ['boolean', 'null'] } }) }));
    expect(nullable.map((f) => f.data)).toEqual([{ parameters: ['flag'] }]);
  });
});
