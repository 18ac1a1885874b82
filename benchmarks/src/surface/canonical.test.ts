import { describe, expect, it } from 'vitest';
import type { Tool } from '../contracts/tool.js';
import { canonicalize, canonicalJson, canonicalTool, normalizeText } from './canonical.js';

describe('normalizeText', () => {
  it('applies NFC, CRLF/CR → LF, trailing blanks per line, 3+ newlines → 2, trim', () => {
    expect(normalizeText('  Cafe\u0301 \t\r\nline two\rthree  \n\n\n\nfour\n ')).toBe('Café\nline two\nthree\n\nfour');
  });

  it('keeps leading indentation inside the text and single blank lines', () => {
    expect(normalizeText('Usage:\n  - a\n\n  - b')).toBe('Usage:\n  - a\n\n  - b');
  });

  it('normalises half-width kana and other text only by NFC (no NFKC folding)', () => {
    expect(normalizeText('ｶﾀｶﾅ')).toBe('ｶﾀｶﾅ');
  });
});

describe('canonicalize', () => {
  it('sorts object keys recursively and drops undefined values', () => {
    expect(canonicalJson({ b: 1, a: { d: [{ z: 1, y: 2 }], c: undefined } })).toBe('{"a":{"d":[{"y":2,"z":1}]},"b":1}');
  });

  it('sorts and de-duplicates a string "required" list but keeps every other array in order', () => {
    expect(canonicalize({ required: ['b', 'a', 'b'], enum: ['b', 'a'] })).toEqual({ enum: ['b', 'a'], required: ['a', 'b'] });
    // A "required" that is not a list of strings is kept as sent.
    expect(canonicalize({ required: [2, 1] })).toEqual({ required: [2, 1] });
  });
});

describe('canonicalTool', () => {
  it('keeps the fields a model sees, normalised, and nothing else', () => {
    const tool: Tool = {
      name: 'x',
      title: ' T ',
      description: 'D  \r\n',
      inputSchema: { type: 'object' },
      annotations: { readOnlyHint: true },
      _meta: { a: 1 },
      vendor: 'y',
    };
    expect(canonicalTool(tool)).toEqual({ annotations: { readOnlyHint: true }, description: 'D', inputSchema: { type: 'object' }, name: 'x', title: 'T' });
    expect(canonicalTool({ name: 'x', inputSchema: {} })).toEqual({ description: null, inputSchema: {}, name: 'x' });
  });
});
