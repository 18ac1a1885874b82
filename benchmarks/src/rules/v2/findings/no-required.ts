import { finding, type ToolRule } from '../../types.js';
import type { ToolContext, ToolFacts } from '../facts.js';
import { missingRequired } from '../signals.js';

/**
 * `no_required` (minor): no (or an empty) `required` list, yet some parameters look required (an `id`,
 * `path`, `url` or `query`, or one its description calls required; no default, not described as optional). A tool
 * whose parameters are all optional needs no `required` list and gets no finding.
 */
export const noRequired: ToolRule<ToolFacts, ToolContext> = {
  code: 'no_required',
  check: (t) => {
    const missing = missingRequired(t);
    if (missing.length === 0) return [];
    const list = t.required === undefined ? 'no "required" list' : '"required" is empty';
    return [
      finding('no_required', 'minor', `${list}, but ${missing.join(', ')} ${missing.length === 1 ? 'looks' : 'look'} required`, {
        tool: t.name,
        fields: ['inputSchema.required'],
        data: { parameters: [...missing] },
      }),
    ];
  },
};
