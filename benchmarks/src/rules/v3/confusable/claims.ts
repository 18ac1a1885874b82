// Kind `claims` (rules v3, issue 25 point 6, "description-level overlap of objects"): a tool whose name is
// the other's name without its qualifying words (`get_resources` / `get_application_managed_resources`),
// and whose own text names the other's object as a phrase ("fetches all resources managed by the
// application"). Reason: the general tool says in so many words that it does the specific tool's job, so a
// request for that object fits both; v2 reads only the first sentence for this (later sentences are where
// templates go), and misses the claim made one sentence later. A phrase — the head and every qualifying
// word within a few words of each other, not negated — is no template: it is about these objects.
import { stem } from '../../../text/words.js';
import type { Traits } from './traits.js';

/** Words that turn a phrase into its opposite ("cannot delete protected branches", "except archived issues"). */
const NEGATION = new Set(['not', 'no', 'cannot', "can't", 'never', 'except', 'excluding', 'without', 'only']);
/** How many other words a phrase may hold besides the head and the qualifiers ("resources managed by the application": 2). */
const SLACK = 3;

/** The qualifiers `general`'s text says about the head of `specific`, when the names differ by exactly those. */
function claimed(general: Traits, specific: Traits): string[] | undefined {
  if (general.words.length === 0 || specific.words.length <= general.words.length || specific.words.length - general.words.length > 3) return undefined;
  const [g, s] = [general.stemList, specific.stemList];
  const head = g.at(-1)!;
  if (s.at(-1) !== head) return undefined;
  for (const w of g) if (!s.includes(w)) return undefined;
  const extra = s.filter((w) => !g.includes(w));
  const text = general.ownWords().map(stem);
  const width = extra.length + 1 + SLACK;
  for (let i = 0; i < text.length; i++) {
    if (text[i] !== head) continue;
    // The shortest span around this head holding every qualifier, at most `width` words long.
    let start = i;
    let end = i;
    let found = true;
    for (const w of extra) {
      let best = -1;
      for (let k = Math.max(0, i - width + 1); k < Math.min(text.length, i + width); k++) if (text[k] === w && (best < 0 || Math.abs(k - i) < Math.abs(best - i))) best = k;
      if (best < 0) found = false;
      else [start, end] = [Math.min(start, best), Math.max(end, best)];
    }
    if (!found || end - start + 1 > width) continue;
    if (text.slice(Math.max(0, start - 2), end + 1).some((w) => NEGATION.has(w))) continue;
    return specific.words.filter((w) => extra.includes(stem(w)));
  }
  return undefined;
}

/** One name is the other's plus qualifying words, and the shorter one's text names that qualified object. */
export function claimsPair(a: Traits, b: Traits): { tool: string; words: string[] } | undefined {
  const byA = claimed(a, b);
  if (byA !== undefined) return { tool: a.name, words: byA };
  const byB = claimed(b, a);
  return byB === undefined ? undefined : { tool: b.name, words: byB };
}
