import { finding, type ToolRule } from '../../types.js';
import type { ToolContext, ToolFacts } from '../facts.js';
import { T } from '../thresholds.js';

/** `param_no_description` (required when at least half the parameters lack one, else minor). */
export const paramNoDescription: ToolRule<ToolFacts, ToolContext> = {
  code: 'param_no_description',
  check: (t) => {
    const missing = t.params.filter((p) => p.description === undefined).map((p) => p.name);
    if (missing.length === 0) return [];
    const share = missing.length / t.params.length;
    const severity = share >= T.paramNoDescriptionRequiredShare ? 'required' : 'minor';
    return [
      finding('param_no_description', severity, `parameters without description: ${missing.join(', ')}`, {
        tool: t.name,
        fields: missing.map((n) => `inputSchema.properties.${n}.description`),
        data: { parameters: missing, missing: missing.length, total: t.params.length },
      }),
    ];
  },
};
