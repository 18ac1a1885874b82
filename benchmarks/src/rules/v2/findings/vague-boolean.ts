import { finding, type ToolRule } from '../../types.js';
import type { ToolContext, ToolFacts } from '../facts.js';
import { booleanIsClear } from '../signals.js';

/**
 * `vague_boolean` (minor): boolean parameters whose meaning of true is unclear — a short description that
 * is not a verb phrase and does not say what true/false does ("Archived", "Mode flag"), or no description
 * and a name that is not a predicate. "Include archived teams" or `include_archived` reads as one.
 */
export const vagueBoolean: ToolRule<ToolFacts, ToolContext> = {
  code: 'vague_boolean',
  check: (t) => {
    const vague = t.params.filter((p) => p.isBoolean && !booleanIsClear(p)).map((p) => p.name);
    if (vague.length === 0) return [];
    return [
      finding('vague_boolean', 'minor', `meaning of boolean ${vague.length === 1 ? 'parameter' : 'parameters'} ${vague.join(', ')} is unclear`, {
        tool: t.name,
        fields: vague.map((n) => `inputSchema.properties.${n}`),
        data: { parameters: vague },
      }),
    ];
  },
};
