// A compact o200k rank table: gpt-tokenizer's ranks as raw bytes, built once (by the CLI's build) and read
// by a process that lints once. gpt-tokenizer keeps its table as a 2.2 MB JavaScript array of 200 000
// strings and builds a Map of them at load, ~150 ms of a 0.4 s CLI run on a 2-core machine; this table is
// one byte array (a ready hash table of the ranks, their lengths and the tokens' UTF-8 bytes) that a reader
// maps in a few ms. The counting follows gpt-tokenizer 3.4.0's byte-pair merge step for step, so counts are
// the library's (tests compare them on every token of the vocabulary, the golden surfaces, random text).
// Not in text/: the rules hash covers text/ (code that decides results), and this gives the same results.
import { O200K_TOKEN_SPLIT_REGEX } from 'gpt-tokenizer/encodingParams/constants';
import { countLinear, pieceCounter, type TokenCounter } from './text/tokens.js';

const MAGIC = [0x54, 0x4d, 0x54, 0x54]; // "TMTT"
/** Format of the table; a reader refuses any other. */
export const TOKEN_TABLE_FORMAT = 1;
// Layout (u32 little-endian): magic, format, rank count, slot count, source length; the source label
// (padded to 4 bytes); the hash slots (i32 each: rank + 1, 0 empty); one head byte per rank; the tokens' bytes.
const HEADER = 20;
// A head byte: the token's length − 1 (1–128 bytes), and this bit when gpt-tokenizer keeps the token as
// bytes rather than as text.
const BYTES_KIND = 0x80;

/** A rank table as gpt-tokenizer ships it: rank → the token's text, or its bytes when its text is not kept. */
export type RankTable = readonly (string | readonly number[])[];

const utf8 = new TextEncoder();
// A high surrogate not followed by a low one, or a low one not preceded by a high one.
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;
const LITTLE_ENDIAN = new Uint8Array(new Uint32Array([1]).buffer)[0] === 1;

// FNV-1a over the kind and the bytes; slots are probed linearly from it.
function hashBytes(bytes: Uint8Array, start: number, end: number, kind: number): number {
  let h = Math.imul(0x811c9dc5 ^ kind, 0x01000193);
  for (let i = start; i < end; i++) h = Math.imul(h ^ bytes[i]!, 0x01000193);
  return h >>> 0;
}

/**
 * The compact table of `ranks`, labelled with where it came from (e.g. `o200k_base gpt-tokenizer@3.4.0`).
 * Each rank keeps its kind (text or bytes), because gpt-tokenizer looks the two kinds up differently; the
 * hash slots are computed here, so a reader only maps them. Throws on what the format cannot hold: a
 * missing rank, a token of 0 or more than 128 bytes, text that is not well-formed, two ranks of one kind
 * with the same bytes.
 */
export function encodeTokenTable(ranks: RankTable, source: string): Uint8Array {
  const parts: Uint8Array[] = [];
  const kinds: number[] = [];
  let total = 0;
  for (let rank = 0; rank < ranks.length; rank++) {
    const value = ranks[rank];
    if (value === undefined) throw new Error(`rank ${rank} is missing`);
    if (typeof value === 'string' && LONE_SURROGATE.test(value)) throw new Error(`rank ${rank} is text with a lone surrogate`);
    const bytes = typeof value === 'string' ? utf8.encode(value) : Uint8Array.from(value);
    if (bytes.length === 0 || bytes.length > BYTES_KIND) throw new Error(`rank ${rank} has ${bytes.length} bytes (1–128 can be stored)`);
    parts.push(bytes);
    kinds.push(typeof value === 'string' ? 0 : BYTES_KIND);
    total += bytes.length;
  }
  let size = 1;
  while (size < ranks.length * 2) size <<= 1; // at most half full
  const label = utf8.encode(source);
  const slotsAt = HEADER + Math.ceil(label.length / 4) * 4;
  const headsAt = slotsAt + size * 4;
  const out = new Uint8Array(headsAt + ranks.length + total);
  const view = new DataView(out.buffer);
  out.set(MAGIC, 0);
  view.setUint32(4, TOKEN_TABLE_FORMAT, true);
  view.setUint32(8, ranks.length, true);
  view.setUint32(12, size, true);
  view.setUint32(16, label.length, true);
  out.set(label, HEADER);
  let at = headsAt + ranks.length;
  for (let r = 0; r < parts.length; r++) {
    const p = parts[r]!;
    out[headsAt + r] = (p.length - 1) | kinds[r]!;
    out.set(p, at);
    at += p.length;
    let i = hashBytes(p, 0, p.length, kinds[r]!) & (size - 1);
    while (view.getInt32(slotsAt + i * 4, true) !== 0) i = (i + 1) & (size - 1);
    view.setInt32(slotsAt + i * 4, r + 1, true);
  }
  const table = readTable(out);
  for (let rank = 0; rank < ranks.length; rank++) {
    const p = parts[rank]!;
    const found = table.rank(p, 0, p.length, kinds[rank] === BYTES_KIND);
    if (found !== rank) throw new Error(`rank ${rank} has the same bytes as rank ${found}`);
  }
  return out;
}

