import type { Category } from '../../types.js';
import type { ToolContext, ToolFacts } from '../facts.js';
import { mentionedSiblings } from '../signals.js';

/** Usage (20): says when to use it (10), when not to (5), and what to use instead (5). */
export const usage: Category<ToolFacts, ToolContext> = {
  id: 'usage',
  max: 20,
  score(t, s) {
    const notes: string[] = [];
    let points = 0;
    if (t.cues.usageWhen) {
      points += 10;
      notes.push('says when to use it (+10)');
    } else notes.push('nothing on when to use it (+0)');
    if (t.cues.usageWhenNot) {
      points += 5;
      notes.push('says when not to use it (+5)');
    } else notes.push('nothing on when not to use it (+0)');
    const siblings = mentionedSiblings(t, s);
    if (siblings.length > 0 || t.cues.usageAlternative) {
      points += 5;
      notes.push(siblings.length > 0 ? `names an alternative: ${siblings.join(', ')} (+5)` : 'names an alternative (+5)');
    } else notes.push('no alternative named (+0)');
    return { points, max: 20, notes };
  },
};
