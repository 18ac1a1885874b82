import { finding, type ToolRule } from '../../types.js';
import type { SurfaceFacts, ToolFacts } from '../facts.js';
import { matchesLexicon, USAGE_WHEN, USAGE_WHEN_NOT } from '../lexicons.js';

/** `no_usage_context` (required): the description says neither when to use the tool nor when not to. */
export const noUsageContext: ToolRule<ToolFacts, SurfaceFacts> = {
  code: 'no_usage_context',
  check: (t) =>
    t.hasDescription && !matchesLexicon(t.description, USAGE_WHEN) && !matchesLexicon(t.description, USAGE_WHEN_NOT)
      ? [finding('no_usage_context', 'required', 'nothing says when to use or not use this tool', { tool: t.name, fields: ['description'] })]
      : [],
};
