import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { encodeTokenTable, loadO200kRanks, tableTokenCounter, tokenTableSource, type RankTable, type TableTokenCounter } from './token-table.js';
import { loadTokenCounter, type TokenCounter } from './text/tokens.js';

// The library's own count, as rules v1 has always counted (loadTokenCounter: gpt-tokenizer's countTokens).
let library: TokenCounter;
let ranks: RankTable;
let table: TableTokenCounter;
beforeAll(async () => {
  library = await loadTokenCounter();
  ranks = await loadO200kRanks();
  table = tableTokenCounter(encodeTokenTable(ranks, 'o200k_base test'));
}, 60_000);

// Text that reaches every path of the library's lookup: the byte-order mark (which its bytes lookup drops
// before looking up text, so "\uFEFFusing" is 3 tokens there), lone surrogates (encoded as U+FFFD),
// byte tokens (invalid UTF-8 halves of multi-byte characters), special-token markers, long runs.
const FRAGMENTS = [
  '\uFEFF', '\uFEFFusing', '\uFEFF\n\n', ' \uFEFF', '\ud800', '\udc00x', 'a\ud83d', '😀', '👩‍💻', '𝔘𝔫𝔦', 'ファイル', '。', 'é', 'e\u0301',
  '<|endoftext|>', '<|im_start|>', ' the', "don't", 'HTTPResponse', '12345', '{"type":"string"}', '\r\n', '   x', '\t', '\u00a0', '\u0000',
  'Ǆa', '\u200b', '\u2028', 'ÿþ', '\u{10ffff}', '\ufffd',
];
const codeUnits = fc.array(fc.integer({ min: 0, max: 0xffff }), { maxLength: 80 }).map((xs) => String.fromCharCode(...xs));
const text = fc.oneof(
  { weight: 3, arbitrary: fc.array(fc.constantFrom(...FRAGMENTS), { maxLength: 40 }).map((xs) => xs.join('')) },
  { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 200 }) },
  { weight: 2, arbitrary: codeUnits },
  { weight: 1, arbitrary: fc.string({ unit: 'grapheme', maxLength: 200 }) },
);

describe('the compact token table', () => {
  it('counts every text token of the vocabulary as the library does', () => {
    const batch = table.batch!();
    const differ: string[] = [];
    for (const token of ranks) {
      if (typeof token !== 'string') continue;
      if (table.count(token) !== library.count(token) || batch.count(token) !== library.count(token)) differ.push(token);
    }
    expect(differ).toEqual([]);
  });

  it('counts random text as the library does, text by text and as one batch', () => {
    const batch = table.batch!();
    fc.assert(
      fc.property(text, (t) => {
        const expected = library.count(t);
        expect(table.count(t)).toBe(expected);
        expect(batch.count(t)).toBe(expected);
      }),
      { numRuns: 3000 },
    );
  });

  it('counts exactly (without slicing long runs) as gpt-tokenizer counts', async () => {
    const { countTokens } = await import('gpt-tokenizer/encoding/o200k_base');
    for (const t of [`${' '.repeat(1500)}x`, 'ab'.repeat(700), 'Reads a file.', '\uFEFFusing']) {
      expect(table.exact(t)).toBe(countTokens(t, { disallowedSpecial: new Set() }));
    }
  });

  it('counts the cases that differ from a plain byte lookup as the library does', () => {
    for (const t of ['\uFEFF', '\uFEFFusing', 'x\uFEFFusing', '\uFEFF\uFEFF', ' \uFEFF', '\ud800', '\ud800\ud800', `${' '.repeat(3000)}x`, 'é'.repeat(2000)]) {
      expect(table.count(t), JSON.stringify(t.slice(0, 20))).toBe(library.count(t));
    }
    expect(table.count('\uFEFFusing')).toBe(3); // not 1: gpt-tokenizer 3.4.0 never finds its BOM tokens
  });

  it('keeps its source label, and refuses what it cannot hold or read', () => {
    const small: RankTable = ['a', 'b', 'ab', [0xe3, 0x81]];
    const encoded = encodeTokenTable(small, 'tiny');
    expect(tokenTableSource(encoded)).toBe('tiny');
    expect(tableTokenCounter(encoded).count('abab')).toBe(2);
    expect(() => encodeTokenTable(['a', 'a'], 'x')).toThrow(/same bytes as rank 0/);
    expect(() => encodeTokenTable(['a', '\ud800'], 'x')).toThrow(/lone surrogate/);
    expect(() => encodeTokenTable(['x'.repeat(129)], 'x')).toThrow(/129 bytes/);
    // eslint-disable-next-line no-sparse-arrays -- a hole is what the check is for
    expect(() => encodeTokenTable(['a', , 'b'] as unknown as RankTable, 'x')).toThrow(/rank 1 is missing/);
    expect(() => tableTokenCounter(encoded.subarray(0, encoded.length - 1))).toThrow(/truncated/);
    expect(() => tableTokenCounter(new Uint8Array(24))).toThrow(/not a toolmark token table/);
    const otherFormat = Uint8Array.from(encoded);
    otherFormat[4] = 9;
    expect(() => tableTokenCounter(otherFormat)).toThrow(/format 9/);
  });
});
