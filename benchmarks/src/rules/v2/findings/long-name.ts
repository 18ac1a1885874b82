import { finding, type ToolRule } from '../../types.js';
import type { ToolContext, ToolFacts } from '../facts.js';
import { T } from '../thresholds.js';

/** `long_name` (minor): the name is longer than `maxNameLength` characters. */
export const longName: ToolRule<ToolFacts, ToolContext> = {
  code: 'long_name',
  check: (t) =>
    [...t.name].length > T.maxNameLength
      ? [
          finding('long_name', 'minor', `name is too long (${[...t.name].length} characters)`, {
            tool: t.name,
            fields: ['name'],
            data: { length: [...t.name].length, maximum: T.maxNameLength },
          }),
        ]
      : [],
};
