/** Counts tokens of a text with a real tokenizer. */
export interface TokenCounter {
  /** Tokenizer id recorded with results, e.g. `o200k_base`. */
  id: string;
  count(text: string): number;
  /**
   * A counter for one batch of texts (one lint) that remembers what it has counted; same counts as
   * `count`. Optional: a counter without it is used as it is.
   */
  batch?(): TokenCounter;
}

let loading: Promise<TokenCounter> | undefined;

// Byte-pair encoding is quadratic in the length of one pre-token piece, and a piece is a run of letters,
// of punctuation or of whitespace: 100 000 spaces take ~10 s. Runs this long never occur in real tool
// text; when one does, it is counted in slices of RUN_SLICE characters (within a token or two of the
// exact count) so a hostile description cannot stall the linter.
const LONG_RUN = /[\p{L}\p{M}]{512,}|[^\s\p{L}\p{N}]{512,}|\s{512,}/gu;
const RUN_SLICE = 256;
const RUN_MIN = 512;

const LETTER_OR_MARK = /[\p{L}\p{M}]/u;
const SPACE = /\s/u;
const NUMBER = /\p{N}/u;

/** Class of the character at `i` for run detection: 0 letter/mark, 1 whitespace, 2 punctuation/other, 3 digit. */
function classAt(text: string, i: number): number {
  const c = text.charCodeAt(i);
  if (c < 128) {
    if ((c >= 65 && c <= 90) || (c >= 97 && c <= 122)) return 0;
    if (c === 32 || (c >= 9 && c <= 13)) return 1;
    return c >= 48 && c <= 57 ? 3 : 2;
  }
  const at = c >= 0xdc00 && c <= 0xdfff && i > 0 ? i - 1 : i; // the low half of a pair: its pair
  const ch = String.fromCodePoint(text.codePointAt(at)!);
  return LETTER_OR_MARK.test(ch) ? 0 : SPACE.test(ch) ? 1 : NUMBER.test(ch) ? 3 : 2;
}

const BLOCK = RUN_MIN / 2;

/**
 * True when the text may hold a run of RUN_MIN letters, whitespace or punctuation. Such a run covers a
 * whole aligned block of RUN_MIN / 2 characters of one class, and most blocks are told apart by three
 * samples, so the check reads a few characters per block instead of every character.
 */
export function hasLongRun(text: string): boolean {
  if (text.length < RUN_MIN) return false;
  for (let start = 0; start + BLOCK <= text.length; start += BLOCK) {
    const k = classAt(text, start);
    if (k === 3 || classAt(text, start + BLOCK - 1) !== k || classAt(text, start + (BLOCK >> 1)) !== k) continue;
    let uniform = true;
    for (let i = start + 1; i < start + BLOCK && uniform; i++) uniform = classAt(text, i) === k;
    if (uniform) return true;
  }
  return false;
}

/** Count with `count`, slicing pathological runs (see LONG_RUN); exact for every text without one. */
export function countLinear(text: string, count: (text: string) => number): number {
  if (!hasLongRun(text)) return count(text);
  let total = 0;
  let last = 0;
  LONG_RUN.lastIndex = 0;
  for (const m of text.matchAll(LONG_RUN)) {
    if (m.index > last) total += count(text.slice(last, m.index));
    const run = [...m[0]];
    for (let i = 0; i < run.length; i += RUN_SLICE) total += count(run.slice(i, i + RUN_SLICE).join(''));
    last = m.index + m[0].length;
  }
  if (last < text.length) total += count(text.slice(last));
  return total;
}

