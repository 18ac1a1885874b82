// Kind `depth` (rules v3, issue 25 point 6): two searches of one product over the same thing that differ
// in depth — a quick search and a deep research. Reason: a request for either fits both names ("search",
// "research"), and only the cost and the answer's depth differ, which a model cannot guess.
import { DEEP_WORDS, SEARCH_VERBS } from './lexicon.js';
import type { Traits } from './traits.js';

const object = (t: Traits): string[] => t.words.filter((w) => !SEARCH_VERBS.has(w) && !DEEP_WORDS.has(w) && w !== 'start' && w !== 'quick' && w !== 'fast');

/** Both search, one says it goes deep, and their names search the same thing (or name none). */
export function depthPair(a: Traits, b: Traits): { tool: string; words: string[] } | undefined {
  if (!a.search || !b.search || a.deep === b.deep) return undefined;
  const [x, y] = [object(a), object(b)];
  if (x.length !== y.length || !x.every((w) => y.includes(w))) return undefined;
  const deep = a.deep ? a : b;
  return { tool: deep.name, words: deep.words.filter((w) => DEEP_WORDS.has(w)) };
}
