import { finding, type ToolRule } from '../../types.js';
import { segmentWords } from '../../../text/words.js';
import type { SurfaceFacts, ToolFacts } from '../facts.js';
import { BOOLEAN_MEANING, matchesLexicon } from '../lexicons.js';
import { T } from '../thresholds.js';

/** `vague_boolean` (minor): a boolean parameter whose description does not say what true/false does. */
export const vagueBoolean: ToolRule<ToolFacts, SurfaceFacts> = {
  code: 'vague_boolean',
  check: (t) =>
    t.params
      .filter((p) => p.isBoolean)
      .filter((p) => {
        if (p.description === undefined) return true;
        if (matchesLexicon(p.description, BOOLEAN_MEANING)) return false;
        return segmentWords(p.description).length < T.booleanMinWords;
      })
      .map((p) =>
        finding('vague_boolean', 'minor', `meaning of boolean parameter ${p.name} is unclear`, {
          tool: t.name,
          fields: [`inputSchema.properties.${p.name}`],
          data: { parameter: p.name },
        }),
      ),
};
