import { finding, type ToolRule } from '../../types.js';
import type { ToolContext, ToolFacts } from '../facts.js';

/** `no_description` (critical): the tool has no description, so a model has nothing to choose it by. */
export const noDescription: ToolRule<ToolFacts, ToolContext> = {
  code: 'no_description',
  check: (t) =>
    t.hasDescription ? [] : [finding('no_description', 'critical', 'no description', { tool: t.name, fields: ['description'] })],
};
