// Kind `covers` (rules v3, issue 25 point 6): a general search whose own text claims the job of a more
// specific search of the same server (`brave_web_search` "News searches for recent events …" beside
// `brave_news_search`). Reason: a request for news fits both, and the general tool says it is for it.
import { stem } from '../../../text/words.js';
import { DEEP_WORDS, SEARCH_VERBS } from './lexicon.js';
import type { Traits } from './traits.js';

/** Words that do not make a search specific: what every search is over. */
const GENERAL = new Set(['web', 'internet', 'online', 'general', 'all', 'global']);
const object = (t: Traits): string[] => t.words.filter((w) => !SEARCH_VERBS.has(w) && !DEEP_WORDS.has(w));

function claims(general: Traits, specific: Traits): string[] | undefined {
  // Words both names have (a product prefix on a small server) say nothing of either's object.
  const g = object(general).filter((w) => !specific.words.includes(w));
  if (!g.every((w) => GENERAL.has(w))) return undefined;
  const s = object(specific).filter((w) => !GENERAL.has(w) && !general.words.includes(w));
  if (s.length !== 1) return undefined;
  return general.ownHasStem(stem(s[0]!)) ? s : undefined;
}

/** Both search; one is general (its name searches the web or nothing in particular) and its text names the other's object. */
export function coversPair(a: Traits, b: Traits): { tool: string; words: string[] } | undefined {
  if (!a.search || !b.search) return undefined;
  const byA = claims(a, b);
  if (byA !== undefined) return { tool: a.name, words: byA };
  const byB = claims(b, a);
  return byB === undefined ? undefined : { tool: b.name, words: byB };
}
