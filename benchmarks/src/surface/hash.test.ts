import { describe, expect, it } from 'vitest';
import type { Tool } from '../contracts/tool.js';
import { sha256Hex, surfaceHash, toolHash } from './hash.js';

const base: Tool = {
  name: 'search_issues',
  title: 'Search issues',
  description: 'Searches issues by keyword.\nReturns up to 50.',
  inputSchema: {
    type: 'object',
    properties: { query: { type: 'string', minLength: 1 }, state: { type: 'string', enum: ['open', 'closed', 'all'] } },
    required: ['query', 'state'],
    additionalProperties: false,
  },
  outputSchema: { type: 'object', properties: { items: { type: 'array' } } },
  annotations: { readOnlyHint: true, openWorldHint: true },
};
const other: Tool = { name: 'create_issue', description: 'Creates an issue.', inputSchema: { type: 'object' } };

/** Deep copy with every object's keys in reverse order. */
const reverseKeys = (v: unknown): unknown =>
  Array.isArray(v)
    ? v.map(reverseKeys)
    : typeof v === 'object' && v !== null
      ? Object.fromEntries(Object.entries(v).reverse().map(([k, x]) => [k, reverseKeys(x)]))
      : v;

describe('sha256Hex', () => {
  it('is the hex SHA-256 of the UTF-8 bytes', () => {
    expect(sha256Hex('')).toBe('e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855');
    expect(sha256Hex('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
  });
});

describe('toolHash', () => {
  it('has the sha256: prefix and 64 hex digits', () => {
    expect(toolHash(base)).toMatch(/^sha256:[0-9a-f]{64}$/);
  });

  it('is stable under key order at every level', () => {
    expect(toolHash(reverseKeys(base) as Tool)).toBe(toolHash(base));
  });

  it('treats required as a set (order and duplicates)', () => {
    const reordered = { ...base, inputSchema: { ...base.inputSchema, required: ['state', 'query', 'query'] } };
    expect(toolHash(reordered)).toBe(toolHash(base));
  });

  it('excludes _meta and unknown fields', () => {
    expect(toolHash({ ...base, _meta: { 'io.example/build': 42 }, icons: [{ src: 'x.png' }] })).toBe(toolHash(base));
  });

  it('normalises the description: CRLF, trailing spaces, surrounding blank lines, NFC', () => {
    expect(toolHash({ ...base, description: 'Searches issues by keyword.  \r\nReturns up to 50.\t\n\n' })).toBe(toolHash(base));
    const nfd = { ...other, description: 'Cafe\u0301 menu.' };
    expect(toolHash(nfd)).toBe(toolHash({ ...other, description: 'Café menu.' }));
    expect(toolHash({ ...other, description: 'Creates an issue.\n\n\n\nDone.' })).toBe(toolHash({ ...other, description: 'Creates an issue.\n\nDone.' }));
  });

  it('changes with enum order (a model reads it in order)', () => {
    const swapped = { ...base, inputSchema: { ...base.inputSchema, properties: { query: { type: 'string', minLength: 1 }, state: { type: 'string', enum: ['all', 'open', 'closed'] } } } };
    expect(toolHash(swapped)).not.toBe(toolHash(base));
  });

  it('changes with any real content change', () => {
    const h = toolHash(base);
    const changes: Tool[] = [
      { ...base, name: 'search_issue' },
      { ...base, title: 'Search' },
      { ...base, description: 'Searches issues by keyword.\nReturns up to 51.' },
      { ...base, description: 'Searches issues by keyword. Returns up to 50.' },
      { ...base, description: undefined },
      { ...base, description: '' },
      { ...base, inputSchema: { ...base.inputSchema, additionalProperties: true } },
      { ...base, inputSchema: { ...base.inputSchema, required: ['query'] } },
      { ...base, outputSchema: undefined },
      { ...base, annotations: { readOnlyHint: false, openWorldHint: true } },
      { ...base, annotations: undefined },
    ];
    const hashes = changes.map((t) => toolHash(t));
    for (const [i, x] of hashes.entries()) expect(x, `change ${i}`).not.toBe(h);
    expect(new Set(hashes).size).toBe(hashes.length);
  });

  it('keeps a missing description apart from an empty one', () => {
    expect(toolHash({ ...other, description: undefined })).not.toBe(toolHash({ ...other, description: '' }));
  });
});

describe('surfaceHash', () => {
  it('is stable under tool order and key order', () => {
    const h = surfaceHash({ tools: [base, other] });
    expect(surfaceHash({ tools: [other, base] })).toBe(h);
    expect(surfaceHash({ tools: [reverseKeys(other) as Tool, reverseKeys(base) as Tool] })).toBe(h);
  });

  it('ignores _meta but changes when a tool is added, removed or changed', () => {
    const h = surfaceHash({ tools: [base, other] });
    expect(surfaceHash({ tools: [base, { ...other, _meta: { x: 1 } }] })).toBe(h);
    expect(surfaceHash({ tools: [base] })).not.toBe(h);
    expect(surfaceHash({ tools: [base, other, { ...other, name: 'create_issue_2' }] })).not.toBe(h);
    expect(surfaceHash({ tools: [base, { ...other, description: 'Creates a bug.' }] })).not.toBe(h);
  });

  it('hashes the empty surface', () => {
    expect(surfaceHash({ tools: [] })).toBe(`sha256:${sha256Hex('[]')}`);
  });
});
