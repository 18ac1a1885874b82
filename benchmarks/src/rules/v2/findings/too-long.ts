import { finding, type ToolRule } from '../../types.js';
import { wholeWords, type ToolContext, type ToolFacts } from '../facts.js';
import { T } from '../thresholds.js';

/** `too_long` (minor): a long description helps selection but costs tokens on every request. */
export const tooLong: ToolRule<ToolFacts, ToolContext> = {
  code: 'too_long',
  check: (t) => {
    // The whole description (issue 12): text that most tools share costs its tokens too.
    const words = t.ownDescription === t.description ? t.wordCount : wholeWords(t).length;
    return words > T.maxWords
      ? [
          finding('too_long', 'minor', `description is long (${words} words): it may select better but costs more tokens`, {
            tool: t.name,
            fields: ['description'],
            data: { words, maximum: T.maxWords },
          }),
        ]
      : [];
  },
};
