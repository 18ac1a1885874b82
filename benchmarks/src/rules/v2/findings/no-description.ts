import { finding, type ToolRule } from '../../types.js';
import type { ToolContext, ToolFacts } from '../facts.js';

/**
 * `no_description` (critical): the tool has no description, so a model has nothing to choose it by — or
 * its description is only text that most tools of the surface share, which tells it from none of them.
 */
export const noDescription: ToolRule<ToolFacts, ToolContext> = {
  code: 'no_description',
  check: (t) =>
    t.hasDescription
      ? []
      : t.description === ''
        ? [finding('no_description', 'critical', 'no description', { tool: t.name, fields: ['description'] })]
        : [
            finding('no_description', 'critical', 'no description of its own: only text that most tools of this server share', {
              tool: t.name,
              fields: ['description'],
              data: { sharedOnly: true },
            }),
          ],
};
