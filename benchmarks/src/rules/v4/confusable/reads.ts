// Kind `reads` (rules v4, issue 25 pairs, second round): "get" and "list" of the same things, plural in
// both names, taking the same inputs — gitlab's `get_merge_request_diffs` / `list_merge_request_diffs`.
// Reason: both read many of one thing by one key (a merge request); the verbs say nothing a model can
// choose by (v2 tells `get_issue` from `list_issues` by the count, which here is the same).
import { stem } from '../../../text/words.js';
import { NAME_FILLER } from './lexicon.js';
import type { Traits } from './traits.js';

const READ = new Set(['get', 'list', 'fetch', 'retrieve']);
const job = (t: Traits): string[] => t.words.filter((w) => !t.product.includes(w) && !NAME_FILLER.has(w));

export function readsPair(a: Traits, b: Traits): { tool: string; words: string[] } | undefined {
  const [ja, jb] = [job(a), job(b)];
  if (ja.length < 2 || ja.length !== jb.length || ja[0] === jb[0] || !READ.has(ja[0]!) || !READ.has(jb[0]!)) return undefined;
  if (ja.slice(1).join(' ') !== jb.slice(1).join(' ')) return undefined;
  const head = ja[ja.length - 1]!;
  if (stem(head) === head) return undefined; // plural in both names
  if (a.ownParams.length === 0 || !a.ownParams.some((q) => b.ownParams.includes(q))) return undefined;
  return { tool: a.name, words: [ja[0]!, jb[0]!] };
}
