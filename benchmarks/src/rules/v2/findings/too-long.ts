import { finding, type ToolRule } from '../../types.js';
import type { ToolContext, ToolFacts } from '../facts.js';
import { T } from '../thresholds.js';

/** `too_long` (minor): a long description helps selection but costs tokens on every request. */
export const tooLong: ToolRule<ToolFacts, ToolContext> = {
  code: 'too_long',
  check: (t) =>
    t.wordCount > T.maxWords
      ? [
          finding('too_long', 'minor', `description is long (${t.wordCount} words): it may select better but costs more tokens`, {
            tool: t.name,
            fields: ['description'],
            data: { words: t.wordCount, maximum: T.maxWords },
          }),
        ]
      : [],
};
