import type { Category } from '../../types.js';
import type { ContextV3, ToolFactsV3 } from '../facts.js';

/**
 * Usage (20): when to use it (10) and when not to (5), each from a clause about the tool (a cue with nothing
 * to act on — "Use this when you need it", "do not use it for the snarf" — earns nothing); what to use
 * instead (5) only by naming a tool of this server that overlaps this one (alternatives.ts: "use X instead"
 * naming an unrelated sibling, or a bare "instead", earns nothing).
 */
export const usage: Category<ToolFactsV3, ContextV3> = {
  id: 'usage',
  max: 20,
  score(t) {
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
    const { named, overlapping } = t.alternatives;
    if (overlapping.length > 0) {
      points += 5;
      notes.push(`names an overlapping alternative: ${overlapping.join(', ')} (+5)`);
    } else if (named.length > 0) notes.push(`names ${named.join(', ')}, which does not overlap this tool (+0)`);
    else notes.push('no alternative named (+0)');
    return { points, max: 20, notes };
  },
};
