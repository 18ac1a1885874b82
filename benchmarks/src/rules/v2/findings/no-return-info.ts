import { finding, type ToolRule } from '../../types.js';
import type { ToolContext, ToolFacts } from '../facts.js';

/** `no_return_info` (minor): no outputSchema and the description does not say what comes back. */
export const noReturnInfo: ToolRule<ToolFacts, ToolContext> = {
  code: 'no_return_info',
  check: (t) =>
    t.tool.outputSchema === undefined && !t.cues.returns
      ? [finding('no_return_info', 'minor', 'nothing says what comes back', { tool: t.name, fields: ['outputSchema', 'description'] })]
      : [],
};