/** Where a table came from, as written by {@link encodeTokenTable}. */
export function tokenTableSource(table: Uint8Array): string {
  return readTable(table).source;
}

interface Table {
  source: string;
  /** The rank of the token of that kind (text or bytes) whose bytes are key[start, end), or -1. */
  rank(key: Uint8Array, start: number, end: number, bytesKind: boolean): number;
}

function readTable(data: Uint8Array): Table {
  if (data.length < HEADER || MAGIC.some((b, i) => data[i] !== b)) throw new Error('not a toolmark token table');
  const view = new DataView(data.buffer, data.byteOffset, data.byteLength);
  const format = view.getUint32(4, true);
  if (format !== TOKEN_TABLE_FORMAT) throw new Error(`token table format ${format}, this code reads ${TOKEN_TABLE_FORMAT}`);
  const count = view.getUint32(8, true);
  const size = view.getUint32(12, true);
  const labelLength = view.getUint32(16, true);
  const slotsAt = HEADER + Math.ceil(labelLength / 4) * 4;
  const headsAt = slotsAt + size * 4;
  if (size === 0 || (size & (size - 1)) !== 0 || headsAt + count > data.length) throw new Error('token table is truncated or damaged');
  const source = new TextDecoder().decode(data.subarray(HEADER, HEADER + labelLength));
  const heads = data.subarray(headsAt, headsAt + count);
  const bytesAt = headsAt + count;
  const offsets = new Uint32Array(count + 1);
  for (let r = 0, at = 0; r < count; r++) offsets[r + 1] = at += (heads[r]! & ~BYTES_KIND) + 1;
  if (bytesAt + offsets[count]! !== data.length) throw new Error('token table is truncated or has trailing bytes');
  const bytes = data.subarray(bytesAt);
  // The slots are used in place when they are aligned and the host is little-endian (every common one).
  let slots: Int32Array;
  if (LITTLE_ENDIAN && (data.byteOffset + slotsAt) % 4 === 0) slots = new Int32Array(data.buffer, data.byteOffset + slotsAt, size);
  else {
    slots = new Int32Array(size);
    for (let i = 0; i < size; i++) slots[i] = view.getInt32(slotsAt + i * 4, true);
  }
  const mask = size - 1;
  return {
    source,
    rank(key, start, end, bytesKind) {
      const n = end - start;
      if (n === 0 || n > BYTES_KIND) return -1;
      const head = (n - 1) | (bytesKind ? BYTES_KIND : 0);
      for (let i = hashBytes(key, start, end, bytesKind ? BYTES_KIND : 0) & mask; ; i = (i + 1) & mask) {
        const slot = slots[i]!;
        if (slot === 0) return -1;
        if (heads[slot - 1] !== head) continue;
        const s = offsets[slot - 1]!;
        let k = 0;
        while (k < n && bytes[s + k] === key[start + k]) k++;
        if (k === n) return slot - 1;
      }
    },
  };
}

/** gpt-tokenizer's isValidUTF8: well-formed UTF-8 (no overlong forms, surrogates or code points above U+10FFFF). */
function isValidUtf8(b: Uint8Array, start: number, end: number): boolean {
  let i = start;
  while (i < end) {
    const b1 = b[i]!;
    let n: number;
    let cp: number;
    if (b1 <= 0x7f) {
      i++;
      continue;
    } else if ((b1 & 0xe0) === 0xc0) {
      if (b1 <= 0xc1) return false;
      n = 2;
      cp = b1 & 0x1f;
    } else if ((b1 & 0xf0) === 0xe0) {
      n = 3;
      cp = b1 & 0x0f;
    } else if ((b1 & 0xf8) === 0xf0) {
      if (b1 > 0xf4) return false;
      n = 4;
      cp = b1 & 0x07;
    } else return false;
    if (i + n > end) return false;
    for (let j = 1; j < n; j++) {
      const c = b[i + j]!;
      if ((c & 0xc0) !== 0x80) return false;
      cp = (cp << 6) | (c & 0x3f);
    }
    if ((n === 3 && cp < 0x800) || (n === 4 && cp < 0x10000) || (cp >= 0xd800 && cp <= 0xdfff) || cp > 0x10ffff) return false;
    i += n;
  }
  return true;
}

