// Kind `batch` (rules v3, issue 25 point 6): the same action on one item and on several (`read_file` /
// `read_multiple_files`, `create_or_update_file` / `push_files` "multiple files"). Reason: a request for one
// item fits the batch tool and a request for two fits either; unless the text says when to batch, a model
// picks by chance. Settled when the batch tool compares itself with doing it one by one.
import { stem } from '../../../text/words.js';
import { MANY_WORDS } from './lexicon.js';
import type { Traits } from './traits.js';

/** Action classes of name verbs: two verbs of one class do one job. */
const CLASSES: Record<string, string> = {};
for (const [cls, verbs] of Object.entries({
  read: 'read get fetch retrieve view show download open',
  write: 'create update write push upload commit put save set upsert edit',
  delete: 'delete remove',
  fill: 'fill type enter input',
})) {
  for (const v of verbs.split(' ')) CLASSES[v] = cls;
}

const verbClass = (t: Traits): string | undefined => {
  for (const w of t.words) if (CLASSES[w] !== undefined) return CLASSES[w];
  return undefined;
};
const head = (t: Traits): string | undefined => {
  const nouns = t.words.filter((w) => CLASSES[w] === undefined && !MANY_WORDS.has(w));
  const last = nouns.at(-1);
  return last === undefined ? undefined : stem(last);
};

/** One of the two acts on many items, the other does not, with one action class and one head. */
export function batchPair(a: Traits, b: Traits): { tool: string; words: string[] } | undefined {
  if (a.many === b.many) return undefined;
  const cls = verbClass(a);
  if (cls === undefined || cls !== verbClass(b)) return undefined;
  const h = head(a);
  if (h === undefined || h !== head(b)) return undefined;
  const many = a.many ? a : b;
  return { tool: many.name, words: many.words.filter((w) => MANY_WORDS.has(w)) };
}
