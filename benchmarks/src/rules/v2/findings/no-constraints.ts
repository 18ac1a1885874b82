import { finding, type ToolRule } from '../../types.js';
import type { ToolContext, ToolFacts } from '../facts.js';
import { hasBehaviourHints } from '../signals.js';

/** `no_constraints` (minor): no behaviour annotations and no word of limits, side effects, auth or rate limits. */
export const noConstraints: ToolRule<ToolFacts, ToolContext> = {
  code: 'no_constraints',
  check: (t) =>
    !hasBehaviourHints(t) && !t.cues.constraints
      ? [
          finding('no_constraints', 'minor', 'no annotations and no word of limits, side effects, auth or rate limits', {
            tool: t.name,
            fields: ['annotations', 'description'],
          }),
        ]
      : [],
};
