import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { loadTokenCounter, pieceCounter } from './tokens.js';

// Pieces that exercise every branch of the o200k pre-tokenizer: contractions, capitals, digits, CJK,
// marks, emoji, punctuation runs, newlines and the whitespace look-ahead.
const FRAGMENTS = [
  'Reads', ' the', "don't", "WE'LL", 'HTTPResponse', '12345', ' 7', '{"type":"string"}', '":"', '\n', '\r\n', '  ', '   x',
  '\t', ' \n ', 'ファイルを読み込みます', '。', 'é', 'e\u0301', '😀', '👩‍💻', '<|endoftext|>', '--', '//', '\u00a0', 'Ǆa',
];
const mixedText = fc.oneof(
  { weight: 3, arbitrary: fc.array(fc.constantFrom(...FRAGMENTS), { maxLength: 60 }).map((xs) => xs.join('')) },
  { weight: 2, arbitrary: fc.string({ maxLength: 200 }) },
  { weight: 2, arbitrary: fc.string({ unit: 'grapheme', maxLength: 200 }) },
  { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 200 }) },
);

describe('the batch counter (pieceCounter)', () => {
  it('is offered for the pinned gpt-tokenizer and counts exactly as the library does', async () => {
    const counter = await loadTokenCounter();
    const { countTokens } = await import('gpt-tokenizer/encoding/o200k_base');
    expect(counter.batch).toBeTypeOf('function');
    const batch = counter.batch!();
    expect(batch.id).toBe(counter.id);
    // One batch over many texts: the remembered pieces must never change a later count.
    fc.assert(
      fc.property(mixedText, (text) => {
        expect(batch.count(text)).toBe(countTokens(text, { disallowedSpecial: new Set() }));
      }),
      { numRuns: 2000 },
    );
  });

  it('gives the same count as count() on long texts, with or without pathological runs', async () => {
    const counter = await loadTokenCounter();
    const batch = counter.batch!();
    for (const text of [
      'Reads a file. '.repeat(500),
      `Reads ${' '.repeat(2000)} the file ${'-'.repeat(1000)} now`,
      `{"description":"x","input_schema":${JSON.stringify({ type: 'object', properties: { a: { type: 'string' } } })}}`.repeat(50),
    ]) {
      expect(batch.count(text)).toBe(counter.count(text));
    }
  });

  it('remembers a piece once per batch', () => {
    const seen: string[] = [];
    const count = pieceCounter(
      (piece) => (seen.push(piece), 1),
      () => -1,
    );
    expect(count('the the the')).toBe(3);
    expect(seen).toEqual(['the', ' the']);
  });
});
