import type { ToolRule } from '../../types.js';
import { tooShort } from '../../v2/findings/too-short.js';
import type { ContextV3, ToolFactsV3 } from '../facts.js';

/**
 * `too_short`, v3: v2's rule on the information text, except when none of the text is about the tool
 * (`no_specific_text` says that at required; "too short (0 words)" would misstate it).
 */
export const tooShortV3: ToolRule<ToolFactsV3, ContextV3> = {
  code: 'too_short',
  check: (t, c) => (t.hasDescription && t.ownDescription === '' ? [] : tooShort.check(t, c)),
};