// o200k_base's pre-tokenizer pattern, as gpt-tokenizer 3.4.0 defines it (checked against the library's when
// it loads). Sticky, so `test` checks the piece starting exactly at lastIndex and allocates no match.
const O200K_PIECE = new RegExp(
  String.raw`[^\r\n\p{L}\p{N}]?[\p{Lu}\p{Lt}\p{Lm}\p{Lo}\p{M}]*[\p{Ll}\p{Lm}\p{Lo}\p{M}]+(?:'(?:[sS]|[dD]|[mM]|[tT]|[lL][lL]|[vV][eE]|[rR][eE]))?|[^\r\n\p{L}\p{N}]?[\p{Lu}\p{Lt}\p{Lm}\p{Lo}\p{M}]+[\p{Ll}\p{Lm}\p{Lo}\p{M}]*(?:'(?:[sS]|[dD]|[mM]|[tT]|[lL][lL]|[vV][eE]|[rR][eE]))?|\p{N}{1,3}| ?[^\s\p{L}\p{N}]+[\r\n/]*|\s*[\r\n]+|\s+(?!\S)|\s+`,
  'uy',
);

/**
 * A counter that splits text into o200k pre-token pieces itself and remembers each piece's count
 * (`countPiece`: the tokens of one piece). The tokenizer encodes every piece on its own and sums, so the
 * total is the same; but a surface repeats a few hundred to a few thousand distinct pieces (`{"`, `":"`,
 * `type`, ` the`) tens of thousands of times, and a small map of them is about twice as fast as the
 * tokenizer's own path through its 200 000-entry tables. `exact` counts a text that has a pathological run.
 */
export function pieceCounter(countPiece: (piece: string) => number, exact: (text: string) => number): (text: string) => number {
  const memo = new Map<string, number>();
  return (text) => {
    if (hasLongRun(text)) return countLinear(text, exact);
    let total = 0;
    let start = 0;
    O200K_PIECE.lastIndex = 0;
    while (start < text.length) {
      // Every character starts a piece; should that ever not hold, the library counts the whole text.
      if (!O200K_PIECE.test(text)) return exact(text);
      const end = O200K_PIECE.lastIndex;
      const piece = text.slice(start, end);
      let n = memo.get(piece);
      if (n === undefined) memo.set(piece, (n = countPiece(piece)));
      total += n;
      start = end;
    }
    return total;
  };
}

/** The per-piece internals of gpt-tokenizer's BytePairEncodingCore (private in its types; version pinned). */
interface PieceEncoder {
  tokenSplitRegex: RegExp;
  getBpeRankFromString(piece: string): number | undefined;
  bytePairEncode(piece: string): number[];
}

/** The library's own per-piece count, when its internals are the ones pieceCounter was written against. */
function libraryPieceCount(api: unknown): ((piece: string) => number) | undefined {
  const core = (api as { bytePairEncodingCoreProcessor?: Partial<PieceEncoder> }).bytePairEncodingCoreProcessor;
  if (
    core?.tokenSplitRegex?.source !== O200K_PIECE.source ||
    typeof core.getBpeRankFromString !== 'function' ||
    typeof core.bytePairEncode !== 'function'
  ) {
    return undefined;
  }
  const encoder = core as PieceEncoder;
  // What the library's countNative adds for one piece: one token when the piece is a token, else its merge.
  return (piece) => (encoder.getBpeRankFromString(piece) !== undefined ? 1 : encoder.bytePairEncode(piece).length);
}

/**
 * The o200k_base tokenizer (gpt-tokenizer), loaded once and lazily: its rank tables cost ~200 ms to load,
 * so commands that never count tokens never pay for them.
 */
export function loadTokenCounter(): Promise<TokenCounter> {
  loading ??= import('gpt-tokenizer/encoding/o200k_base').then((m) => {
    // Special-token markers such as <|endoftext|> in a description are ordinary text to a provider's
    // tokenizer for tool definitions: count them as text instead of refusing them.
    const exact = (text: string) => m.countTokens(text, { disallowedSpecial: new Set() });
    const countPiece = libraryPieceCount(m.default);
    return {
      id: 'o200k_base',
      count: (text: string) => countLinear(text, exact),
      // Without the expected internals (another library version) every count takes the library's path.
      ...(countPiece ? { batch: () => ({ id: 'o200k_base', count: pieceCounter(countPiece, exact) }) } : {}),
    };
  });
  return loading;
}
