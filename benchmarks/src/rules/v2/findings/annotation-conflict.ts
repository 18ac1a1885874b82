import { finding, type ToolRule } from '../../types.js';
import type { ToolContext, ToolFacts } from '../facts.js';

/** `annotation_conflict` (required): `readOnlyHint` and `destructiveHint` are both true. */
export const annotationConflict: ToolRule<ToolFacts, ToolContext> = {
  code: 'annotation_conflict',
  check: (t) =>
    t.annotations.readOnlyHint === true && t.annotations.destructiveHint === true
      ? [
          finding('annotation_conflict', 'required', 'readOnlyHint and destructiveHint are both true', {
            tool: t.name,
            fields: ['annotations.readOnlyHint', 'annotations.destructiveHint'],
          }),
        ]
      : [],
};
