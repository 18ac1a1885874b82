import { describe, expect, it } from 'vitest';
import { objectSchema, runToolRule, tool } from '../test/helpers.js';
import { noRequired } from './no-required.js';

describe('no_required', () => {
  it('fires when a parameter looks required (an id, path, url or query) and there is no required list', async () => {
    const t = tool({ name: 'get_issue', inputSchema: objectSchema({ issue_id: { type: 'string' }, fields: { type: 'string' } }) });
    expect(await runToolRule(noRequired, t)).toEqual([
      {
        code: 'no_required',
        severity: 'minor',
        tool: 'get_issue',
        message: 'no "required" list, but issue_id looks required',
        fields: ['inputSchema.required'],
        data: { parameters: ['issue_id'] },
      },
    ]);
  });

  it('says so when the list is present but empty, and reads "required" in a description', async () => {
    const t = tool({ name: 'create_issue', inputSchema: objectSchema({ title: { type: 'string', description: 'Title of the issue (required).' } }, { required: [] }) });
    const out = await runToolRule(noRequired, t);
    expect(out.map((f) => [f.message, f.data])).toEqual([['"required" is empty, but title looks required', { parameters: ['title'] }]]);
    const ja = tool({ name: 'create_issue', inputSchema: objectSchema({ title: { type: 'string', description: '課題のタイトル（必須）' } }) });
    expect((await runToolRule(noRequired, ja)).map((f) => f.data)).toEqual([{ parameters: ['title'] }]);
  });

  // Issue 12 (class 6): no_required fired on tools whose parameters are all truly optional.
  it('does not fire when every parameter is optional', async () => {
    const optional = tool({
      name: 'list_teams',
      inputSchema: objectSchema({
        include_archived: { type: 'boolean', description: 'Include archived teams' },
        limit: { type: 'integer', description: 'Most teams to return' },
        cursor: { type: 'string', description: 'Cursor from a previous page' },
      }),
    });
    expect(await runToolRule(noRequired, optional)).toEqual([]);
  });

  it('does not fire for an id-like parameter with a default or described as optional', async () => {
    const withDefault = tool({ inputSchema: objectSchema({ path: { type: 'string', default: '.' } }) });
    const described = tool({ inputSchema: objectSchema({ query: { type: 'string', description: 'Optional filter; lists everything when omitted.' } }) });
    const ja = tool({ inputSchema: objectSchema({ query: { type: 'string', description: '絞り込み条件（省略可）' } }) });
    const notRequired = tool({ inputSchema: objectSchema({ title: { type: 'string', description: 'Not required; required if mode is "named".' } }) });
    for (const t of [withDefault, described, ja, notRequired]) expect(await runToolRule(noRequired, t)).toEqual([]);
  });

  it('does not fire with a non-empty required list, or without parameters', async () => {
    expect(await runToolRule(noRequired, tool({ inputSchema: objectSchema({ id: { type: 'string' }, path: { type: 'string' } }, { required: ['id'] }) }))).toEqual([]);
    expect(await runToolRule(noRequired, tool({ inputSchema: { type: 'object' } }))).toEqual([]);
  });
});
