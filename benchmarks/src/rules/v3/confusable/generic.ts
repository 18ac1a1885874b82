// Kind `generic` (rules v3, issue 25 point 6): a tool that runs any command, statement or code beside a
// tool whose job it can do. Reason: a model asked for the specific job may send it through the generic tool
// (and the reverse), and nothing but the names tells it which the maintainer meant.
// - a generic tool and a specific sibling of its family: their names share a word that is not a run verb,
//   an "any" word or a runnable thing (`kubectl_generic` / `kubectl_get`: "kubectl");
// - two generic tools of one language (`browser_evaluate` "JavaScript expression" / `browser_run_code_unsafe`
//   "arbitrary JavaScript");
// - a migration tool beside a tool that runs any statement (`apply_migration` / `execute_sql`): two ways to
//   change a schema.
// Not when the generic tool says to prefer the specific ones.
import { ANY_WORDS, RUN_VERBS, RUNNABLE } from './lexicon.js';
import type { Traits } from './traits.js';

const NOT_FAMILY = (w: string): boolean => RUN_VERBS.has(w) || ANY_WORDS.has(w) || RUNNABLE.has(w);
const PREFERS_SPECIFIC = /\b(?:prefer|use)\b[^.]{0,60}\b(?:specific|dedicated|specialised|specialized|other)\s+tools?\b/i;

/** The generic tool and what it shares with the other, when the pair is of this kind. */
export function genericPair(a: Traits, b: Traits): { tool: string; words: string[] } | undefined {
  if (!a.generic && !b.generic) return undefined;
  if (a.generic && b.generic) {
    const shared = [...a.languages].filter((l) => b.languages.has(l));
    return shared.length > 0 ? { tool: a.name, words: shared } : undefined;
  }
  const [g, other] = a.generic ? [a, b] : [b, a];
  if (PREFERS_SPECIFIC.test(g.own)) return undefined;
  if (other.migration && (g.languages.has('sql') || g.first.has('statement') || g.first.has('sql'))) return { tool: g.name, words: ['migration'] };
  const family = g.family.filter((w) => !NOT_FAMILY(w) && other.family.includes(w));
  return family.length > 0 ? { tool: g.name, words: family } : undefined;
}
