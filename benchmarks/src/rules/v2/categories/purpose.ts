import type { Category } from '../../types.js';
import type { ToolContext, ToolFacts } from '../facts.js';
import { restatesName, startsWithVerb } from '../signals.js';
import { T } from '../thresholds.js';

/** Purpose (20): a description exists (4), is long enough (6), starts with a verb (4), is not the name restated (6). */
export const purpose: Category<ToolFacts, ToolContext> = {
  id: 'purpose',
  max: 20,
  score(t) {
    if (!t.hasDescription) return { points: 0, max: 20, notes: ['no description'] };
    if (restatesName(t)) return { points: 4, max: 20, notes: ['description only restates the name: capped at 4'] };
    const notes: string[] = ['description present (+4)'];
    let points = 4;
    if (t.wordCount >= T.minWords) {
      points += 6;
      notes.push(`${t.wordCount} words (+6)`);
    } else if (t.wordCount >= T.halfWords) {
      points += 3;
      notes.push(`${t.wordCount} words, fewer than ${T.minWords} (+3)`);
    } else notes.push(`${t.wordCount} words, fewer than ${T.halfWords} (+0)`);
    if (startsWithVerb(t)) {
      points += 4;
      notes.push('says what it does with a verb (+4)');
    } else notes.push('does not start with a verb (+0)');
    points += 6;
    notes.push('more than a restatement of the name (+6)');
    return { points, max: 20, notes };
  },
};
