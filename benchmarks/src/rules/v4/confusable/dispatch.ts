// Kind `dispatch` (rules v4, issue 25 point 6): a multi-action tool whose action parameter offers a
// sibling's whole job — `browser_tabs` "List, create, close, or select a browser tab" (`action: list | new |
// close | select`) beside `browser_close` "Close the page". Reason: "close the tab" fits both, and nothing
// but the maintainer's text can say which to use. The sibling's name must say only that action (after the
// product's words), or that action on a thing the multi-action tool's name also names.
import { stem } from '../../../text/words.js';
import { NAME_FILLER } from './lexicon.js';
import type { Traits } from './traits.js';

const job = (t: Traits): string[] => t.words.filter((w) => !t.product.includes(w) && !NAME_FILLER.has(w));

function covers(multi: Traits, single: Traits): boolean {
  if (multi.actions.size < 2) return false;
  const [verb, ...rest] = job(single);
  if (verb === undefined || rest.length > 1 || !multi.actions.has(verb)) return false;
  // The single tool is not itself a multi-action tool of the same actions.
  if (single.actions.has(verb)) return false;
  return rest.length === 0 || job(multi).map(stem).includes(stem(rest[0]!));
}

/** One tool's action parameter offers the other's whole job. */
export function dispatchPair(a: Traits, b: Traits): { tool: string; words: string[] } | undefined {
  if (covers(a, b)) return { tool: a.name, words: [job(b)[0]!] };
  if (covers(b, a)) return { tool: b.name, words: [job(a)[0]!] };
  return undefined;
}
