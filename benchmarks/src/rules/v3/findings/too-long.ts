import type { ToolRule } from '../../types.js';
import { tooLong } from '../../v2/findings/too-long.js';
import type { ContextV3, ToolFactsV3 } from '../facts.js';
import { T3 } from '../thresholds.js';

const CJK = /[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\uff66-\uff9f\uac00-\ud7af]/u;

/**
 * `too_long` (minor), v2's rule. Only faster: v3's text facts are read from the information text, so v2's
 * rule segments the whole description again; a text without CJK needs at least two characters a word (a
 * word and a separator), so one of at most 2 × maxWords characters cannot be too long and is not segmented.
 */
export const tooLongV3: ToolRule<ToolFactsV3, ContextV3> = {
  code: 'too_long',
  check: (t, c) => (t.description.length <= 2 * T3.maxWords && !CJK.test(t.description) ? [] : tooLong.check(t, c)),
};
