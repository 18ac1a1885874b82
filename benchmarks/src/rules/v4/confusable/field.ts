// Kind `field` (rules v4, issue 25 pairs, second round): a general update that takes, among its fields,
// everything a specific update of one field takes — gitlab's `update_project` (`default_branch` among 20
// settings) / `update_default_branch`, `update_item` (status, level, title …) / `set_item_status`. Reason:
// "make main the default branch" fits both; the general tool's text claims the field, the specific one's
// name claims the job. The specific name's own words must be the general tool's parameter (`default_branch`),
// and every parameter of the specific tool one the general takes too.
import { identifierTokens } from '../../../text/words.js';
import { NAME_FILLER, UPDATE_VERBS } from './lexicon.js';
import type { Traits } from './traits.js';

const job = (t: Traits): string[] => t.words.filter((w) => !t.product.includes(w) && !NAME_FILLER.has(w));

function claims(general: Traits, specific: Traits): { tool: string; words: string[] } | undefined {
  const [jg, js] = [job(general), job(specific)];
  if (jg.length < 2 || js.length < 2 || !UPDATE_VERBS.has(jg[0]!) || !UPDATE_VERBS.has(js[0]!)) return undefined;
  if (specific.params.length === 0 || general.params.length <= specific.params.length) return undefined;
  if (!specific.params.every((q) => general.params.includes(q))) return undefined;
  const extra = js.slice(1).filter((w) => !jg.includes(w));
  if (extra.length === 0) return undefined;
  const field = general.params.find((q) => {
    const tokens = identifierTokens(q).map((w) => w.toLowerCase());
    return extra.every((w) => tokens.includes(w)) && specific.params.includes(q);
  });
  return field === undefined ? undefined : { tool: general.name, words: [field] };
}

export const fieldPair = (a: Traits, b: Traits): { tool: string; words: string[] } | undefined => claims(a, b) ?? claims(b, a);
