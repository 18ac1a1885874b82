import { finding, type ToolRule } from '../../types.js';
import type { ToolContext, ToolFacts } from '../facts.js';

export { INSTRUCTION_PATTERNS } from '../security.js';

/**
 * `hidden_instructions` (critical): text addressed to the model, not describing the tool, in any string of
 * the tool — name, title, description, every string and key of the schemas, annotations, `_meta`, unknown
 * fields — read in matching form (../normalise.ts). The patterns are in ../security.ts.
 */
export const hiddenInstructions: ToolRule<ToolFacts, ToolContext> = {
  code: 'hidden_instructions',
  check: (t) => {
    const hits = t.security.hits;
    if (hits.length === 0) return [];
    const patterns = [...new Set(hits.map((h) => h.pattern))];
    return [
      finding('hidden_instructions', 'critical', `text addressed to the model, not describing the tool: ${patterns.join(', ')} ("${hits[0]!.excerpt}" in ${hits[0]!.path})`, {
        tool: t.name,
        fields: [...new Set(hits.map((h) => h.field))],
        data: { patterns, hits: hits.slice(0, 10) },
      }),
    ];
  },
};
