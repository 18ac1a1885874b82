import { finding, type ToolRule } from '../../types.js';
import type { ToolContext, ToolFacts } from '../facts.js';
import { looksDestructive } from '../signals.js';

/** `destructive_hint_false` (required): a destructive-looking tool is declared `destructiveHint: false`. */
export const destructiveHintFalse: ToolRule<ToolFacts, ToolContext> = {
  code: 'destructive_hint_false',
  check: (t) => {
    const verb = looksDestructive(t);
    if (verb === undefined || t.annotations.destructiveHint !== false) return [];
    return [
      finding('destructive_hint_false', 'required', `looks destructive ("${verb}") but destructiveHint is false`, {
        tool: t.name,
        fields: ['annotations.destructiveHint'],
        data: { verb },
      }),
    ];
  },
};
