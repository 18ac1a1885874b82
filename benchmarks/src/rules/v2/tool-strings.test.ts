import { describe, expect, it } from 'vitest';
import type { Tool } from '../../contracts/tool.js';
import { stringPath, toolStrings } from './tool-strings.js';

describe('toolStrings', () => {
  const t = {
    name: 'add',
    title: 'Add',
    description: 'Adds.',
    inputSchema: { type: 'object', properties: { a: { type: 'string', enum: ['x', 'y'], default: 'z', examples: ['w'] }, b: { properties: { c: { description: 'deep' } } } } },
    outputSchema: { type: 'object', description: 'out' },
    annotations: { title: 'Add numbers', readOnlyHint: true },
    _meta: { 'io.example/k': ['m1', { k2: 'm2' }] },
    'x-extra': 'unknown',
  } as unknown as Tool;
  const strings = toolStrings(t);

  it('yields every string value and every key of every field, in canonical order, with paths', () => {
    const values = strings.flatMap((s, i) => (s.key ? [] : [`${stringPath(t, i)}=${s.text}`]));
    expect(values).toEqual([
      '_meta["io.example/k"][0]=m1',
      '_meta["io.example/k"][1].k2=m2',
      'annotations.title=Add numbers',
      'description=Adds.',
      'inputSchema.properties.a.default=z',
      'inputSchema.properties.a.enum[0]=x',
      'inputSchema.properties.a.enum[1]=y',
      'inputSchema.properties.a.examples[0]=w',
      'inputSchema.properties.a.type=string',
      'inputSchema.properties.b.properties.c.description=deep',
      'inputSchema.type=object',
      'name=add',
      'outputSchema.description=out',
      'outputSchema.type=object',
      'title=Add',
      'x-extra=unknown',
    ]);
    // Keys too, but not JSON Schema keywords or annotation names (fixed vocabulary, never the server's text).
    expect(strings.filter((s) => s.key).map((s) => s.text)).toEqual(['io.example/k', 'k2', 'a', 'b', 'c', 'x-extra']);
    expect(strings.flatMap((s, i) => (s.key ? [stringPath(t, i)] : []))).toEqual([
      '_meta["io.example/k"]',
      '_meta["io.example/k"][1].k2',
      'inputSchema.properties.a',
      'inputSchema.properties.b',
      'inputSchema.properties.b.properties.c',
      'x-extra',
    ]);
  });

  it('keeps a keyword that names a parameter', () => {
    const t2 = { name: 'x', inputSchema: { type: 'object', properties: { title: { type: 'string' }, type: { type: 'string' } } } } as unknown as Tool;
    expect(toolStrings(t2).filter((s) => s.parameter).map((s) => s.text)).toEqual(['title', 'type']);
  });

  it('names the top-level field of each string, and marks parameter names at any depth', () => {
    expect(new Set(strings.map((s) => s.field))).toEqual(new Set(['_meta', 'annotations', 'description', 'inputSchema', 'name', 'outputSchema', 'title', 'x-extra']));
    expect(strings.filter((s) => s.parameter).map((s) => s.text)).toEqual(['a', 'b', 'c']);
  });

  it('keeps a key named __proto__ as a string of the tool', () => {
    const odd = JSON.parse('{"name":"x","inputSchema":{"__proto__":{"description":"hidden"}}}') as Tool;
    expect(toolStrings(odd).map((_, i) => stringPath(odd, i))).toContain('inputSchema.__proto__.description');
  });
  it('orders keys as a sorted copy of Object.keys does: index-like keys as strings, code units, short and long objects alike', () => {
    const few = ['b', '10', 'B', '9', 'a_', 'a', 'É', '2'];
    const many = Array.from({ length: 40 }, (_, k) => (k % 3 === 0 ? String(k * 7) : `k${(k * 17) % 40}`));
    for (const keys of [few, many]) {
      const properties = Object.fromEntries(keys.map((k) => [k, { description: `d ${k}` }]));
      const t3 = { name: 'x', inputSchema: { type: 'object', properties } } as unknown as Tool;
      expect(toolStrings(t3).filter((s) => s.parameter).map((s) => s.text)).toEqual(Object.keys(properties).sort());
    }
  });
});
