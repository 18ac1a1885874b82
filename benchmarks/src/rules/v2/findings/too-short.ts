import { finding, type ToolRule } from '../../types.js';
import type { ToolContext, ToolFacts } from '../facts.js';
import { restatesName } from '../signals.js';
import { T } from '../thresholds.js';

/** `too_short` (required): fewer than `minWords` words, too few to explain (a restated name is reported as such). */
export const tooShort: ToolRule<ToolFacts, ToolContext> = {
  code: 'too_short',
  check: (t) =>
    t.hasDescription && t.wordCount < T.minWords && !restatesName(t)
      ? [
          finding('too_short', 'required', `description is too short (${t.wordCount} words)`, {
            tool: t.name,
            fields: ['description'],
            data: { words: t.wordCount, minimum: T.minWords },
          }),
        ]
      : [],
};
