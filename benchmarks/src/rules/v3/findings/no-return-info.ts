import { finding, type ToolRule } from '../../types.js';
import { outputProperties } from '../categories/returns.js';
import type { ContextV3, ToolFactsV3 } from '../facts.js';

/**
 * `no_return_info` (minor), v3: nothing about the tool says what comes back — no returns cue in a clause
 * about it, and no outputSchema property that says what it holds (an empty `{"type":"object"}` says nothing).
 */
export const noReturnInfoV3: ToolRule<ToolFactsV3, ContextV3> = {
  code: 'no_return_info',
  check: (t) => {
    if (t.cues.returns || outputProperties(t.tool.outputSchema).described.length > 0) return [];
    const empty = t.tool.outputSchema !== undefined;
    return [
      finding('no_return_info', 'minor', empty ? 'nothing says what comes back (the outputSchema describes no property)' : 'nothing says what comes back', {
        tool: t.name,
        fields: ['outputSchema', 'description'],
        ...(empty ? { data: { emptyOutputSchema: true } } : {}),
      }),
    ];
  },
};
