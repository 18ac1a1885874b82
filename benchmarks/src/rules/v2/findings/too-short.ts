import { finding, type ToolRule } from '../../types.js';
import type { ToolContext, ToolFacts } from '../facts.js';
import { restatesName } from '../signals.js';
import { T } from '../thresholds.js';

/**
 * `too_short`: fewer than `minWords` words (a restated name is reported as such). Required below
 * `halfWords`, where a description cannot say what the tool does and on what; minor for a short complete
 * sentence ("Navigate to a URL", "Returns all console messages"), which does.
 */
export const tooShort: ToolRule<ToolFacts, ToolContext> = {
  code: 'too_short',
  check: (t) =>
    t.hasDescription && t.wordCount < T.minWords && !restatesName(t)
      ? [
          finding('too_short', t.wordCount < T.halfWords ? 'required' : 'minor', `description is too short (${t.wordCount} words)`, {
            tool: t.name,
            fields: ['description'],
            data: { words: t.wordCount, minimum: T.minWords },
          }),
        ]
      : [],
};
