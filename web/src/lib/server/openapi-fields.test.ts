// The API reference's field tables, read from a real OpenAPI document's shapes (zod → JSON Schema).
import { describe, expect, it } from 'vitest';
import { fieldsOf, MAX_ROWS, MIN_SHAPE_ROWS, sharedShapes } from './openapi-fields';

describe('fields of a body schema', () => {
  it('lists nested fields with type, required, allowed values and limits; follows $ref; unions merge', () => {
    const components = { schemas: { Security: { type: 'object', properties: { status: { type: 'string', enum: ['clean', 'risk'] } }, required: ['status'] } } };
    const schema = {
      type: 'object',
      required: ['name', 'source'],
      properties: {
        name: { type: 'string', minLength: 1, maxLength: 100 },
        description: { type: ['string', 'null'] },
        public: { type: 'boolean', default: true },
        items: { type: 'array', items: { type: 'object', properties: { rank: { type: 'number' }, security: { $ref: '#/components/schemas/Security' } }, required: ['rank'] } },
        categories: { type: 'object', additionalProperties: { anyOf: [{ type: 'number' }, { type: 'null' }] } },
        source: {
          oneOf: [
            { type: 'object', properties: { kind: { type: 'string', enum: ['url'] }, url: { type: 'string', format: 'uri', maxLength: 2000 } }, required: ['kind', 'url'] },
            { type: 'object', properties: { kind: { type: 'string', enum: ['upload'] }, tools: {} }, required: ['kind', 'tools'] },
          ],
        },
      },
    };
    const { rows, truncated } = fieldsOf(schema, components);
    expect(truncated).toBe(false);
    const row = (name: string) => rows.find((r) => r.name === name);
    expect(row('name')).toMatchObject({ type: 'string', required: true, notes: '1–100 characters' });
    expect(row('description')).toMatchObject({ type: 'string | null', required: false });
    expect(row('public')?.notes).toBe('default true');
    expect(row('items')?.type).toBe('array of object');
    expect(row('items[].rank')).toMatchObject({ type: 'number', required: true });
    expect(row('items[].security.status')).toMatchObject({ type: 'string', notes: 'clean | risk', required: true });
    expect(row('categories.{key}')?.type).toBe('number');
    expect(row('source')?.type).toBe('one of 2');
    expect(row('source.kind')?.notes).toBe('url | upload');
    expect(row('source.url')?.notes).toBe('≤ 2000 characters; http(s) URL');
    expect(row('source.tools')?.type).toBe('any');
  });

  it('stops at a bounded number of rows and says so', () => {
    const properties = Object.fromEntries(Array.from({ length: MAX_ROWS + 5 }, (_, i) => [`f${i}`, { type: 'string' }]));
    const { rows, truncated } = fieldsOf({ type: 'object', properties }, {});
    expect(rows).toHaveLength(MAX_ROWS);
    expect(truncated).toBe(true);
  });
});

describe('shared shapes', () => {
  const server = { type: 'object', properties: { id: { type: 'string' }, name: { type: 'string' }, slug: { type: 'string' }, public: { type: 'boolean' } }, required: ['id'] };
  const small = { type: 'object', properties: { a: { type: 'string' } } };
  const detail = { type: 'object', properties: { server, versions: { type: 'array', items: small } } };
  const list = { type: 'object', properties: { items: { type: 'array', items: server }, other: small, total: { type: 'number' } } };

  it('an object held by two bodies with at least MIN_SHAPE_ROWS fields is one shape, listed once and linked from each field', () => {
    expect(Object.keys(server.properties).length).toBeGreaterThanOrEqual(MIN_SHAPE_ROWS);
    const shapes = sharedShapes([detail, list], {});
    // The small object is shared too, but cheaper inline; a root is never a shape of itself.
    expect([...shapes.values()].map((s) => [s.id, s.name])).toEqual([['shape-server', 'server']]);
    const d = fieldsOf(detail, {}, shapes).rows;
    expect(d.find((r) => r.name === 'server')).toMatchObject({ type: 'object', shape: { id: 'shape-server', name: 'server' } });
    expect(d.some((r) => r.name.startsWith('server.'))).toBe(false);
    expect(d.map((r) => r.name)).toContain('versions[].a');
    const l = fieldsOf(list, {}, shapes).rows;
    expect(l.find((r) => r.name === 'items')).toMatchObject({ type: 'array of object', shape: { id: 'shape-server' } });
    expect(l.some((r) => r.name.startsWith('items[].'))).toBe(false);
    // Without shapes every field is listed under every path, as before.
    expect(fieldsOf(list, {}).rows.map((r) => r.name)).toContain('items[].slug');
    // The shape's own table lists its fields.
    expect(fieldsOf([...shapes.values()][0]!.schema, {}, shapes).rows.map((r) => r.name)).toEqual(['id', 'name', 'slug', 'public']);
  });

  it('an object held once is no shape', () => {
    expect(sharedShapes([detail], {}).size).toBe(0);
  });
});
