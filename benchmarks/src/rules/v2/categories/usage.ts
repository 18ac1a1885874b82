import type { CategoryScore } from '../../../contracts/lint-result.js';
import type { Category } from '../../types.js';
import type { Cues, ToolContext, ToolFacts } from '../facts.js';
import { mentionedSiblings } from '../signals.js';

/**
 * Usage points from the cues of a description and the sibling tools it names: when to use it (10), when
 * not to (5), what to use instead (5). Pure over its inputs, so a caller can pass cues of another text
 * (a description without its boilerplate).
 */
export function usageScore(cues: Pick<Cues, 'usageWhen' | 'usageWhenNot' | 'usageAlternative'>, siblings: string[]): CategoryScore {
  const notes: string[] = [];
  let points = 0;
  if (cues.usageWhen) {
    points += 10;
    notes.push('says when to use it (+10)');
  } else notes.push('nothing on when to use it (+0)');
  if (cues.usageWhenNot) {
    points += 5;
    notes.push('says when not to use it (+5)');
  } else notes.push('nothing on when not to use it (+0)');
  if (siblings.length > 0 || cues.usageAlternative) {
    points += 5;
    notes.push(siblings.length > 0 ? `names an alternative: ${siblings.join(', ')} (+5)` : 'names an alternative (+5)');
  } else notes.push('no alternative named (+0)');
  return { points, max: 20, notes };
}

/** Usage (20): says when to use it (10), when not to (5), and what to use instead (5). */
export const usage: Category<ToolFacts, ToolContext> = {
  id: 'usage',
  max: 20,
  score: (t, s) => usageScore(t.cues, mentionedSiblings(t, s)),
};
