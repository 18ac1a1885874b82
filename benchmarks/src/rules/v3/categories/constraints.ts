import type { Category } from '../../types.js';
import { hasBehaviourHints } from '../../v2/signals.js';
import type { ContextV3, ToolFactsV3 } from '../facts.js';
import { contradictedHints } from '../hints.js';

/**
 * Constraints and side effects (10): behaviour hints that do not contradict the tool (5; hints.ts: a false
 * hint earns nothing and costs points at the tool's score), and a word on limits, effects, auth or cost in a
 * clause about the tool (5; "limits may apply" alone is content-free).
 */
export const constraints: Category<ToolFactsV3, ContextV3> = {
  id: 'constraints',
  max: 10,
  score(t, c) {
    const notes: string[] = [];
    let points = 0;
    const contradicted = contradictedHints(t, c);
    if (contradicted.length > 0) notes.push(`hints contradict the tool (${contradicted.map((f) => f.code).join(', ')}) (+0)`);
    else if (hasBehaviourHints(t)) {
      points += 5;
      notes.push('readOnly/destructive/idempotent hints present (+5)');
    } else notes.push('no behaviour annotations (+0)');
    if (t.cues.constraints) {
      points += 5;
      notes.push('mentions limits, side effects, permissions or cost (+5)');
    } else notes.push('no word on limits, side effects, permissions or cost (+0)');
    return { points, max: 10, notes };
  },
};
