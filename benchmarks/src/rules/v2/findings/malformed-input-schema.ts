import { finding, type ToolRule } from '../../types.js';
import type { ToolContext, ToolFacts } from '../facts.js';

/**
 * `malformed_input_schema` (required): parts of the input schema that are not JSON Schema — `properties`
 * that is not an object (an array of parameters, say), a parameter whose schema is not an object, a
 * `required` that is not a list of names. A model cannot read such parameters, and clients that validate
 * tools (the MCP SDKs do) may refuse the tool or the whole list.
 */
export const malformedInputSchema: ToolRule<ToolFacts, ToolContext> = {
  code: 'malformed_input_schema',
  check: (t) =>
    t.schemaProblems.length === 0
      ? []
      : [
          finding('malformed_input_schema', 'required', `input schema is malformed: ${t.schemaProblems.map((p) => p.problem).join('; ')}`, {
            tool: t.name,
            fields: t.schemaProblems.map((p) => p.field),
            data: { problems: t.schemaProblems.map((p) => ({ field: p.field, problem: p.problem })) },
          }),
        ],
};
