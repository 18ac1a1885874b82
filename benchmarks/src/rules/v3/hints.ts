import type { Finding } from '../../contracts/lint-result.js';
import type { ToolRule } from '../types.js';
import { annotationConflict } from '../v2/findings/annotation-conflict.js';
import { destructiveHintFalse } from '../v2/findings/destructive-hint-false.js';
import { destructiveHintOnRead } from '../v2/findings/destructive-hint-on-read.js';
import { readonlyHintOnWrite } from '../v2/findings/readonly-hint-on-write.js';
import type { ContextV3, ToolFactsV3 } from './facts.js';

// Honest annotations (issue 25, class 3: marking every delete tool `destructiveHint: false` raised v2's
// score). A hint that contradicts the tool never earns points:
// - dishonest (the hint tells a client the tool is safer than it looks: destructive verbs with
//   `destructiveHint: false`, a write with `readOnlyHint: true`): a finding at "required" (v2's codes
//   destructive_hint_false, readonly_hint_on_write) and `dishonestHintPenalty` points off the tool's score.
//   Why: a client that trusts the hint skips its confirmation; lying about destruction must cost more than
//   saying nothing.
// - contradictory (both readOnly and destructive; a read marked destructive): no hint points, v2's finding.

/** Codes of hints that claim the tool is safer than it looks: they cost points. */
export const DISHONEST_HINT_CODES: ReadonlySet<string> = new Set([destructiveHintFalse.code, readonlyHintOnWrite.code]);

const memo = new WeakMap<ToolFactsV3, Finding[]>();

/** The findings of the tool's hints that contradict it (dishonest ones first); computed once per facts. */
export function contradictedHints(t: ToolFactsV3, c: ContextV3): Finding[] {
  let found = memo.get(t);
  if (found === undefined) {
    found = [destructiveHintFalse, readonlyHintOnWrite, annotationConflict, destructiveHintOnRead].flatMap((r) => r.check(t, c));
    memo.set(t, found);
  }
  return found;
}

/**
 * One of the four annotation rules, read from `contradictedHints` (each runs once per tool: the constraints
 * category and the findings share the result; the findings of a lint are its own, so a message the score
 * step extends is extended once).
 */
export function hintRule(code: string): ToolRule<ToolFactsV3, ContextV3> {
  return { code, check: (t, c) => contradictedHints(t, c).filter((f) => f.code === code) };
}
