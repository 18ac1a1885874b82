import { finding, type ToolRule } from '../../types.js';
import type { ToolContext, ToolFacts } from '../facts.js';
import { looksWriting } from '../signals.js';

/** `readonly_hint_on_write` (required): a write-like name is marked `readOnlyHint: true`. */
export const readonlyHintOnWrite: ToolRule<ToolFacts, ToolContext> = {
  code: 'readonly_hint_on_write',
  check: (t) => {
    const verb = looksWriting(t);
    if (verb === undefined || t.annotations.readOnlyHint !== true) return [];
    return [
      finding('readonly_hint_on_write', 'required', `name says "${verb}" but readOnlyHint is true`, {
        tool: t.name,
        fields: ['annotations.readOnlyHint', 'name'],
        data: { verb },
      }),
    ];
  },
};
