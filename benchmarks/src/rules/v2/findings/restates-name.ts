import { finding, type ToolRule } from '../../types.js';
import type { ToolContext, ToolFacts } from '../facts.js';
import { restatesName } from '../signals.js';

/** `restates_name` (required): the description only repeats the words of the name. */
export const restatesNameRule: ToolRule<ToolFacts, ToolContext> = {
  code: 'restates_name',
  check: (t) =>
    restatesName(t)
      ? [
          finding('restates_name', 'required', `description only restates the name (${t.wordCount} words)`, {
            tool: t.name,
            fields: ['description', 'name'],
            data: { words: t.wordCount },
          }),
        ]
      : [],
};
