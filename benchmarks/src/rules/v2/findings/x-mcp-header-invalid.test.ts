import { describe, expect, it } from 'vitest';
import { objectSchema, runToolRule, tool } from '../test/helpers.js';
import { xMcpHeaderInvalid } from './x-mcp-header-invalid.js';

const H = 'x-mcp-header';
const check = async (properties: Record<string, unknown>) =>
  runToolRule(xMcpHeaderInvalid, tool({ name: 'get_record', description: 'Gets a record.', inputSchema: objectSchema(properties) }));
const reasons = async (properties: Record<string, unknown>) => (await check(properties)).flatMap((f) => (f.data.problems as { reason: string }[]).map((p) => p.reason));

describe('x_mcp_header_invalid', () => {
  it('accepts a valid token on a string, integer or boolean property', async () => {
    expect(await check({ id: { type: 'string', [H]: 'X-Record-Id' }, page: { type: 'integer', [H]: 'X-Page' }, dry: { type: 'boolean', [H]: "X-Dry_Run.v2~!#$%&'*+^`|" } })).toEqual([]);
  });

  it('accepts a header on a nested object property reached through properties only', async () => {
    expect(await check({ filter: { type: 'object', properties: { tenant: { type: 'string', [H]: 'X-Tenant' } } } })).toEqual([]);
  });

  it('rejects a value that is not an RFC 9110 token, with path and reason', async () => {
    expect(await check({ id: { type: 'string', [H]: 'a b' } })).toEqual([
      {
        code: 'x_mcp_header_invalid',
        severity: 'critical',
        tool: 'get_record',
        message: 'invalid x-mcp-header (inputSchema.properties.id.x-mcp-header: "a b" is not an RFC 9110 token); conforming clients drop this tool',
        fields: ['inputSchema.properties.id.x-mcp-header'],
        data: { problems: [{ path: 'inputSchema.properties.id.x-mcp-header', reason: '"a b" is not an RFC 9110 token' }] },
      },
    ]);
    expect(await reasons({ id: { type: 'string', [H]: 'X:Id' } })).toEqual(['"X:Id" is not an RFC 9110 token']);
  });

  it('rejects an empty or non-string value', async () => {
    expect(await reasons({ id: { type: 'string', [H]: '' } })).toEqual(['value must be a non-empty string']);
    expect(await reasons({ id: { type: 'string', [H]: 7 } })).toEqual(['value must be a non-empty string']);
  });

  it('rejects a duplicate header, case-insensitively, naming the first one', async () => {
    const out = await check({ id: { type: 'string', [H]: 'X-Id' }, other: { type: 'string', [H]: 'x-id' } });
    expect(out[0]?.fields).toEqual(['inputSchema.properties.other.x-mcp-header']);
    expect(out[0]?.data.problems).toEqual([
      { path: 'inputSchema.properties.other.x-mcp-header', reason: '"x-id" repeats the header of inputSchema.properties.id.x-mcp-header (case-insensitive)' },
    ]);
  });

  it('rejects a header on a number property and on a union type', async () => {
    expect(await reasons({ amount: { type: 'number', [H]: 'X-Amount' } })).toEqual(['property must have one type: string, integer or boolean']);
    expect(await reasons({ id: { type: ['string', 'null'], [H]: 'X-Id' } })).toEqual(['property must have one type: string, integer or boolean']);
  });

  it('rejects a header inside items or anyOf', async () => {
    const items = await check({ ids: { type: 'array', items: { type: 'string', [H]: 'X-Ids' } } });
    expect(items[0]?.data.problems).toEqual([{ path: 'inputSchema.properties.ids.items.x-mcp-header', reason: 'not on a property reached only through "properties"' }]);
    const anyOf = await check({ id: { anyOf: [{ type: 'string', [H]: 'X-Id' }, { type: 'integer' }] } });
    expect(anyOf[0]?.fields).toEqual(['inputSchema.properties.id.anyOf[0].x-mcp-header']);
    expect((anyOf[0]?.data.problems as unknown[]).length).toBe(1);
  });

  it('collects every problem of a tool into one finding', async () => {
    const out = await check({ a: { type: 'number', [H]: 'a b' }, b: { type: 'string', [H]: 'X-B' }, c: { type: 'string', [H]: 'x-b' } });
    expect(out).toHaveLength(1);
    expect(out[0]?.fields).toEqual(['inputSchema.properties.a.x-mcp-header', 'inputSchema.properties.c.x-mcp-header']);
    expect((out[0]?.data.problems as unknown[]).length).toBe(3);
  });

  it('does not fire for a schema without x-mcp-header, or with a property merely named like it', async () => {
    expect(await check({ id: { type: 'string' } })).toEqual([]);
    expect(await check({ [H]: { type: 'string', description: 'A header value to echo.' } })).toEqual([]);
  });
});
