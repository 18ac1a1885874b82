import type { Category } from '../../types.js';
import type { ToolContext, ToolFacts } from '../facts.js';

/** Returns (15): an outputSchema (15), else the description says what comes back (10). */
export const returns: Category<ToolFacts, ToolContext> = {
  id: 'returns',
  max: 15,
  score(t) {
    if (t.tool.outputSchema !== undefined) return { points: 15, max: 15, notes: ['outputSchema present (+15)'] };
    if (t.cues.returns) return { points: 10, max: 15, notes: ['description says what comes back (+10)'] };
    return { points: 0, max: 15, notes: ['nothing says what comes back (+0)'] };
  },
};
