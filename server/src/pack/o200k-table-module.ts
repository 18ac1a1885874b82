// In the packed CLI this module stands for gpt-tokenizer's `encoding/o200k_base` (2.2 MB of JavaScript,
// a third of the tarball): the core's loadTokenCounter() imports it (evaluations' token figures; lint
// takes the table directly, see native-tokens.ts), and gets the counts of the compact table beside the
// bundle, which are the library's (benchmarks/src/token-table.ts). Only what the core uses is here.
import { readFileSync } from 'node:fs';
import { tableTokenCounter } from '@toolmark/benchmarks';
import { TOKEN_TABLE_FILE } from '../native-tokens.js';

const counter = tableTokenCounter(readFileSync(new URL(`./${TOKEN_TABLE_FILE}`, import.meta.url)));

/** gpt-tokenizer's countTokens as the core calls it (`disallowedSpecial: new Set()`: special-token markers are text). */
export function countTokens(text: string, options: { disallowedSpecial?: Set<string> } = {}): number {
  if (options.disallowedSpecial?.size !== 0) throw new Error('the packed CLI counts special-token markers as text only (disallowedSpecial: new Set())');
  return counter.exact(text);
}

/** No library internals: the core then counts every text with countTokens. */
export default {};
