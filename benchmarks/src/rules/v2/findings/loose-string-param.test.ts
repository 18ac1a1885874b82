import { describe, expect, it } from 'vitest';
import { lintV2, objectSchema, only, runToolRule, tool } from '../test/helpers.js';
import { looseStringParam } from './loose-string-param.js';

describe('loose_string_param', () => {
  it('lists the string parameters with neither constraint nor example', async () => {
    const t = tool({
      name: 'send_message',
      inputSchema: objectSchema({
        channel: { type: 'string', description: 'Channel id' },
        text: { type: 'string', description: 'Message text' },
        priority: { type: 'string', enum: ['low', 'high'] },
        count: { type: 'integer' },
      }),
    });
    expect(await runToolRule(looseStringParam, t)).toEqual([
      {
        code: 'loose_string_param',
        severity: 'minor',
        tool: 'send_message',
        // `text` is evident (a message's text is free text by nature): see the last test.
        message: 'string parameters with no constraint or example: channel',
        fields: ['inputSchema.properties.channel'],
        data: { parameters: ['channel'] },
      },
    ]);
  });

  it('treats a nullable string ("type": ["string", "null"]) as a string', async () => {
    const out = await runToolRule(looseStringParam, tool({ inputSchema: objectSchema({ cursor: { type: ['string', 'null'] } }) }));
    expect(out[0]?.data).toEqual({ parameters: ['cursor'] });
  });

  it('accepts each constraint or example keyword', async () => {
    for (const extra of [{ enum: ['a'] }, { const: 'a' }, { format: 'uri' }, { pattern: '^a' }, { examples: ['a'] }, { example: 'a' }, { default: 'a' }, { minLength: 1 }, { maxLength: 9 }]) {
      const out = await runToolRule(looseStringParam, tool({ inputSchema: objectSchema({ s: { type: 'string', ...extra } }) }));
      expect(out, JSON.stringify(extra)).toEqual([]);
    }
  });

  it('accepts a constraint inside an anyOf variant', async () => {
    const t = tool({ inputSchema: objectSchema({ s: { anyOf: [{ type: 'string', format: 'date' }, { type: 'null' }] } }) });
    expect(await runToolRule(looseStringParam, t)).toEqual([]);
  });

  it('accepts a constraint inside an allOf part or behind a $ref in a oneOf variant', async () => {
    const t = tool({
      inputSchema: objectSchema(
        { a: { allOf: [{ type: 'string' }, { pattern: '^[a-z]+$' }] }, b: { oneOf: [{ $ref: '#/$defs/Day' }, { type: 'null' }] } },
        { $defs: { Day: { type: 'string', format: 'date' } } },
      ),
    });
    expect(await runToolRule(looseStringParam, t)).toEqual([]);
  });

  // Issue 12 (class 5): loose_string_param listed a parameter that the same report credited with an example.
  it('does not list a parameter whose description gives an example or the format, as the examples category credits it', async () => {
    const t = tool({
      inputSchema: objectSchema({
        library: { type: 'string', description: "Exact library ID (e.g., '/mongodb/docs')" },
        since: { type: 'string', description: 'Lower bound, formatted YYYY-MM-DD' },
        sort: { type: 'string', description: 'One of `asc` or `desc`' },
        ja: { type: 'string', description: 'ライブラリID（例: /mongodb/docs）' },
        note: { type: 'string', description: 'A note for the reviewer' },
      }),
    });
    const out = await lintV2([t]);
    const tr = out.tools[0]!;
    expect(only(tr.findings, 'loose_string_param').map((f) => f.data.parameters)).toEqual([['note']]);
    expect(tr.categories.examples.points).toBe(10);
    expect(tr.categories.parameters.notes[1]).toBe('4/5 string parameters constrained or exemplified (+5.6)');
  });

  it('does not count an object-or-string union as a free-text string', async () => {
    const t = tool({ inputSchema: objectSchema({ filter: { anyOf: [{ type: 'object', properties: { value: { type: 'string' } } }, { type: 'string' }] } }) });
    expect(await runToolRule(looseStringParam, t)).toEqual([]);
  });

  it('ignores non-string parameters', async () => {
    expect(await runToolRule(looseStringParam, tool({ inputSchema: objectSchema({ n: { type: 'number' }, b: { type: 'boolean' } }) }))).toEqual([]);
  });

  // Issue 12: evident parameters (the predicate param_no_description and the parameters category use) were
  // listed as loose strings: an owner, a repository, a path or an id needs no constraint to be filled.
  it('does not list parameters whose meaning is evident from their name (evidentParam), and still lists the others', async () => {
    const t = tool({
      name: 'get_file_contents',
      inputSchema: objectSchema({
        owner: { type: 'string', description: 'Repository owner' },
        repo: { type: 'string', description: 'Repository name' },
        path: { type: 'string' },
        file_path: { type: 'string', description: 'Where to write' },
        branch_name: { type: 'string' },
        query: { type: 'string', description: 'What to look for' },
        ref: { type: 'string', description: 'Git ref' },
      }),
    });
    expect((await runToolRule(looseStringParam, t))[0]?.data).toEqual({ parameters: ['query', 'ref'] });
  });
});
