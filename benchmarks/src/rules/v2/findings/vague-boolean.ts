import { finding, type ToolRule } from '../../types.js';
import { segmentWords } from '../../../text/words.js';
import type { ToolContext, ToolFacts } from '../facts.js';
import { BOOLEAN_MEANING, matchesLexicon } from '../lexicons.js';
import { T } from '../thresholds.js';

/** `vague_boolean` (minor): boolean parameters whose description does not say what true/false does (one finding per tool). */
export const vagueBoolean: ToolRule<ToolFacts, ToolContext> = {
  code: 'vague_boolean',
  check: (t) => {
    const vague = t.params
      .filter((p) => p.isBoolean)
      .filter((p) => {
        if (p.description === undefined) return true;
        if (matchesLexicon(p.description, BOOLEAN_MEANING)) return false;
        return segmentWords(p.description).length < T.booleanMinWords;
      })
      .map((p) => p.name);
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
