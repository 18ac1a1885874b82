import { describe, expect, it } from 'vitest';
import { T } from '../thresholds.js';
import { objectSchema, runToolRule, tool } from '../test/helpers.js';
import { paramNoDescription } from './param-no-description.js';

const described = (d: string) => ({ type: 'string', description: d });

describe('param_no_description', () => {
  it('is required when half the parameters lack a description (1 of 2, exactly the 50 % share)', async () => {
    expect(T.paramNoDescriptionRequiredShare).toBe(0.5);
    const t = tool({ name: 'search_code', inputSchema: objectSchema({ query: described('Text to find'), repo: { type: 'string' } }) });
    expect(await runToolRule(paramNoDescription, t)).toEqual([
      {
        code: 'param_no_description',
        severity: 'required',
        tool: 'search_code',
        message: 'parameters without description: repo',
        fields: ['inputSchema.properties.repo.description'],
        data: { parameters: ['repo'], missing: 1, total: 2 },
      },
    ]);
  });

  it('is minor below the share (1 of 3)', async () => {
    const t = tool({ name: 'search_code', inputSchema: objectSchema({ query: described('Text to find'), path: described('Folder'), repo: { type: 'string' } }) });
    const out = await runToolRule(paramNoDescription, t);
    expect(out.map((f) => [f.severity, f.data])).toEqual([['minor', { parameters: ['repo'], missing: 1, total: 3 }]]);
  });

  it('is required when every parameter lacks one (a blank description counts as none), listing them in name order', async () => {
    const t = tool({ name: 'search_code', inputSchema: objectSchema({ query: { type: 'string' }, limit: { type: 'integer' }, path: { type: 'string', description: '  ' } }) });
    const out = await runToolRule(paramNoDescription, t);
    expect(out[0]?.severity).toBe('required');
    expect(out[0]?.message).toBe('parameters without description: limit, path, query');
    expect(out[0]?.data).toEqual({ parameters: ['limit', 'path', 'query'], missing: 3, total: 3 });
  });

  it('reads a description reached through $ref', async () => {
    const t = tool({
      name: 'search_code',
      inputSchema: objectSchema({ query: { $ref: '#/$defs/q' } }, { $defs: { q: { type: 'string', description: 'Text to find' } } }),
    });
    expect(await runToolRule(paramNoDescription, t)).toEqual([]);
  });

  // Issue 12 (class 5): descriptions inside anyOf/oneOf/allOf or $ref'd definitions were not seen, so
  // documented parameters were reported at "required".
  it('reads descriptions inside anyOf, oneOf and allOf variants, and behind $ref in a variant', async () => {
    const t = tool({
      name: 'update_page',
      inputSchema: objectSchema(
        {
          // as Notion's server sends it: an object-or-string union, described on the object variant
          icon: { anyOf: [{ type: 'object', description: 'A page icon: an emoji or an external file.', properties: { emoji: { type: 'string' } } }, { type: 'string' }] },
          parent: { oneOf: [{ $ref: '#/$defs/pageParent' }, { $ref: '#/$defs/databaseParent' }] },
          cover: { allOf: [{ $ref: '#/definitions/file' }] },
          due: { anyOf: [{ type: 'null' }, { anyOf: [{ type: 'string', description: 'Due date, YYYY-MM-DD.' }] }] },
        },
        {
          $defs: {
            pageParent: { type: 'object', description: 'The page to create it under.', properties: { page_id: { type: 'string' } } },
            databaseParent: { type: 'object', properties: { database_id: { type: 'string' } } },
          },
          definitions: { file: { type: 'object', description: 'An external file: {"external": {"url": …}}.' } },
        },
      ),
    });
    expect(await runToolRule(paramNoDescription, t)).toEqual([]);
  });

  it('still reports a parameter whose variants carry no description, and ends on $ref cycles', async () => {
    const t = tool({
      inputSchema: objectSchema(
        { node: { $ref: '#/$defs/node' }, text: { type: 'string', description: 'Text' } },
        { $defs: { node: { anyOf: [{ $ref: '#/$defs/node' }, { type: 'string' }] } } },
      ),
    });
    expect((await runToolRule(paramNoDescription, t)).map((f) => [f.severity, f.data.parameters])).toEqual([['required', ['node']]]);
  });

  it('does not fire when every parameter is described, or when there are none', async () => {
    expect(await runToolRule(paramNoDescription, tool({ inputSchema: objectSchema({ q: described('Text to find') }) }))).toEqual([]);
    expect(await runToolRule(paramNoDescription, tool({ inputSchema: { type: 'object' } }))).toEqual([]);
  });
});
