import { describe, expect, it } from 'vitest';
import { objectSchema, runCategory, tool } from '../test/helpers.js';
import { parameters } from './parameters.js';

const score = async (inputSchema: Record<string, unknown>) => runCategory(parameters, tool({ name: 'search_code', inputSchema }));

describe('parameters (25)', () => {
  it('gives 25 to a tool without parameters', async () => {
    expect(await score({ type: 'object' })).toEqual({ points: 25, max: 25, notes: ['no parameters: nothing to describe (+25)'] });
  });

  it('gives full marks: all described, strings constrained, required, additionalProperties false', async () => {
    const out = await score(
      objectSchema(
        { query: { type: 'string', description: 'Text to find', minLength: 1 }, limit: { type: 'integer', description: 'Most hits' } },
        { required: ['query'], additionalProperties: false },
      ),
    );
    expect(out).toEqual({
      points: 25,
      max: 25,
      notes: [
        '2/2 parameters described or evident (+10.0)',
        '1/1 string parameters constrained or exemplified (+7.0)',
        'required list present (+4)',
        'additionalProperties is false (+4)',
      ],
    });
  });

  it('gives 0 when nothing is described or constrained, with no required and open properties', async () => {
    const out = await score(objectSchema({ query: { type: 'string' }, pattern: { type: 'string' } }));
    expect(out.points).toBe(0);
    expect(out.notes).toEqual([
      '0/2 parameters described or evident (+0.0)',
      '0/2 string parameters constrained or exemplified (+0.0)',
      'query looks required but is not listed (+0)',
      'additionalProperties is not false (+0)',
    ]);
  });

  it('gives half the description points for 2 of 4 described', async () => {
    const out = await score(
      objectSchema({ a: { type: 'integer', description: 'A' }, b: { type: 'integer', description: 'B' }, c: { type: 'integer' }, d: { type: 'integer' } }),
    );
    // 5 (described) + 7 (no strings) + 4 (none of a–d looks required: nothing to list) + 0
    expect(out.points).toBe(16);
    expect(out.notes.slice(0, 2)).toEqual(['2/4 parameters described or evident (+5.0)', 'no string parameters (+7)']);
  });

  it('shares the string points by constrained strings, and rounds the total', async () => {
    const out = await score(
      objectSchema(
        { a: { type: 'string', enum: ['x'] }, b: { type: 'string' }, c: { type: 'string' } },
        { required: ['a'] },
      ),
    );
    // a's enum makes it evident (1/3 → 3.33) + 7 × 1/3 = 2.33 + 4 = 9.67 → 10
    expect(out.points).toBe(10);
    expect(out.notes[0]).toBe('1/3 parameters described or evident (+3.3)');
    expect(out.notes[1]).toBe('1/3 string parameters constrained or exemplified (+2.3)');
  });

  it('does not count an empty required list when a parameter looks required, nor additionalProperties other than false', async () => {
    const base = { id: { type: 'integer', description: 'Record id' } };
    expect((await score(objectSchema(base, { required: [], additionalProperties: true }))).points).toBe(17);
    expect((await score(objectSchema(base, { required: ['id'], additionalProperties: {} }))).points).toBe(21);
    expect((await score(objectSchema(base, { required: ['id'], additionalProperties: false }))).points).toBe(25);
  });

  it('counts a parameter evident without a description (a name such as path, an enum, described items) as described, like param_no_description', async () => {
    const out = await score(
      objectSchema(
        { path: { type: 'string', minLength: 1 }, mode: { type: 'string', enum: ['a', 'b'] }, tags: { type: 'array', items: { type: 'string', description: 'A tag' } }, q: { type: 'integer' } },
        { required: ['path'], additionalProperties: false },
      ),
    );
    expect(out.notes[0]).toBe('3/4 parameters described or evident (+7.5)');
  });

  it('reads parameters behind a root $ref', async () => {
    const out = await score({ $ref: '#/$defs/Args', $defs: { Args: objectSchema({ q: { type: 'integer', description: 'Q' } }, { required: ['q'], additionalProperties: false }) } });
    expect(out.points).toBe(25);
    expect(out.notes[0]).toBe('1/1 parameters described or evident (+10.0)');
  });
});
