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
        hidden: { type: 'boolean', description: 'Hidden files' },
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

  it('accepts 4 words without a cue, but not 3 that are not a verb phrase', async () => {
    const four = await runToolRule(vagueBoolean, tool({ inputSchema: objectSchema({ hidden: { type: 'boolean', description: 'Hidden dot files too' } }) }));
    expect(four).toEqual([]);
    const three = await runToolRule(vagueBoolean, tool({ inputSchema: objectSchema({ hidden: { type: 'boolean', description: 'Hidden dot files' } }) }));
    expect(three.map((f) => f.data)).toEqual([{ parameters: ['hidden'] }]);
  });

  // Issue 12 (class 6): vague_boolean fired on clearly described booleans ("Include archived teams").
  it('accepts a short verb phrase, in English or Japanese: it says what true does', async () => {
    for (const description of ['Include archived teams', 'Include hidden', 'Skip drafts', 'Overwrite existing files', 'アーカイブ済みのチームを含める', '下書きを除外']) {
      const out = await runToolRule(vagueBoolean, tool({ inputSchema: objectSchema({ flag: { type: 'boolean', description } }) }));
      expect(out, description).toEqual([]);
    }
    for (const description of ['Archived', 'Mode flag', '再帰的']) {
      const out = await runToolRule(vagueBoolean, tool({ inputSchema: objectSchema({ flag: { type: 'boolean', description } }) }));
      expect(out.map((f) => f.data), description).toEqual([{ parameters: ['flag'] }]);
    }
  });

  it('without a description, accepts a predicate name (include_archived, isPublic, dryRun) but not a bare adjective', async () => {
    const t = tool({
      inputSchema: objectSchema({
        include_archived: { type: 'boolean' },
        isPublic: { type: 'boolean' },
        dryRun: { type: 'boolean' },
        archived: { type: 'boolean' },
      }),
    });
    expect((await runToolRule(vagueBoolean, t)).map((f) => f.data)).toEqual([{ parameters: ['archived'] }]);
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
