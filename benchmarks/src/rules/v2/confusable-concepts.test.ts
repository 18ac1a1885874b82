import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { joinCompounds } from './confusable-concepts.js';
import { COMPOUNDS } from './lexicons.js';

// compoundAt looks compounds up word by word (a tree built from COMPOUNDS at load); these compare it with
// the plain reading of COMPOUNDS it replaced: at a word that starts a compound, the words joined by
// spaces, three tried before two.
const FIRST = new Set(Object.keys(COMPOUNDS).map((c) => c.split(' ')[0]!));
function joinByKeys(words: string[]): string[] {
  const out: string[] = [];
  for (let k = 0; k < words.length; k++) {
    if (!FIRST.has(words[k]!)) {
      out.push(words[k]!);
      continue;
    }
    const three = k + 2 < words.length ? COMPOUNDS[`${words[k]} ${words[k + 1]} ${words[k + 2]}`] : undefined;
    const two = k + 1 < words.length ? COMPOUNDS[`${words[k]} ${words[k + 1]}`] : undefined;
    if (three !== undefined) {
      out.push(three);
      k += 2;
    } else if (two !== undefined) {
      out.push(two);
      k += 1;
    } else out.push(words[k]!);
  }
  return out;
}

const compoundWords = [...new Set(Object.keys(COMPOUNDS).flatMap((c) => c.split(' ')))];
const words = fc.array(fc.oneof(fc.constantFrom(...compoundWords, 'file', 'a', 'the', 'or'), fc.constantFrom('create or', 'or update', 'sign in'), fc.string({ maxLength: 4 })), { maxLength: 12 });

describe('compounds (rules v2)', () => {
  it('joins every compound of the lexicon, as written and inside other words', () => {
    for (const c of Object.keys(COMPOUNDS)) {
      const ws = c.split(' ');
      expect(joinCompounds(['x', ...ws, 'y'])).toEqual(['x', COMPOUNDS[c], 'y']);
      expect(joinCompounds(ws.slice(0, -1))).toEqual(joinByKeys(ws.slice(0, -1)));
    }
  });

  it('reads any sequence of words as COMPOUNDS joined by spaces does (words with spaces included)', () => {
    fc.assert(
      fc.property(words, (ws) => {
        expect(joinCompounds(ws)).toEqual(joinByKeys(ws));
      }),
      { numRuns: 2000, seed: 12 },
    );
  });
});
