import { finding, type ToolRule } from '../../types.js';
import type { ToolContext, ToolFacts } from '../facts.js';

/** `loose_string_param` (minor): string parameters with neither a constraint nor an example. */
export const looseStringParam: ToolRule<ToolFacts, ToolContext> = {
  code: 'loose_string_param',
  check: (t) => {
    const loose = t.params.filter((p) => p.isString && !p.constrained).map((p) => p.name);
    if (loose.length === 0) return [];
    return [
      finding('loose_string_param', 'minor', `string parameters with no constraint or example: ${loose.join(', ')}`, {
        tool: t.name,
        fields: loose.map((n) => `inputSchema.properties.${n}`),
        data: { parameters: loose },
      }),
    ];
  },
};
