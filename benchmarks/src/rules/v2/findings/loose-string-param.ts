import { finding, type ToolRule } from '../../types.js';
import { guidesValue, type ToolContext, type ToolFacts } from '../facts.js';
import { evidentParam } from './param-no-description.js';

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * `loose_string_param` (minor): free-text string parameters with no constraint or example, neither in the
 * schema (on the parameter or its allOf/anyOf/oneOf variants) nor in its description — the same test the
 * parameters and examples categories use, so no report lists a parameter it credits elsewhere — and whose
 * meaning is not evident from their name: `owner`, `repo`, `path`, `*_id` are filled without an example
 * (`evidentParam`, the predicate param_no_description uses).
 */
export const looseStringParam: ToolRule<ToolFacts, ToolContext> = {
  code: 'loose_string_param',
  check: (t) => {
    const root = isObject(t.tool.inputSchema) ? t.tool.inputSchema : {};
    const loose = t.params.filter((p) => p.isString && !guidesValue(p) && !evidentParam(p, root)).map((p) => p.name);
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
