import { describe, expect, it } from 'vitest';
import { LintResultSchema } from '../../contracts/lint-result.js';
import { resolveRef } from './facts.js';
import { facts, lintV2, objectSchema, tool } from './test/helpers.js';

// Regression: a malformed percent escape in a local $ref ("#/%zz") made decodeURIComponent throw a
// URIError out of the whole lint. The reference must be left unresolved instead.

describe('$ref with a malformed percent escape', () => {
  it('resolveRef leaves "#/%zz" unresolved', () => {
    const node = { $ref: '#/%zz', description: 'kept' };
    expect(() => resolveRef(node, { $defs: {} })).not.toThrow();
    expect(resolveRef(node, { $defs: {} })).toEqual(node);
  });

  it('lints inputSchema {"$ref":"#/%zz"} without throwing', async () => {
    const t = tool({ name: 'bad_root_ref', description: 'Reads a thing from a store.', inputSchema: { $ref: '#/%zz' } });
    const result = await lintV2([t]);
    expect(LintResultSchema.safeParse(result).success).toBe(true);
    expect(result.tools[0]!.name).toBe('bad_root_ref');
    // Unresolved root: no parameters are read from it.
    expect((await facts([t])).tools[0]!.params).toEqual([]);
  });

  it('lints a property {"$ref":"#/%zz"} without throwing (the parameter is still listed)', async () => {
    const t = tool({ name: 'bad_prop_ref', description: 'Reads a thing from a store.', inputSchema: objectSchema({ p: { $ref: '#/%zz' } }) });
    const result = await lintV2([t]);
    expect(LintResultSchema.safeParse(result).success).toBe(true);
    const params = (await facts([t])).tools[0]!.params;
    expect(params.map((p) => p.name)).toEqual(['p']);
    expect(params[0]!.schema.$ref).toBe('#/%zz');
  });
});
