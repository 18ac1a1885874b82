/** Counts tokens of a text with a real tokenizer. */
export interface TokenCounter {
  /** Tokenizer id recorded with results, e.g. `o200k_base`. */
  id: string;
  count(text: string): number;
}

let loading: Promise<TokenCounter> | undefined;

// Byte-pair encoding is quadratic in the length of one pre-token piece, and a piece is a run of letters,
// of punctuation or of whitespace: 100 000 spaces take ~10 s. Runs this long never occur in real tool
// text; when one does, it is counted in slices of RUN_SLICE characters (within a token or two of the
// exact count) so a hostile description cannot stall the linter.
const LONG_RUN = /[\p{L}\p{M}]{512,}|[^\s\p{L}\p{N}]{512,}|\s{512,}/gu;
const RUN_SLICE = 256;

/** Count with `count`, slicing pathological runs (see LONG_RUN); exact for every text without one. */
export function countLinear(text: string, count: (text: string) => number): number {
  LONG_RUN.lastIndex = 0;
  if (!LONG_RUN.test(text)) return count(text);
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

/**
 * The o200k_base tokenizer (gpt-tokenizer), loaded once and lazily: its rank tables cost ~200 ms to load,
 * so commands that never count tokens never pay for them.
 */
export function loadTokenCounter(): Promise<TokenCounter> {
  loading ??= import('gpt-tokenizer/encoding/o200k_base').then((m) => {
    // Special-token markers such as <|endoftext|> in a description are ordinary text to a provider's
    // tokenizer for tool definitions: count them as text instead of refusing them.
    const exact = (text: string) => m.countTokens(text, { disallowedSpecial: new Set() });
    return { id: 'o200k_base', count: (text: string) => countLinear(text, exact) };
  });
  return loading;
}
