// Whether a tool's own text already tells it apart from a sibling without naming it (rules v3): a comparing
// sentence ("Prefer taking a snapshot over …", "better than screenshot", "more efficient than reading files
// one by one") that says a word of the sibling's name its own name does not have. Naming the sibling is
// handled before (v2's mentions). Reason: a pair the maintainer already settled needs no fix (RUBRIC.md).
// v4 (a copy of v3's settled.ts): a tool that compares itself with every other tool ("Significantly slower
// than other tools", perplexity_research) has said where it stands among all of them, so it settles too.
import type { Traits } from './traits.js';

/** `x`'s text settles the choice between `x` and `y` (a word of `y`'s name starts a word of `x`'s text: "screenshot", "screenshots"). */
export function settles(x: Traits, y: Traits): boolean {
  if (!x.settling) return false;
  for (const w of y.words) if (!x.words.includes(w) && w.length >= 4 && x.ownWords().some((o) => o.startsWith(w))) return true;
  return false;
}

/** Either tool settles the choice, by naming a word of the other or by comparing itself with all others. */
export const settled = (a: Traits, b: Traits): boolean => a.settlesAll || b.settlesAll || settles(a, b) || settles(b, a);
