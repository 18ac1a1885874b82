// Kind `restated` (rules v4, issue 25 pairs, second round): two tools whose texts open with the same job —
// the same verb and the same object, word for word once stemmed — under names that share nothing of it:
// currents' `currents-get-spec-instance` "Retrieves debugging data from a specific execution …" and
// `currents-get-test-results` "Retrieves debugging data from test results …". Reason: a model reads the
// opening to learn what a tool does; two tools that say the same there do the same job in a model's eyes,
// and what sets them apart (an instance id, a test signature) is left to the rest. An opening three tools or
// more share is the server's template ("Get details …"), not a job (traits.ts counts them).
// The opening must be a job (it starts with a verb: "Deprecated compatibility entry point" is none), and the
// names must not tell the two apart by a shared object (`list_issue_note_emoji_reactions` /
// `list_merge_request_note_emoji_reactions` open alike, and their names say whose reactions).
import { VERBS } from '../../v2/lexicons-verbs.js';
import { NAME_FILLER } from './lexicon.js';
import type { Traits } from './traits.js';

const objects = (t: Traits): string[] => t.words.filter((w) => !t.product.includes(w) && !NAME_FILLER.has(w) && !VERBS.has(w));

export function restatedPair(a: Traits, b: Traits): { tool: string; words: string[] } | undefined {
  if (a.opening.length < 3 || a.openingShared !== 2 || !a.openingVerb || a.opening.join(' ') !== b.opening.join(' ')) return undefined;
  const ob = objects(b);
  if (objects(a).some((w) => ob.includes(w))) return undefined;
  return { tool: a.name, words: a.opening.slice(1) };
}
