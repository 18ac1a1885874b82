// Kind `bare` (rules v4, issue 25 pairs, second round): a tool named by an action alone beside a sibling
// named by the same action and an object — shopify-dev's `validate` / `validate_theme`, `search` /
// `search_issues`. Reason: the bare name claims the action on everything the server has, so a request for
// the qualified job ("validate this theme's JavaScript") fits both; only the texts can split the job, and
// when neither names the other or compares itself (settled.ts) they have not (RUBRIC.md: a maintainer fixes
// it by renaming or a "use X for …" sentence).
import { VERBS } from '../../v2/lexicons-verbs.js';
import { NAME_FILLER } from './lexicon.js';
import type { Traits } from './traits.js';

const job = (t: Traits): string[] => t.words.filter((w) => !NAME_FILLER.has(w));

// The bare name is the action alone (`get_room` on a server whose every name says "room" is an action on
// a room, not a bare action); the qualified one adds an object it takes input for — not a second action
// (`interact` / `interact_stop`) and not a direction with no input (`navigate` / `navigate_back`).
export function barePair(a: Traits, b: Traits): { tool: string; words: string[] } | undefined {
  const [ja, jb] = [job(a), job(b)];
  const [bare, qualified, q] = ja.length === 1 ? [ja, jb, b] : jb.length === 1 ? [jb, ja, a] : [undefined, undefined, undefined];
  if (bare === undefined || qualified.length < 2 || qualified.length > 3 || q.params.length === 0) return undefined;
  if (!VERBS.has(bare[0]!) || qualified[0] !== bare[0] || qualified.slice(1).some((w) => VERBS.has(w))) return undefined;
  return { tool: q.name, words: qualified.slice(1) };
}
