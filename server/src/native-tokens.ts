// The o200k token counter of a process that lints once (the CLI): the compact table that `npm run build`
// writes beside the built code (server/dist/o200k_base.tokens; in the packed CLI, beside its bundle) loads
// in a few milliseconds, where gpt-tokenizer's own table (2.2 MB of JavaScript and a Map of 200 000
// strings) takes ~150 ms of a ~0.4 s run. Same counts (benchmarks/src/token-table.ts and its tests).
// Without the file (a build by `tsc -b` alone) it is gpt-tokenizer's own, as everywhere else.
import { readFileSync } from 'node:fs';
import { loadTokenCounter, tableTokenCounter, type TokenCounter } from '@toolmark/benchmarks';

/** File name of the compact table, beside the module that reads it. */
export const TOKEN_TABLE_FILE = 'o200k_base.tokens';

/** The compact table's counter when its file is beside this module, else gpt-tokenizer's. */
export async function cliTokenCounter(): Promise<TokenCounter> {
  let data: Uint8Array;
  try {
    data = readFileSync(new URL(`./${TOKEN_TABLE_FILE}`, import.meta.url));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return loadTokenCounter();
    throw error;
  }
  return tableTokenCounter(data);
}
