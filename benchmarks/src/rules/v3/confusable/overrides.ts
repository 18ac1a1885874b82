// Where rules v3 overrules a pair v2's judgement finds (issue 25: precision must hold while recall grows).
// Each is a difference v2 does not read:
// - a name that adds "reverse" (or "inverse") names the opposite action (`maps_geocode` /
//   `maps_reverse_geocode`: address → coordinates and back), not a narrower one;
// - one first sentence works on a "new" thing and the other on an "existing" one (`stories-create-subtask`
//   "Create a new sub-task story" / `stories-add-subtask` "Add existing story as a sub-task").
import type { Traits } from './traits.js';

const OPPOSING = new Set(['reverse', 'inverse', 'undo']);

/** v2's pair of these two tools is told apart by what v3 reads. */
export function overruled(a: Traits, b: Traits): boolean {
  const onlyA = a.words.filter((w) => !b.words.includes(w));
  const onlyB = b.words.filter((w) => !a.words.includes(w));
  if ([...onlyA, ...onlyB].some((w) => OPPOSING.has(w))) return true;
  const fresh = (t: Traits) => t.first.has('new');
  const existing = (t: Traits) => t.first.has('existing');
  return (fresh(a) && existing(b) && !existing(a)) || (fresh(b) && existing(a) && !existing(b));
}
