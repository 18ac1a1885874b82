// Kind `batch` (rules v3, issue 25 point 6): the same action on one item and on several (`read_file` /
// `read_multiple_files`, `create_or_update_file` / `push_files` "multiple files"). Reason: a request for one
// item fits the batch tool and a request for two fits either; unless the text says when to batch, a model
// picks by chance. Settled when the batch tool compares itself with doing it one by one.
// Two ways to see it:
// - by name: one action class and one head noun, one of them saying "multiple" / "batch";
// - by parameters, when the names share nothing (`maps_directions(origin, destination)` /
//   `maps_distance_matrix(origins, destinations)` "for multiple origins and destinations"): one tool says it
//   acts on many, and each of the other's parameters (two or more) is a parameter of it or the singular of
//   one, at least one a singular — the same request for one item, asked of one tool or of the other with a
//   list of one; not when the names' verbs are of different classes (create vs read).
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

/** The plural forms a parameter name may take in a batch tool (`origin` → `origins`, `query` → `queries`). */
const plurals = (p: string): string[] => [`${p}s`, `${p}es`, ...(p.endsWith('y') ? [`${p.slice(0, -1)}ies`] : []), `${p}_list`, `${p}list`];

/**
 * The parameters of `one` that `many` takes as a list; undefined when any of them it does not take at all.
 * Two parameters at least: a lone locator (`path` / `paths`, `id` / `ids`) is what every tool of a surface
 * takes, and says nothing of the job (`create_directory(path)` is no single `read_multiple_files(paths)`).
 */
function listed(one: Traits, many: Traits): string[] | undefined {
  if (one.params.length < 2) return undefined;
  const have = new Set(many.params);
  const lists: string[] = [];
  for (const p of one.params) {
    if (have.has(p)) continue;
    const plural = plurals(p).find((q) => have.has(q));
    if (plural === undefined) return undefined;
    lists.push(plural);
  }
  // Most of the batch tool's parameters are those of the single one: not a different job with a list in it.
  return lists.length > 0 && 2 * one.params.length >= many.params.length ? lists : undefined;
}

/** One of the two acts on many items, the other does not, with one action class and one head, or the other's parameters as lists. */
export function batchPair(a: Traits, b: Traits): { tool: string; words: string[] } | undefined {
  if (a.many === b.many) return undefined;
  const [many, one] = a.many ? [a, b] : [b, a];
  const cls = verbClass(a);
  if (cls !== undefined && cls === verbClass(b)) {
    const h = head(a);
    if (h !== undefined && h === head(b)) return { tool: many.name, words: many.words.filter((w) => MANY_WORDS.has(w)) };
  }
  // Two known actions of different classes are two jobs, whatever their parameters.
  const [ca, cb] = [verbClass(a), verbClass(b)];
  if (ca !== undefined && cb !== undefined && ca !== cb) return undefined;
  const lists = listed(one, many);
  return lists === undefined ? undefined : { tool: many.name, words: lists };
}
