import type { Category } from '../../types.js';
import { purpose as purposeV2 } from '../../v2/categories/purpose.js';
import type { ContextV3, ToolFactsV3 } from '../facts.js';

/**
 * Purpose (20): v2's reading (present 4, length 6, verb 4, more than the name 6) of the text about the tool
 * (info-text.ts): near-duplicate, content-free, nonsense and name-only clauses add no length and no words
 * beyond the name. A description whose clauses only restate the name is capped at 4 as in v2; one with text
 * of its own but nothing about the tool gets the 4 points of being present.
 */
export const purpose: Category<ToolFactsV3, ContextV3> = {
  id: 'purpose',
  max: 20,
  score(t, c) {
    if (t.hasDescription && t.ownDescription === '') {
      return t.info.info !== ''
        ? { points: 4, max: 20, notes: ['description only restates the name: capped at 4'] }
        : { points: 4, max: 20, notes: ['description present (+4)', 'nothing in it is about this tool: no length, verb or content points (+0)'] };
    }
    return purposeV2.score(t, c);
  },
};
