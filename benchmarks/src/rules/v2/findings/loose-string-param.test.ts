import { describe, expect, it } from 'vitest';
import { lintV2, objectSchema, only, runToolRule, tool } from '../test/helpers.js';
import { looseStringParam } from './loose-string-param.js';

describe('loose_string_param', () => {
  it('lists the string parameters whose value has a form that nothing states', async () => {
    const t = tool({
      name: 'search_commits',
      inputSchema: objectSchema({
        path: { type: 'string' },
        since: { type: 'string', description: 'Only commits after this' },
        q: { type: 'string', description: 'What to look for' },
        sha: { type: 'string' },
        projectKey: { type: 'string', description: 'The project' },
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
        tool: 'search_commits',
        message: 'string parameters with no constraint or example: path, projectKey, q, sha, since',
        fields: ['inputSchema.properties.path', 'inputSchema.properties.projectKey', 'inputSchema.properties.q', 'inputSchema.properties.sha', 'inputSchema.properties.since'],
        data: { parameters: ['path', 'projectKey', 'q', 'sha', 'since'] },
      },
    ]);
  });

  // RUBRIC.md: free text (a message body, a title, a search keyword) and self-describing strings (a URL, a
  // branch name) do not fire; v1 listed every unconstrained string (precision 0.19 on the labelled corpus).
  it('does not list free text or self-describing strings', async () => {
    const t = tool({
      name: 'create_pull_request',
      inputSchema: objectSchema({
        title: { type: 'string' },
        body: { type: 'string', description: 'Pull request body' },
        keyword: { type: 'string' },
        query: { type: 'string', description: 'What to look for' },
        branch: { type: 'string' },
        owner: { type: 'string' },
        url: { type: 'string' },
        issue_id: { type: 'string' },
        note: { type: 'string', description: 'A note for the reviewer' },
      }),
    });
    expect(await runToolRule(looseStringParam, t)).toEqual([]);
  });

  it('treats a nullable string ("type": ["string", "null"]) as a string, and a boolean-or-string union as no form', async () => {
    const out = await runToolRule(looseStringParam, tool({ inputSchema: objectSchema({ since: { type: ['string', 'null'] }, isRevision: { type: ['boolean', 'string'] }, dateFlag: { type: ['boolean', 'string'] } }) }));
    expect(out[0]?.data).toEqual({ parameters: ['since'] });
  });

  it('accepts each constraint or example keyword', async () => {
    expect(await runToolRule(looseStringParam, tool({ inputSchema: objectSchema({ date: { type: 'string' } }) }))).toHaveLength(1);
    for (const extra of [{ enum: ['a'] }, { const: 'a' }, { format: 'uri' }, { pattern: '^a' }, { examples: ['a'] }, { example: 'a' }, { default: 'a' }, { minLength: 1 }, { maxLength: 9 }]) {
      const out = await runToolRule(looseStringParam, tool({ inputSchema: objectSchema({ date: { type: 'string', ...extra } }) }));
      expect(out, JSON.stringify(extra)).toEqual([]);
    }
  });

  it('accepts a constraint inside an anyOf variant', async () => {
    const t = tool({ inputSchema: objectSchema({ date: { anyOf: [{ type: 'string', format: 'date' }, { type: 'null' }] } }) });
    expect(await runToolRule(looseStringParam, t)).toEqual([]);
  });

  it('accepts a constraint inside an allOf part or behind a $ref in a oneOf variant', async () => {
    const t = tool({
      inputSchema: objectSchema(
        { key: { allOf: [{ type: 'string' }, { pattern: '^[A-Z_]+$' }] }, until: { oneOf: [{ $ref: '#/$defs/Day' }, { type: 'null' }] } },
        { $defs: { Day: { type: 'string', format: 'date' } } },
      ),
    });
    expect(await runToolRule(looseStringParam, t)).toEqual([]);
  });

  // Issue 12 (class 5): loose_string_param listed a parameter that the same report credited with an example.
  it('does not list a parameter whose description gives an example or the form, as the examples and parameters categories credit it', async () => {
    const t = tool({
      inputSchema: objectSchema({
        libraryPath: { type: 'string', description: "Exact library path (e.g., '/mongodb/docs')" },
        since: { type: 'string', description: 'Lower bound, formatted YYYY-MM-DD' },
        sortKey: { type: 'string', description: 'One of `asc` or `desc`' },
        filePath: { type: 'string', description: 'The absolute or relative path to save the trace to' },
        outputFile: { type: 'string', description: 'Output file (.mp4)' },
        q: { type: 'string', description: 'A query in GitHub search syntax' },
        ja: { type: 'string', description: 'ライブラリID（例: /mongodb/docs）' },
        ja_path: { type: 'string', description: '保存先の絶対パス' },
        date: { type: 'string', description: 'The day to read' },
      }),
    });
    const out = await lintV2([t]);
    const tr = out.tools[0]!;
    expect(only(tr.findings, 'loose_string_param').map((f) => f.data.parameters)).toEqual([['date']]);
    expect(tr.categories.examples.points).toBe(10);
    expect(tr.categories.parameters.notes[1]).toBe('8/9 string parameters constrained or exemplified (+6.2)');
  });

  it('does not count an object-or-string union as a free-text string', async () => {
    const t = tool({ inputSchema: objectSchema({ path: { anyOf: [{ type: 'object', properties: { value: { type: 'string' } } }, { type: 'string' }] } }) });
    expect(await runToolRule(looseStringParam, t)).toEqual([]);
  });

  it('ignores non-string parameters', async () => {
    expect(await runToolRule(looseStringParam, tool({ inputSchema: objectSchema({ date: { type: 'number' }, path: { type: 'boolean' } }) }))).toEqual([]);
  });
});
