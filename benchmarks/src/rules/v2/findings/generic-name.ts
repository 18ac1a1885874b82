import { finding, type ToolRule } from '../../types.js';
import type { ToolContext, ToolFacts } from '../facts.js';
import { GENERIC_NAME_WORDS } from '../lexicons.js';

/** `generic_name` (required): the name is made only of generic words (run, execute, query, tool, …). */
export const genericName: ToolRule<ToolFacts, ToolContext> = {
  code: 'generic_name',
  check: (t) =>
    t.nameTokens.length > 0 && t.nameTokens.every((w) => GENERIC_NAME_WORDS.has(w))
      ? [
          finding('generic_name', 'required', `name "${t.name}" is made only of generic words`, {
            tool: t.name,
            fields: ['name'],
            data: { words: t.nameTokens },
          }),
        ]
      : [],
};
