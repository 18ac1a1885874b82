import { segmentWords } from '../../../text/words.js';
import { finding, type ToolRule } from '../../types.js';
import { restatesNameRule } from '../../v2/findings/restates-name.js';
import type { ContextV3, ToolFactsV3 } from '../facts.js';

/**
 * `restates_name` (required), v3: v2's rule on the text about the tool, and a description whose clauses
 * about the tool only restate its name (info-text.ts, name-only: "Use read_file when it is relevant").
 */
export const restatesNameV3: ToolRule<ToolFactsV3, ContextV3> = {
  code: 'restates_name',
  check: (t, c) => {
    if (!(t.hasDescription && t.ownDescription === '' && t.info.info !== '')) return restatesNameRule.check(t, c);
    const words = segmentWords(t.info.info).length;
    return [finding('restates_name', 'required', `description only restates the name (${words} words)`, { tool: t.name, fields: ['description', 'name'], data: { words } })];
  },
};
