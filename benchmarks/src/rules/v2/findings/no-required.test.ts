import { describe, expect, it } from 'vitest';
import { objectSchema, runToolRule, tool } from '../test/helpers.js';
import { noRequired } from './no-required.js';

describe('no_required', () => {
  it('fires when parameters exist but there is no required list', async () => {
    const t = tool({ name: 'create_issue', inputSchema: objectSchema({ title: { type: 'string' }, body: { type: 'string' } }) });
    expect(await runToolRule(noRequired, t)).toEqual([
      {
        code: 'no_required',
        severity: 'minor',
        tool: 'create_issue',
        message: 'no "required" list, so every argument is optional',
        fields: ['inputSchema.required'],
        data: { parameters: 2 },
      },
    ]);
  });

  it('says so when the list is present but empty', async () => {
    const t = tool({ name: 'create_issue', inputSchema: objectSchema({ title: { type: 'string' } }, { required: [] }) });
    const out = await runToolRule(noRequired, t);
    expect(out.map((f) => [f.message, f.data])).toEqual([['"required" is empty, so every argument is optional', { parameters: 1 }]]);
  });

  it('does not fire with a non-empty required list, or without parameters', async () => {
    expect(await runToolRule(noRequired, tool({ inputSchema: objectSchema({ title: { type: 'string' } }, { required: ['title'] }) }))).toEqual([]);
    expect(await runToolRule(noRequired, tool({ inputSchema: { type: 'object' } }))).toEqual([]);
  });
});