/** A {@link TokenCounter} on a compact table, with the library's own unsliced count beside it. */
export interface TableTokenCounter extends TokenCounter {
  /** What gpt-tokenizer's `countTokens(text, { disallowedSpecial: new Set() })` gives: no slicing of long runs. */
  exact(text: string): number;
}

/**
 * An o200k counter on a table from {@link encodeTokenTable}: the same counts as gpt-tokenizer's
 * `countTokens(text, { disallowedSpecial: new Set() })` (special-token markers counted as text), with long
 * runs sliced as `loadTokenCounter`'s counter slices them.
 */
export function tableTokenCounter(data: Uint8Array): TableTokenCounter {
  const table = readTable(data);
  // gpt-tokenizer's getBpeRankFromBytes: valid UTF-8 is decoded (TextDecoder drops one leading BOM) and
  // looked up among the text tokens, anything else among the byte tokens.
  const bytesRank = (b: Uint8Array, start: number, end: number): number => {
    if (!isValidUtf8(b, start, end)) return table.rank(b, start, end, true);
    if (end - start >= 3 && b[start] === 0xef && b[start + 1] === 0xbb && b[start + 2] === 0xbf) start += 3;
    return start === end ? -1 : table.rank(b, start, end, false);
  };
  let buffer = new Uint8Array(1024);
  const starts: number[] = [];
  const pairRanks: number[] = [];
  const NONE = Number.POSITIVE_INFINITY;
  // gpt-tokenizer's bytePairMerge: join the adjacent pair of lowest rank (the first on a tie) until no
  // adjacent pair is a token; the count is the number of parts left (each part is a token: every byte is).
  const mergeCount = (n: number): number => {
    starts.length = 0;
    pairRanks.length = 0;
    const rankOf = (i: number): number => {
      const end = starts[i + 2];
      if (end === undefined) return NONE;
      const r = bytesRank(buffer, starts[i]!, end);
      return r < 0 ? NONE : r;
    };
    for (let i = 0; i <= n; i++) starts.push(i);
    for (let i = 0; i <= n; i++) pairRanks.push(i < n - 1 ? rankOf(i) : NONE);
    while (starts.length > 1) {
      let lowest = NONE;
      let at = -1;
      for (let i = 0; i < pairRanks.length - 1; i++) {
        if (pairRanks[i]! < lowest) {
          lowest = pairRanks[i]!;
          at = i;
        }
      }
      if (at === -1) break;
      starts.splice(at + 1, 1);
      pairRanks.splice(at, 1);
      pairRanks[at] = rankOf(at);
      if (at > 0) pairRanks[at - 1] = rankOf(at - 1);
    }
    return starts.length - 1;
  };
  // gpt-tokenizer's count of one piece: 1 when the piece is a text token (a lone surrogate never is), else
  // the merge of its UTF-8 bytes (TextEncoder writes U+FFFD for a lone surrogate).
  const countPiece = (piece: string): number => {
    if (buffer.length < piece.length * 3) buffer = new Uint8Array(piece.length * 3);
    const { written } = utf8.encodeInto(piece, buffer);
    if (!LONE_SURROGATE.test(piece) && table.rank(buffer, 0, written, false) >= 0) return 1;
    return mergeCount(written);
  };
  // The library's own pre-tokenizer, as its countTokens splits (pieceCounter splits with the same pattern).
  const split = new RegExp(O200K_TOKEN_SPLIT_REGEX.source, 'gu');
  const exact = (text: string): number => {
    let total = 0;
    for (const [piece] of text.matchAll(split)) total += countPiece(piece);
    return total;
  };
  return {
    id: 'o200k_base',
    count: (text: string) => countLinear(text, exact),
    batch: () => ({ id: 'o200k_base', count: pieceCounter(countPiece, exact) }),
    exact,
  };
}

/** gpt-tokenizer's own o200k_base rank table, the input of {@link encodeTokenTable} (2.2 MB of JavaScript: build time only). */
export async function loadO200kRanks(): Promise<RankTable> {
  return (await import('gpt-tokenizer/bpeRanks/o200k_base')).default as RankTable;
}
