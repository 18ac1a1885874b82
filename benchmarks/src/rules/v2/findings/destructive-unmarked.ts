import { finding, type ToolRule } from '../../types.js';
import type { ToolContext, ToolFacts } from '../facts.js';
import { looksDestructive } from '../signals.js';

/**
 * `destructive_unmarked` (required): looks destructive but carries no boolean `destructiveHint` (a string
 * such as "false" counts as absent; `annotation_not_boolean` reports it too).
 */
export const destructiveUnmarked: ToolRule<ToolFacts, ToolContext> = {
  code: 'destructive_unmarked',
  check: (t) => {
    const verb = looksDestructive(t);
    if (verb === undefined || typeof t.annotations.destructiveHint === 'boolean') return [];
    return [
      finding('destructive_unmarked', 'required', `looks destructive ("${verb}") but has no destructiveHint`, {
        tool: t.name,
        fields: ['annotations.destructiveHint'],
        data: { verb },
      }),
    ];
  },
};
