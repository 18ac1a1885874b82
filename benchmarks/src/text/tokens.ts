/** Counts tokens of a text with a real tokenizer. */
export interface TokenCounter {
  /** Tokenizer id recorded with results, e.g. `o200k_base`. */
  id: string;
  count(text: string): number;
}

let loading: Promise<TokenCounter> | undefined;

/**
 * The o200k_base tokenizer (gpt-tokenizer), loaded once and lazily: its rank tables cost ~200 ms to load,
 * so commands that never count tokens never pay for them.
 */
export function loadTokenCounter(): Promise<TokenCounter> {
  loading ??= import('gpt-tokenizer/encoding/o200k_base').then((m) => ({
    id: 'o200k_base',
    count: (text: string) => m.countTokens(text),
  }));
  return loading;
}
