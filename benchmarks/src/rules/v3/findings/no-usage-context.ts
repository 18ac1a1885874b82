import { finding, type ToolRule } from '../../types.js';
import type { ContextV3, ToolFactsV3 } from '../facts.js';

/**
 * `no_usage_context` (minor), v3: nothing about the tool says when to use it or not, and it names no
 * overlapping alternative (a bare "instead" or an unrelated sibling is no guidance: alternatives.ts). v2's
 * surface step still names the confusable siblings (v2's `withConfusable`).
 */
export const noUsageContextV3: ToolRule<ToolFactsV3, ContextV3> = {
  code: 'no_usage_context',
  check: (t) => {
    if (!t.hasDescription || t.cues.usageWhen || t.cues.usageWhenNot || t.alternatives.overlapping.length > 0) return [];
    return [finding('no_usage_context', 'minor', 'nothing says when to use or not use this tool', { tool: t.name, fields: ['description'], data: { confusableWith: [] } })];
  },
};
