import { describe, expect, it } from 'vitest';
import { lintV2, objectSchema, only, runToolRule, tool } from '../test/helpers.js';
import { malformedInputSchema } from './malformed-input-schema.js';

// Issue 12 (class 5): `properties` given as an array scored full parameter marks.
describe('malformed_input_schema', () => {
  it('fires when properties is an array, and the parameters category gives 0, not 25', async () => {
    const t = tool({ name: 'read_file', description: 'Reads a file of the workspace as UTF-8 text.', inputSchema: { type: 'object', properties: [{ name: 'path', type: 'string' }] } });
    expect(await runToolRule(malformedInputSchema, t)).toEqual([
      {
        code: 'malformed_input_schema',
        severity: 'required',
        tool: 'read_file',
        message: 'input schema is malformed: properties is an array, not an object',
        fields: ['inputSchema.properties'],
        data: { problems: [{ field: 'inputSchema.properties', problem: 'properties is an array, not an object' }] },
      },
    ]);
    const r = await lintV2([t]);
    expect(r.tools[0]!.categories.parameters).toEqual({ points: 0, max: 25, notes: ['properties is an array, not an object: no parameter can be read (+0)'] });
  });

  it('fires for a parameter schema that is not a schema and for a required that is not a list of names', async () => {
    const t = tool({ inputSchema: objectSchema({ path: 'string', ok: { type: 'string' }, any: true }, { required: 'path' }) });
    const out = await runToolRule(malformedInputSchema, t);
    expect(out.map((f) => f.fields)).toEqual([['inputSchema.properties.path', 'inputSchema.required']]);
  });

  it('reports problems inside allOf parts with their path', async () => {
    const t = tool({ inputSchema: { type: 'object', allOf: [{ properties: { a: { type: 'string' } } }, { properties: 'b' }] } });
    expect((await runToolRule(malformedInputSchema, t)).map((f) => f.fields)).toEqual([['inputSchema.allOf[1].properties']]);
  });

  it('does not fire for a well-formed schema (boolean property schemas are valid JSON Schema)', async () => {
    const r = await lintV2([tool({ inputSchema: objectSchema({ a: { type: 'string' }, b: true }, { required: ['a'] }) })]);
    expect(only(r.tools[0]!.findings, 'malformed_input_schema')).toEqual([]);
  });
});
