// Kind `qualified` (rules v3, issue 25 point 6, "generic vs specific by verb/object coverage"): a tool
// named by a bare thing (`feedback`) beside a tool named by a kind of that thing (`search_feedback`), when
// the bare tool's first sentence says it covers that kind too ("Submit feedback for a completed search,
// scrape, parse, or map job"). Reason: a request about the narrower thing fits both names, and the general
// tool claims it; unless one says which to use, a model picks by chance. v2 misses it because the
// qualifying word is often an action used as a noun ("search" feedback), and v2 reads an added action as a
// different job.
import { stem } from '../../../text/words.js';
import { ACTIONS, concept } from '../../v2/confusable-concepts.js';
import type { Traits } from './traits.js';

/** `general` is one bare thing, `specific` ends with it after one or two qualifying words its first sentence says. */
function qualifies(general: Traits, specific: Traits): string[] | undefined {
  // Most pairs end here, without an allocation: the specific name is one or two words longer and ends with the same thing.
  const longer = specific.words.length - general.words.length;
  if (longer < 1 || longer > 2 || general.stemList.at(-1) !== specific.stemList.at(-1)) return undefined;
  // A prefix both names start with (the product, on a server too small for it to count as boilerplate) says
  // nothing of either: `acme_feedback` / `acme_search_feedback` compare as `feedback` / `search_feedback`.
  let k = 0;
  while (k < general.words.length - 1 && general.words[k] === specific.words[k]) k++;
  const [g, s] = [general.words.slice(k), specific.words.slice(k)];
  if (g.length !== 1 || s.length < 2 || s.length > 3) return undefined;
  const thing = g[0]!;
  if (general.stemList[k] !== specific.stemList.at(-1) || ACTIONS.has(concept(thing))) return undefined;
  const extra = s.slice(0, -1);
  const said = new Set([...general.first].map(stem));
  return extra.every((w) => said.has(stem(w))) ? extra : undefined;
}

/** One tool's name is a bare thing, the other's a kind of it that the first claims in its first sentence. */
export function qualifiedPair(a: Traits, b: Traits): { tool: string; words: string[] } | undefined {
  const byB = qualifies(a, b);
  if (byB !== undefined) return { tool: b.name, words: byB };
  const byA = qualifies(b, a);
  return byA === undefined ? undefined : { tool: a.name, words: byA };
}
