import { finding, type ToolRule } from '../../types.js';
import { guidesValue, type ToolContext, type ToolFacts } from '../facts.js';

/**
 * `loose_string_param` (minor): free-text string parameters with no constraint or example, neither in the
 * schema (on the parameter or its allOf/anyOf/oneOf variants) nor in its description — the same test the
 * parameters and examples categories use, so no report lists a parameter it credits elsewhere.
 */
export const looseStringParam: ToolRule<ToolFacts, ToolContext> = {
  code: 'loose_string_param',
  check: (t) => {
    const loose = t.params.filter((p) => p.isString && !guidesValue(p)).map((p) => p.name);
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
