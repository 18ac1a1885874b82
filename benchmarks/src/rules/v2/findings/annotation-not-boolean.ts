import { finding, type ToolRule } from '../../types.js';
import type { ToolContext, ToolFacts } from '../facts.js';

/**
 * `annotation_not_boolean` (required): a behaviour hint (`readOnlyHint`, `destructiveHint`,
 * `idempotentHint`, `openWorldHint`) that is not a boolean, such as the string "false". Clients read only
 * booleans (the SDKs' schemas reject anything else), so v2 counts the hint as absent: it neither scores nor
 * silences `destructive_unmarked`.
 */
export const annotationNotBoolean: ToolRule<ToolFacts, ToolContext> = {
  code: 'annotation_not_boolean',
  check: (t) =>
    t.invalidHints.length === 0
      ? []
      : [
          finding(
            'annotation_not_boolean',
            'required',
            `behaviour hints that are not booleans (counted as absent): ${t.invalidHints.map((h) => `${h.key} ${JSON.stringify(h.value)}`).join(', ')}`,
            {
              tool: t.name,
              fields: t.invalidHints.map((h) => `annotations.${h.key}`),
              data: { hints: t.invalidHints.map((h) => ({ key: h.key, value: h.value })) },
            },
          ),
        ],
};
