import type { Category } from '../../types.js';
import type { ToolContext, ToolFacts } from '../facts.js';
import { hasBehaviourHints } from '../signals.js';

/** Constraints and side effects (10): behaviour annotations (5) and a word on limits, effects, auth or cost (5). */
export const constraints: Category<ToolFacts, ToolContext> = {
  id: 'constraints',
  max: 10,
  score(t) {
    const notes: string[] = [];
    let points = 0;
    if (hasBehaviourHints(t)) {
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
