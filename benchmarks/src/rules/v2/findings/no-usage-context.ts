import { finding, type ToolRule } from '../../types.js';
import type { ToolContext, ToolFacts } from '../facts.js';

/** `no_usage_context` (required): the description says neither when to use the tool nor when not to. */
export const noUsageContext: ToolRule<ToolFacts, ToolContext> = {
  code: 'no_usage_context',
  check: (t) =>
    t.hasDescription && !t.cues.usageWhen && !t.cues.usageWhenNot
      ? [finding('no_usage_context', 'required', 'nothing says when to use or not use this tool', { tool: t.name, fields: ['description'] })]
      : [],
};
