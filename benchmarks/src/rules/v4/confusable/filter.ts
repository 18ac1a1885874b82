// Kind `filter` (rules v4, issue 25 pairs, second round): a listing that takes a search term beside a search
// of the same things — gitlab's `list_projects` (`search`: "Search term for projects") / `search_repositories`
// "Search for GitLab projects". Reason: "find the projects named foo" fits both: the listing searches
// through its parameter, the search lists what it finds. The search's name or opening must say the
// listing's object (a search of merge requests is no search of projects).
import { stem } from '../../../text/words.js';
import { FILTER_PARAMS, LIST_VERBS, NAME_FILLER } from './lexicon.js';
import type { Traits } from './traits.js';

const job = (t: Traits): string[] => t.words.filter((w) => !t.product.includes(w) && !NAME_FILLER.has(w));

function lists(x: Traits, y: Traits): { tool: string; words: string[] } | undefined {
  const jx = job(x);
  if (jx.length < 2 || !LIST_VERBS.has(jx[0]!) || x.search || !y.search) return undefined;
  const term = x.params.find((q) => FILTER_PARAMS.has(q));
  if (term === undefined) return undefined;
  const object = jx.slice(1).map(stem);
  const said = new Set([...y.stemList, ...[...y.first].map(stem)]);
  return object.every((w) => said.has(w)) ? { tool: x.name, words: [term] } : undefined;
}

export const filterPair = (a: Traits, b: Traits): { tool: string; words: string[] } | undefined => lists(a, b) ?? lists(b, a);
