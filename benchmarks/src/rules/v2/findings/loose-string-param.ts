import { identifierTokens } from '../../../text/words.js';
import { finding, type ToolRule } from '../../types.js';
import { guidesValue, type ParamFacts, type ToolContext, type ToolFacts } from '../facts.js';
import { FORM_PARAM_TOKENS } from '../lexicons.js';

/**
 * The string parameter's value has a form (its name says a path, a date, a key, a SHA, a query or pattern
 * syntax: FORM_PARAM_TOKENS) and nothing states it: no constraint or example in the schema (on the parameter
 * or a variant) and no example, format or form word in its description ("absolute or relative", "YYYY-MM-DD",
 * "GitHub search syntax", "a .json file") — the test the parameters and examples categories credit, so no
 * report lists a parameter it credits elsewhere. A boolean-or-string union ("true" as a string) has no form.
 */
export function formUnstated(p: ParamFacts): boolean {
  return p.isString && !p.types.includes('boolean') && !guidesValue(p) && identifierTokens(p.name).some((w) => FORM_PARAM_TOKENS.has(w));
}

/**
 * `loose_string_param` (minor): string parameters whose value has a form nothing states (formUnstated). Free
 * text (a message, a title, a search keyword) and self-describing strings (a URL, a branch, an owner, an id)
 * are filled well without an example, and listing them buried the ones a model gets wrong: v1 listed every
 * unconstrained string (precision 0.19 on the labelled corpus), the evident-name exemption that followed
 * dropped the paths the rubric asks for (recall 0.45).
 */
export const looseStringParam: ToolRule<ToolFacts, ToolContext> = {
  code: 'loose_string_param',
  check: (t) => {
    const loose = t.params.filter(formUnstated).map((p) => p.name);
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
