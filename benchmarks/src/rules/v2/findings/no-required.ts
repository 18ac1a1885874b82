import { finding, type ToolRule } from '../../types.js';
import type { ToolContext, ToolFacts } from '../facts.js';

/** `no_required` (minor): parameters but no (or an empty) `required` list, so every argument is optional. */
export const noRequired: ToolRule<ToolFacts, ToolContext> = {
  code: 'no_required',
  check: (t) =>
    t.params.length > 0 && (t.required === undefined || t.required.length === 0)
      ? [
          finding(
            'no_required',
            'minor',
            t.required === undefined ? 'no "required" list, so every argument is optional' : '"required" is empty, so every argument is optional',
            { tool: t.name, fields: ['inputSchema.required'], data: { parameters: t.params.length } },
          ),
        ]
      : [],
};
