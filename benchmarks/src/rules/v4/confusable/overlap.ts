// v2's name verdicts need the tools' texts or calls to overlap too (rules v4, issue 25 pairs, second round).
// v2 pairs two tools by their names — the same once synonyms are one word (`synonym`: `get_user` /
// `get_users`), or one name adding a qualifier to the other's thing (`narrower`: `get_branch` /
// `get_protected_branch`) — and lets the descriptions settle a narrower name by their similarity. On a
// surface whose every text carries the same template ("Use this for a known resource …", 118 tools of
// gitlab), that similarity is the template's, so seven pairs whose texts each say their own scope were
// found. Reason for each gate: a model tells two tools apart by what their texts and inputs say that the
// siblings' do not.
// - `narrower`: the texts' distinctive words (traits.ts `distinct`: English content words on at most a fifth
//   of the surface's texts) must be alike (Dice ≥ NARROWER_DISTINCT): "a discussion note on a merge request" /
//   "an existing merge request note" are; "Get branch details (commit, protection status)" / "Get details of a
//   single protected branch (access levels, force push settings)" are not.
// - `synonym`: when both tools require inputs of their own (parameters not on half the tools) and share
//   none, the call tells them apart (`get_user`: `user_id` / `get_users`: `usernames`).
// Content-free filler (numbers, nonsense, a template made unique per tool) is no distinctive word: it is
// not English, or it is on most texts.
import type { Traits } from './traits.js';

/** Below this Dice of the distinctive words, a narrower name's texts say different scopes. */
export const NARROWER_DISTINCT = 0.75;

function dice(a: Set<string>, b: Set<string>): number {
  if (a.size + b.size === 0) return 0;
  let common = 0;
  for (const w of a) if (b.has(w)) common++;
  return (2 * common) / (a.size + b.size);
}

/** Whether v2's verdict of this kind stands once the texts and inputs are read. */
export function nameVerdictHolds(kind: string, a: Traits, b: Traits): boolean {
  if (kind === 'narrower') return dice(a.distinct, b.distinct) >= NARROWER_DISTINCT;
  if (kind === 'synonym') return a.required.length === 0 || b.required.length === 0 || a.required.some((q) => b.required.includes(q));
  return true;
}
