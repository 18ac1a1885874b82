import { finding, type ToolRule } from '../../types.js';
import type { ToolContext, ToolFacts } from '../facts.js';
import { looksPureRead } from '../signals.js';

/**
 * `destructive_hint_on_read` (required): the name's leading verb only reads (get, list, search …) and
 * `destructiveHint` is true. Clients ask the user to confirm destructive calls and models avoid them, so a
 * search marked destructive is chosen less often than it should be. Verbs that some servers use for writes
 * too (query, load, check, scan) are left out.
 */
export const destructiveHintOnRead: ToolRule<ToolFacts, ToolContext> = {
  code: 'destructive_hint_on_read',
  check: (t) => {
    const verb = looksPureRead(t);
    if (verb === undefined || t.annotations.destructiveHint !== true) return [];
    return [
      finding('destructive_hint_on_read', 'required', `name says "${verb}" (reads) but destructiveHint is true`, {
        tool: t.name,
        fields: ['annotations.destructiveHint'],
        data: { verb },
      }),
    ];
  },
};
