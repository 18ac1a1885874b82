import { ENGLISH_WORDS } from './english-words-data.js';

// Nonsense words earn nothing (issue 25): "Use this when you need to quibble the vorp" names nothing a
// model can act on. Whether a Latin-script word is English is read from a Bloom filter of the word list of
// the npm package `an-array-of-english-words` (MIT, ~275 000 words, wooorm), generated at build time by
// `src/scripts/english-words.ts` into english-words-data.ts (a hash input of v3: a new list is a new
// version). A filter, not the list: ~190 KB instead of ~3 MB in every bundle that lints. Its false
// positives (a nonsense word read as English, ~1 % per form tried) only ever give a word the benefit of
// the doubt. Inflected forms whose base is in the list are left out of the filter and found through
// `baseForms` (the generator and the lookup use the same function).

/** The word itself and the bases its English endings may come from ("pods" → pod, "listing" → list, list e). */
export function baseForms(word: string): string[] {
  const out = [word];
  const n = word.length;
  if (n > 3 && word.endsWith("'s")) out.push(word.slice(0, -2));
  if (n > 3 && word.endsWith('s')) out.push(word.slice(0, -1));
  if (n > 4 && word.endsWith('es')) out.push(word.slice(0, -2));
  if (n > 4 && word.endsWith('ies')) out.push(`${word.slice(0, -3)}y`);
  if (n > 4 && word.endsWith('ed')) out.push(word.slice(0, -2), word.slice(0, -1));
  if (n > 5 && word.endsWith('ing')) {
    const base = word.slice(0, -3);
    out.push(base, `${base}e`);
    if (base.at(-1) === base.at(-2)) out.push(base.slice(0, -1));
  }
  if (n > 4 && word.endsWith('ly')) out.push(word.slice(0, -2));
  if (n > 4 && word.endsWith('er')) out.push(word.slice(0, -2), word.slice(0, -1));
  return out;
}

/** FNV-1a (32 bits) of a string with a seed: the two hashes of the filter's double hashing. */
export function fnv1a(text: string, seed: number): number {
  let h = (0x811c9dc5 ^ seed) >>> 0;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h >>> 0;
}

/** The bit positions of a word in a filter of `bits` bits with `hashes` hashes. */
export function bloomPositions(word: string, bits: number, hashes: number): number[] {
  const a = fnv1a(word, 0);
  const b = fnv1a(word, 0x5bd1e995) | 1;
  const out: number[] = [];
  for (let i = 0; i < hashes; i++) out.push(((a + Math.imul(i, b)) >>> 0) % bits);
  return out;
}

let filter: Uint8Array | undefined;

/** The filter's bytes, decoded from base64 on first use (pure: no Buffer, no I/O). */
function bytes(): Uint8Array {
  if (filter !== undefined) return filter;
  const bin = atob(ENGLISH_WORDS.data);
  const out = new Uint8Array(bin.length);
  for (let i = 0; i < bin.length; i++) out[i] = bin.charCodeAt(i);
  return (filter = out);
}

/** True when the filter holds this exact lower-case form. */
function inFilter(word: string): boolean {
  const b = bytes();
  for (const p of bloomPositions(word, ENGLISH_WORDS.bits, ENGLISH_WORDS.hashes)) if ((b[p >>> 3]! & (1 << (p & 7))) === 0) return false;
  return true;
}

const memo = new Map<string, boolean>();

/** True when a lower-case Latin word (a–z, apostrophes) is English: it or one of its base forms is in the list. */
export function isEnglishWord(word: string): boolean {
  let known = memo.get(word);
  if (known === undefined) {
    known = baseForms(word).some(inFilter);
    // Bounded: a surface has a few thousand distinct words; a long-running service sees many surfaces.
    if (memo.size > 50_000) memo.clear();
    memo.set(word, known);
  }
  return known;
}
